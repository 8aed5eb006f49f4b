import { verifyAnswer } from '@gk/citations';
import { APICallError, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { forbiddenModel, scriptedModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { controlledModel, streamingModel } from '../__fixtures__/streaming-models.js';
import { redactionMiddleware } from '../redaction/redaction-middleware.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import { synthesize } from '../synthesize/synthesize.js';
import { streamSynthesize } from './stream-synthesize.js';
import type { SynthesisEvent } from './synthesis-event.js';

const question = 'What do the licences require?';
const MIT = 'The MIT License is a permissive license [1].';
const GPL = 'The GPL is a copyleft license [2].';
const APACHE = 'The Apache License 2.0 grants an express patent license from contributors [3].';
const FABRICATED = 'The GPL requires a fee of 500 euros per copy [2].';

/** Everything the stream yields, and how it ended. */
async function collect(
  events: AsyncIterable<SynthesisEvent>,
): Promise<{ seen: SynthesisEvent[]; error: unknown }> {
  const seen: SynthesisEvent[] = [];
  try {
    for await (const event of events) seen.push(event);
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

/** The text a reader was shown: every event's `text`, joined. */
const shown = (events: readonly SynthesisEvent[]): string =>
  events.map((event) => ('text' in event ? event.text : '')).join('');

/** Waits until the stream has handled what was sent (every pending promise job and timer has run). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('streamSynthesize', () => {
  it('releases verified claims in order and ends with the result synthesize returns for the completion', async () => {
    const completion = `${MIT}\n${GPL}\n${APACHE}`;
    const chunks = [...completion.matchAll(/.{1,7}/gs)].map((match) => match[0]);
    const { events, result } = streamSynthesize({ model: streamingModel({ chunks }), question, passages });
    const { seen, error } = await collect(events);
    expect(error).toBeUndefined();
    expect(seen.map((event) => event.type)).toEqual(['claim', 'claim', 'claim', 'done']);
    expect(seen.flatMap((event) => (event.type === 'claim' ? [event.claim.text] : []))).toEqual([
      MIT,
      GPL,
      APACHE,
    ]);
    const expected = await synthesize({ model: scriptedModel(completion), question, passages });
    expect(await result).toEqual(expected);
    expect(seen.at(-1)).toEqual({ type: 'done', result: expected, text: '' });
    expect(shown(seen)).toBe(expected.text);
  });

  it('releases a claim while the model is still writing, and never before the unit after it has begun', async () => {
    const stream = controlledModel();
    const seen: SynthesisEvent[] = [];
    const { result } = streamSynthesize({
      model: stream.model,
      question,
      passages,
      onEvent: (event) => {
        seen.push(event);
      },
    });
    stream.send(`${MIT}\n`);
    await settle();
    // The model may still stop here with finish reason `length`, which would make this claim the cut-off last one.
    expect(seen).toEqual([]);
    stream.send('The GPL is');
    await expect.poll(() => seen.map((event) => event.type)).toEqual(['claim']);
    expect(seen[0]).toMatchObject({ type: 'claim', text: MIT, claim: { text: MIT } });
    stream.send(' a copyleft license [2].');
    stream.end();
    expect((await result).claims.map((claim) => claim.text)).toEqual([MIT, GPL]);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'claim', 'done']);
  });

  it('releases the sentences of one paragraph one by one, each once the next has begun', async () => {
    const stream = controlledModel();
    const seen: SynthesisEvent[] = [];
    const { result } = streamSynthesize({
      model: stream.model,
      question,
      passages,
      onEvent: (event) => {
        seen.push(event);
      },
    });
    const texts = (): string[] => seen.flatMap((event) => (event.type === 'claim' ? [event.text] : []));
    stream.send(`${MIT} The`);
    await settle();
    // "The" begins the next sentence; one whole word of it is needed (it decides whether the full stop ends one).
    expect(texts()).toEqual([]);
    stream.send(' GPL is a copyleft');
    await expect.poll(texts).toEqual([MIT]);
    stream.send(' license [2]. The Apache License');
    await expect.poll(texts).toEqual([MIT, ' The GPL is a copyleft license [2].']);
    stream.send(' 2.0 grants an express patent license from contributors [3].');
    await settle();
    // The last claim may be the model's last words, cut at the output limit: held until the model finishes.
    expect(texts()).toHaveLength(2);
    stream.end();
    expect((await result).text).toBe(`${MIT} ${GPL} ${APACHE}`);
    expect(texts()).toEqual([MIT, ` ${GPL}`, ` ${APACHE}`]);
  });

  it("withholds a fabricated claim and reports it under 'drop-claims'; the stream goes on", async () => {
    const completion = `${MIT}\nThe GPL requires payment.\n${GPL}`;
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [...completion] }),
      question,
      passages,
      policy: 'drop-claims',
    });
    const { seen } = await collect(events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected', 'claim', 'done']);
    expect(seen[1]).toMatchObject({
      type: 'rejected',
      rejected: { code: 'no_marker', text: 'The GPL requires payment.' },
    });
    // The line the cut emptied goes, as in synthesize's text: no blank line splits the paragraph in two.
    expect(shown(seen)).toBe(`${MIT}\n${GPL}`);
    expect((await result).text).toBe(shown(seen));
  });

  it('checks support when asked, and never releases the unsupported claim', async () => {
    const completion = `${GPL}\n${FABRICATED}\n${MIT}`;
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: completion.split(/(?<= )/) }),
      question,
      passages,
      policy: 'drop-claims',
      verify: { support: {} },
    });
    const { seen } = await collect(events);
    expect(seen.filter((event) => event.type === 'rejected')).toMatchObject([
      { rejected: { code: 'unsupported', text: FABRICATED } },
    ]);
    expect(shown(seen)).not.toContain('euros');
    expect((await result).verification).toEqual(
      verifyAnswer(completion, passages, { noSourceToken: 'NO_SOURCE', support: {} }),
    );
  });

  it("ends the stream at the first rejection under 'reject-answer', keeps what was released, and stops the model", async () => {
    const completion = `${MIT}\nUnmarked claim.\n${GPL}\n${APACHE}`;
    const model = streamingModel({ chunks: completion.split('\n').map((line) => `${line}\n`) });
    const { events, result } = streamSynthesize({ model, question, passages });
    const { seen, error } = await collect(events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected']);
    expect(error).toEqual(expect.any(SynthesisError));
    expect(error).toMatchObject({ code: 'rejected_claims', rejected: [{ code: 'no_marker' }], attempts: 1 });
    await expect(result).rejects.toBe(error);
    expect(shown(seen)).toBe(MIT);
    expect(model.doStreamCalls[0]?.abortSignal?.aborted).toBe(true);
  });

  it("ends the stream at an out-of-range marker under 'drop-claims' too, as synthesize refuses such an answer", async () => {
    const completion = `${MIT}\nThe GPL is a copyleft license [7].\n${GPL}`;
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [...completion] }),
      question,
      passages,
      policy: 'drop-claims',
    });
    const { seen, error } = await collect(events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected']);
    expect(error).toMatchObject({ code: 'marker_out_of_range' });
    expect((error as Error).message).toContain('[7]');
    await expect(result).rejects.toBe(error);
  });

  it('reports an abstention, releases nothing, and ends with the abstained result', async () => {
    for (const completion of ['I could not find this in the sources.', 'NO_SOURCE', '  NO_SOURCE \n']) {
      const { events, result } = streamSynthesize({
        model: streamingModel({ chunks: [...completion] }),
        question,
        passages,
      });
      const { seen } = await collect(events);
      const expected = await synthesize({ model: scriptedModel(completion), question, passages });
      expect(seen).toEqual([{ type: 'abstained' }, { type: 'done', result: expected, text: '' }]);
      expect(await result).toEqual(expected);
    }
  });

  it('withholds the last claim of a completion cut at the output limit and reports it as unfinished_claim', async () => {
    const completion = `${MIT}\n${GPL}\nThe Apache License 2.0 grants an express patent license [3]`;
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [...completion], ending: { finishReason: 'length' } }),
      question,
      passages,
      policy: 'drop-claims',
    });
    const { seen } = await collect(events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'claim', 'rejected', 'done']);
    expect(seen[2]).toMatchObject({ rejected: { code: 'unfinished_claim', markers: [3] } });
    const expected = await synthesize({
      model: scriptedModel({ text: completion, finishReason: 'length' }),
      question,
      passages,
      policy: 'drop-claims',
    });
    expect(await result).toEqual(expected);
    expect(shown(seen)).toBe(expected.text);
  });

  it('withholds the last claim of a stream that ends with no finish reason (a connection cut) as unfinished_claim', async () => {
    const cut = 'According to [1], the MIT License is a permissive';
    const completion = `${GPL}\n${cut}`;
    // A provider that saw no finish reason says `other` with no raw reason; a stream with no finish part at all
    // is reported the same way by the AI SDK.
    const endings = [
      { finishReason: 'other', rawFinishReason: undefined } as const,
      { closed: true } as const,
    ];
    for (const ending of endings) {
      const refused = streamSynthesize({
        model: streamingModel({ chunks: [...completion], ending }),
        question,
        passages,
        verify: { support: {} },
      });
      const { seen, error } = await collect(refused.events);
      expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected']);
      expect(shown(seen)).toBe(GPL);
      expect(seen[1]).toMatchObject({ rejected: { code: 'unfinished_claim', text: cut, markers: [1] } });
      expect(error).toMatchObject({ code: 'rejected_claims' });

      const { events, result } = streamSynthesize({
        model: streamingModel({ chunks: [...completion], ending }),
        question,
        passages,
        policy: 'drop-claims',
      });
      const dropped = await collect(events);
      expect(dropped.seen.map((event) => event.type)).toEqual(['claim', 'rejected', 'done']);
      const expected = await synthesize({
        model: scriptedModel({ text: completion, finishReason: 'other', rawFinishReason: undefined }),
        question,
        passages,
        policy: 'drop-claims',
      });
      // A stream with no finish part reports no usage.
      const none = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
      expect(await result).toEqual({ ...expected, usage: 'closed' in ending ? none : expected.usage });
      expect(expected).toMatchObject({ text: GPL, finishReason: 'other' });
      expect(shown(dropped.seen)).toBe(expected.text);
    }
    // `other` with a reason the provider named may also have stopped mid-claim: only `stop` is a natural end.
    const { events } = streamSynthesize({
      model: streamingModel({
        chunks: [...completion],
        ending: { finishReason: 'other', rawFinishReason: 'eos' },
      }),
      question,
      passages,
    });
    const named = await collect(events);
    expect(named.seen.map((event) => event.type)).toEqual(['claim', 'rejected']);
    expect(named.seen[1]).toMatchObject({ rejected: { code: 'unfinished_claim' } });
    expect(named.error).toMatchObject({ code: 'rejected_claims' });
  });

  it('refuses a content-filtered completion and releases nothing more once the filter is known', async () => {
    const { events } = streamSynthesize({
      model: streamingModel({ chunks: [`${MIT}\n${GPL}`], ending: { finishReason: 'content-filter' } }),
      question,
      passages,
    });
    const { seen, error } = await collect(events);
    // The first claim was verified and released before the filter was known; the held last one never is.
    expect(seen.map((event) => event.type)).toEqual(['claim']);
    expect(shown(seen)).toBe(MIT);
    expect(error).toMatchObject({ code: 'content_filter' });
  });

  it('passes a provider error mid-stream through unchanged and releases nothing after it', async () => {
    const failure = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 529,
    });
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [`${MIT}\n`, `${GPL}\n`], ending: { error: failure } }),
      question,
      passages,
    });
    const { seen, error } = await collect(events);
    expect(error).toBe(failure);
    await expect(result).rejects.toBe(failure);
    // The GPL claim was complete, but nothing after it had begun: the model might have ended there with finish
    // reason `length`, so it was held, and the error means it is never released.
    expect(seen.map((event) => event.type)).toEqual(['claim']);
    expect(shown(seen)).toBe(MIT);
  });

  it('ends at once with the abort reason when the caller aborts, with no further claims', async () => {
    const stream = controlledModel();
    const controller = new AbortController();
    const seen: SynthesisEvent[] = [];
    const { events, result } = streamSynthesize({
      model: stream.model,
      question,
      passages,
      abortSignal: controller.signal,
      onEvent: (event) => {
        seen.push(event);
      },
    });
    stream.send(`${MIT}\n${GPL}\n`);
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    stream.send(`${APACHE}\n${MIT}`);
    const { seen: all, error } = await collect(events);
    expect(all.map((event) => event.type)).toEqual(['claim']);
    expect(error).toMatchObject({ name: 'AbortError' });
    await expect(result).rejects.toBe(error);
  });

  it('restores redaction tokens split across chunks before markers are parsed', async () => {
    const email = 'ada@example.org';
    const completion = `Send notices to [EMAIL_1] as the license requires [1].\n${GPL}`;
    // Every cut from just before the token to just after it, and the whole completion a character at a time.
    const cuts = Array.from({ length: 14 }, (_, i) => 15 + i);
    for (const chunks of [
      ...cuts.map((cut) => [completion.slice(0, cut), completion.slice(cut)]),
      [...completion],
    ]) {
      const inner = streamingModel({ chunks });
      const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
      const { events, result } = streamSynthesize({
        model,
        question: `Where do I send notices? Mine go to ${email}.`,
        passages,
        // The address is the asker's, in no passage: by default a claim naming it is unknown_identifier (below).
        verify: { identifiers: ['url'] },
      });
      const { seen, error } = await collect(events);
      expect(error).toBeUndefined();
      expect(JSON.stringify(inner.doStreamCalls[0]?.prompt)).not.toContain(email);
      expect(seen[0]).toMatchObject({
        type: 'claim',
        claim: { text: `Send notices to ${email} as the license requires [1].` },
      });
      expect(shown(seen)).toBe(`Send notices to ${email} as the license requires [1].\n${GPL}`);
      expect((await result).completion).not.toContain('[EMAIL_1]');
    }
    // With the default identifier rules, the restored address is an identifier no cited passage holds.
    const model = wrapLanguageModel({
      model: streamingModel({ chunks: [completion] }),
      middleware: redactionMiddleware(),
    });
    const { events } = streamSynthesize({
      model,
      question: `Where do I send notices? Mine go to ${email}.`,
      passages,
    });
    const { error } = await collect(events);
    expect(error).toMatchObject({ code: 'rejected_claims' });
  });

  it('calls onEvent with each event in order, awaiting it, before the iterable yields it', async () => {
    const order: string[] = [];
    const numbers = new Map<SynthesisEvent, number>();
    const name = (event: SynthesisEvent): string => {
      if (!numbers.has(event)) numbers.set(event, numbers.size);
      return `${numbers.get(event)} ${event.type}`;
    };
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [`${MIT}\n`, 'Unmarked.\n', GPL] }),
      question,
      passages,
      policy: 'drop-claims',
      onEvent: async (event) => {
        order.push(`callback ${name(event)} starts`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(`callback ${name(event)} ends`);
      },
    });
    for await (const event of events) order.push(`iterable ${name(event)}`);
    const names = ['0 claim', '1 rejected', '2 claim', '3 done'];
    // The callbacks ran one at a time, in order, and the iterable yielded each event only after its callback.
    expect(order.filter((entry) => entry.startsWith('callback'))).toEqual(
      names.flatMap((event) => [`callback ${event} starts`, `callback ${event} ends`]),
    );
    expect(order.filter((entry) => entry.startsWith('iterable'))).toEqual(
      names.map((event) => `iterable ${event}`),
    );
    for (const event of names)
      expect(order.indexOf(`iterable ${event}`)).toBeGreaterThan(order.indexOf(`callback ${event} ends`));
    // So when the iterable ends, every callback has returned.
    expect(order.at(-1)).toBe('iterable 3 done');
    await result;
  });

  it('ends with the error of a throwing onEvent, without yielding the event it refused', async () => {
    const failure = new Error('the renderer failed');
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [`${MIT}\n${GPL}`] }),
      question,
      passages,
      onEvent: (event) => {
        if (event.type === 'claim' && event.claim.text === GPL) throw failure;
      },
    });
    await expect(result).rejects.toBe(failure);
    const { seen, error } = await collect(events);
    expect(error).toBe(failure);
    expect(seen.map((event) => (event.type === 'claim' ? event.claim.text : event.type))).toEqual([MIT]);
  });

  it('replays every event to a late reader, and works without anyone reading the events', async () => {
    const started = streamSynthesize({
      model: streamingModel({ chunks: [`${MIT}\n${GPL}`] }),
      question,
      passages,
    });
    const value = await started.result;
    const { seen } = await collect(started.events);
    const again = await collect(started.events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'claim', 'done']);
    expect(again.seen).toEqual(seen);
    expect(seen.at(-1)).toMatchObject({ result: value });
  });

  it('refuses bad options and zero passages through the result and the events, before any model call', async () => {
    const model = forbiddenModel();
    const bad = [
      streamSynthesize({ model, question, passages: [] }),
      streamSynthesize({ model, question: '  ', passages }),
      streamSynthesize({ model, question, passages, policy: 'keep-all' as never }),
      streamSynthesize({ model, question, passages, onEvent: 'print' as never }),
      streamSynthesize(null as never),
    ];
    const codes = [];
    for (const { events, result } of bad) {
      const { seen, error } = await collect(events);
      expect(seen).toEqual([]);
      await expect(result).rejects.toBe(error);
      codes.push((error as { code?: string }).code ?? (error as Error).name);
    }
    expect(codes).toEqual([
      'no_passages',
      'empty_question',
      'invalid_argument',
      'invalid_argument',
      'invalid_argument',
    ]);
  });

  it('retries, when asked, an attempt that failed before releasing anything, and records the attempts', async () => {
    const model = streamingModel(
      { chunks: ['Unmarked claim [9]. Still unmarked.'] },
      { chunks: [`${MIT}\n${GPL}`] },
    );
    const { events, result } = streamSynthesize({ model, question, passages, retry: { maxAttempts: 2 } });
    const { seen } = await collect(events);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'claim', 'done']);
    expect((await result).attempts).toBe(2);
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it('never shows the events of a discarded attempt: the events describe the answer the result holds', async () => {
    const discarded = { chunks: ['Secret plan: sell the data to advertisers. ', 'See [7].'] };
    const answer = { chunks: [`${MIT}\nUnmarked.\n${GPL}`] };
    const called: SynthesisEvent[] = [];
    const { events, result } = streamSynthesize({
      model: streamingModel(discarded, answer),
      question,
      passages,
      policy: 'drop-claims',
      retry: { maxAttempts: 2 },
      onEvent: (event) => {
        called.push(event);
      },
    });
    const { seen } = await collect(events);
    const value = await result;
    expect(value.attempts).toBe(2);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected', 'claim', 'done']);
    expect(called).toEqual(seen);
    // Every rejection shown is one the result lists, and none is from the first attempt.
    const rejections = seen.flatMap((event) => (event.type === 'rejected' ? [event.rejected] : []));
    expect(rejections).toEqual(value.rejected);
    expect(JSON.stringify(seen)).not.toContain('Secret plan');
    expect(shown(seen)).toBe(value.text);
  });

  it('shows the rejections of the last attempt when every attempt fails', async () => {
    const model = streamingModel(
      { chunks: ['First try, unmarked. See [7].'] },
      { chunks: ['Second try [8].'] },
    );
    const { events, result } = streamSynthesize({
      model,
      question,
      passages,
      policy: 'drop-claims',
      retry: { maxAttempts: 2 },
    });
    const { seen, error } = await collect(events);
    expect(error).toMatchObject({ code: 'marker_out_of_range', attempts: 2 });
    await expect(result).rejects.toBe(error);
    expect(seen).toEqual([
      { type: 'rejected', rejected: expect.objectContaining({ text: 'Second try [8].' }) },
    ]);
    expect((error as SynthesisError).rejected).toEqual([(seen[0] as { rejected: unknown }).rejected]);
  });

  it('never retries once a claim was released: released text cannot be taken back', async () => {
    const model = streamingModel({ chunks: [`${MIT}\nUnmarked claim.\n${GPL}`] }, { chunks: [MIT] });
    const { result } = streamSynthesize({ model, question, passages, retry: { maxAttempts: 3 } });
    await expect(result).rejects.toMatchObject({ code: 'rejected_claims', attempts: 1 });
    expect(model.doStreamCalls).toHaveLength(1);
  });
});
