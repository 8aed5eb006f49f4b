import {
  APICallError,
  createUIMessageStream,
  readUIMessageStream,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { convertArrayToReadableStream } from 'ai/test';
import { MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { streamingModel, streamParts } from '../__fixtures__/streaming-models.js';
import type { StreamPart } from '../model-types.js';
import { InvalidArgumentError } from '@gk/internal';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { synthesize } from '../synthesize/synthesize.js';
import type { SynthesisEvent } from '../stream-synthesize/synthesis-event.js';
import {
  type SynthesisDataTypes,
  type SynthesisUIMessage,
  type SynthesisUIMessageChunk,
  synthesisDataPartSchemas,
} from './synthesis-data-parts.js';
import { createSynthesisUIMessageStream } from './create-synthesis-ui-message-stream.js';
import { type WriteSynthesisEventsOptions, writeSynthesisEvents } from './write-synthesis-events.js';

const question = 'What do the licences require?';
const MIT = 'The MIT License is a permissive license [1].';
const GPL = 'The GPL is a copyleft license [2][3].';
const completion = `- ${MIT}\n- The MIT License forbids resale.\n- ${GPL}`;

async function chunksOf(stream: ReadableStream<SynthesisUIMessageChunk>): Promise<SynthesisUIMessageChunk[]> {
  const chunks: SynthesisUIMessageChunk[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<SynthesisUIMessageChunk>) chunks.push(chunk);
  return chunks;
}

async function lastMessage(stream: ReadableStream<SynthesisUIMessageChunk>): Promise<SynthesisUIMessage> {
  let message: SynthesisUIMessage | undefined;
  for await (const update of readUIMessageStream<SynthesisUIMessage>({ stream })) message = update;
  return message!;
}

describe('writeSynthesisEvents', () => {
  it('writes released text, claims with their citations, rejections and the end, in the order decided', async () => {
    const written: SynthesisUIMessageChunk[] = [];
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [...completion] }),
      question,
      passages,
      policy: 'drop-claims',
    });
    await writeSynthesisEvents({ write: (part) => written.push(part) }, events);
    const { text } = await result;
    expect(written.map((part) => part.type)).toEqual([
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-rejected-claim',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-citation',
      'text-end',
      'data-synthesis',
    ]);
    const deltas = written.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.join('')).toBe(text);
    expect(deltas).toEqual([`- ${MIT}`, `\n- ${GPL}`]);
    const claims = written.flatMap((part) => (part.type === 'data-claim' ? [part.data] : []));
    // Each claim's position in the answer text is where a front end puts its citations.
    for (const claim of claims) expect(text.slice(claim.answer!.start, claim.answer!.end)).toBe(claim.text);
    expect(written.find((part) => part.type === 'data-citation')).toEqual({
      type: 'data-citation',
      id: 'answer-citation-0-0',
      data: { claim: 0, ...passages[0]!, title: undefined, source: 1 },
    });
    expect(written.find((part) => part.type === 'data-rejected-claim')).toMatchObject({
      data: { code: 'no_marker', text: 'The MIT License forbids resale.', markers: [] },
    });
    expect(written.at(-1)).toMatchObject({
      type: 'data-synthesis',
      data: { status: 'answered', claims: 2, rejected: 1, citations: 3, finishReason: 'stop' },
    });
  });

  it('builds, through the AI SDK, a UI message whose data parts validate against the exported schemas', async () => {
    const stream = createSynthesisUIMessageStream({
      model: streamingModel({
        chunks: completion.split(' ').map((word, i, all) => (i < all.length - 1 ? `${word} ` : word)),
      }),
      question,
      passages,
      policy: 'drop-claims',
    });
    const message = await lastMessage(stream);
    const [validated] = await validateUIMessages<SynthesisUIMessage>({
      messages: [{ ...message, id: 'm1' }],
      dataSchemas: synthesisDataPartSchemas,
    });
    const parts = validated!.parts;
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      expect.objectContaining({ text: `- ${MIT}\n- ${GPL}` }),
    ]);
    expect(parts.filter((part) => part.type === 'data-citation').map((part) => part.data.documentId)).toEqual(
      ['mit', 'gpl-3.0', 'apache-2.0'],
    );
    expect(parts.filter((part) => part.type === 'data-rejected-claim')).toHaveLength(1);
  });

  it('writes a refused answer as data-synthesis-error and ends normally', async () => {
    const chunks = await chunksOf(
      createSynthesisUIMessageStream({
        model: streamingModel({ chunks: [`${MIT}\nUnmarked.\n${GPL}`] }),
        question,
        passages,
      }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-rejected-claim',
      'text-end',
      'data-synthesis-error',
      'finish',
    ]);
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis-error')).toMatchObject({
      data: { code: 'rejected_claims' },
    });
  });

  it('reports a provider error as the stream error, after what was released before it', async () => {
    const failure = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 529,
    });
    const chunks = await chunksOf(
      createSynthesisUIMessageStream({
        model: streamingModel({ chunks: [`${MIT}\n${GPL}\nThe Apache`], ending: { error: failure } }),
        question,
        passages,
        onError: (error) => `model error: ${(error as Error).message}`,
      }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-citation',
      'text-end',
      'error',
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'model error: overloaded' });
  });

  it('writes into a writer of a larger message type, beside the app’s own parts', async () => {
    type AppMessage = UIMessage<{ user: string }, SynthesisDataTypes & { note: { text: string } }>;
    const stream = createUIMessageStream<AppMessage>({
      execute: async ({ writer }) => {
        writer.write({
          type: 'data-note',
          id: 'note',
          data: { text: 'Answers come from the licence texts.' },
        });
        await writeSynthesisEvents(
          writer,
          streamSynthesize({ model: streamingModel({ chunks: [MIT] }), question, passages }).events,
          { id: 'first' },
        );
      },
    });
    const chunks = await chunksOf(stream as ReadableStream<SynthesisUIMessageChunk>);
    expect(chunks.filter((chunk) => 'id' in chunk).map((chunk) => (chunk as { id: string }).id)).toEqual([
      'note',
      'first-text',
      'first-text',
      'first-claim-0',
      'first-citation-0-0',
      'first-text',
      'first-synthesis',
    ]);
  });
  it('writes only the answering attempt of a retried stream: the summary counts what was written', async () => {
    const written: SynthesisUIMessageChunk[] = [];
    const { events, result } = streamSynthesize({
      model: streamingModel(
        { chunks: ['Secret plan: sell the data to advertisers. ', 'See [7].'] },
        { chunks: [completion] },
      ),
      question,
      passages,
      policy: 'drop-claims',
      retry: { maxAttempts: 2 },
    });
    await writeSynthesisEvents({ write: (part) => written.push(part) }, events);
    expect((await result).attempts).toBe(2);
    const rejected = written.flatMap((part) => (part.type === 'data-rejected-claim' ? [part.data.text] : []));
    expect(rejected).toEqual(['The MIT License forbids resale.']);
    expect(written.at(-1)).toMatchObject({ type: 'data-synthesis', data: { rejected: rejected.length } });
  });

  it('refuses hand-made events with a missing or mistyped field, naming it, with an InvalidArgumentError', async () => {
    const { events } = streamSynthesize({ model: streamingModel({ chunks: [MIT] }), question, passages });
    const real: SynthesisEvent[] = [];
    for await (const event of events) real.push(event);
    const [claim, done] = real as [
      Extract<SynthesisEvent, { type: 'claim' }>,
      Extract<SynthesisEvent, { type: 'done' }>,
    ];
    const rejected = {
      type: 'rejected',
      rejected: { text: 'x', code: 'no_marker', message: 'm', markers: [], span: { start: 0, end: 1 } },
    };
    const bad: Array<[unknown[], string]> = [
      [[{ type: 'claim', text: MIT, claim: { text: MIT } }], 'events[0].claim.citations'],
      [[{ type: 'claim', claim: claim.claim }], 'events[0].text'],
      [[{ ...claim, claim: { ...claim.claim, citations: [{ source: 1 }] } }], 'events[0].claim.citations[0]'],
      [[claim, { type: 'done', text: '' }], 'events[1].result'],
      [[{ ...done, result: { ...done.result, model: undefined } }], 'events[0].result.model'],
      [
        [{ type: 'rejected', rejected: { ...rejected.rejected, span: undefined } }],
        'events[0].rejected.span',
      ],
      [[{ type: 'rejected' }], 'events[0].rejected'],
      [[rejected, { type: 'summary' }], 'events[1].type'],
      [[null], 'events[0]'],
      // Sparse arrays of the largest length are refused at their first hole, not walked.
      [
        [{ ...claim, claim: { ...claim.claim, citations: new Array(2 ** 32 - 1) } }],
        'events[0].claim.citations[0]',
      ],
      [
        [{ type: 'rejected', rejected: { ...rejected.rejected, markers: new Array(2 ** 32 - 1) } }],
        'events[0].rejected.markers',
      ],
    ];
    for (const [list, parameter] of bad) {
      async function* hand() {
        yield* list;
      }
      const written: SynthesisUIMessageChunk[] = [];
      const error = await writeSynthesisEvents(
        { write: (part) => written.push(part) },
        hand() as AsyncIterable<SynthesisEvent>,
      ).catch((caught: unknown) => caught);
      expect(error).toEqual(expect.any(InvalidArgumentError));
      expect(error).toMatchObject({ code: 'invalid_argument', parameter });
      // Nothing of the refused event was written; an open text part is closed.
      expect(written.filter((part) => part.type === 'text-start')).toHaveLength(
        written.filter((part) => part.type === 'text-end').length,
      );
    }
  });
});

// A review found the bridge refusing its own end: a provider whose finish the AI SDK cannot read (a mock written the
// AI SDK 5 way, `finishReason: 'stop'`, or one with no unified reason) gave `synthesize` an undefined finish reason,
// and the bridge wrote an InvalidArgumentError instead of data-synthesis. `synthesize` reports `other` for it now.
describe('a stream whose finish reason the AI SDK cannot read', () => {
  const unreadable = (finishReason: unknown) =>
    new MockLanguageModel({
      provider: 'mock-provider',
      modelId: 'mock-model',
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          ...streamParts([completion]).slice(0, -1),
          { type: 'finish', usage, finishReason } as unknown as StreamPart,
        ]),
      }),
    });

  it.each([['stop'], [{ unified: undefined, raw: 'stop' }]])(
    'writes data-synthesis with finish reason other, as synthesize returns it: %j',
    async (finishReason) => {
      const options = { question, passages, policy: 'drop-claims' } as const;
      const { result } = streamSynthesize({ model: unreadable(finishReason), ...options });
      const returned = await result;
      // As with `other`, the last claim may be cut off: it is withheld.
      expect(returned.rejected.at(-1)).toMatchObject({ code: 'unfinished_claim' });
      expect(returned.finishReason).toBe('other');
      const chunks = await chunksOf(
        createSynthesisUIMessageStream({ model: unreadable(finishReason), ...options }),
      );
      expect(chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
      const summary = chunks.find((chunk) => chunk.type === 'data-synthesis');
      expect(summary).toMatchObject({ data: { status: returned.status } });
      expect(summary).toMatchObject({ data: { finishReason: 'other' } });
      // What the client receives validates against the exported schema.
      const message = await lastMessage(
        createSynthesisUIMessageStream({ model: unreadable(finishReason), ...options }),
      );
      await expect(
        validateUIMessages<SynthesisUIMessage>({
          messages: [{ ...message, id: 'm1' }],
          dataSchemas: synthesisDataPartSchemas,
        }),
      ).resolves.toHaveLength(1);
    },
  );

  it('returns other from synthesize too, where the AI SDK read no finish reason of a generated reply', async () => {
    const model = new MockLanguageModel({
      doGenerate: async () => ({
        content: [{ type: 'text', text: completion }],
        finishReason: 'stop' as unknown as { unified: 'stop'; raw: string },
        usage,
        warnings: [],
      }),
    });
    const result = await synthesize({ model, question, passages, policy: 'drop-claims' });
    expect(result.finishReason).toBe('other');
    expect(result.rejected.at(-1)).toMatchObject({ code: 'unfinished_claim' });
  });
});

describe('what a client reads of the parts written', () => {
  const countOf = (chunks: SynthesisUIMessageChunk[], type: SynthesisUIMessageChunk['type']): number =>
    chunks.filter((chunk) => chunk.type === type).length;

  it('counts in data-synthesis the parts written, a repeated claim or rejection each time it is shown', async () => {
    const cases = [
      `${MIT} ${MIT} ${GPL}`,
      `- ${MIT}\n- ${MIT}\n- ${GPL}\n- ${GPL}`,
      `${MIT} Unmarked. Unmarked.`,
      `${MIT} Unmarked. ${GPL} Unmarked. ${MIT}`,
      completion,
    ];
    for (const text of cases) {
      const chunks = await chunksOf(
        createSynthesisUIMessageStream({
          model: streamingModel({ chunks: [...text] }),
          question,
          passages,
          policy: 'drop-claims',
        }),
      );
      const summary = chunks.find((chunk) => chunk.type === 'data-synthesis');
      expect(summary, text).toMatchObject({
        data: {
          claims: countOf(chunks, 'data-claim'),
          citations: countOf(chunks, 'data-citation'),
          rejected: countOf(chunks, 'data-rejected-claim'),
        },
      });
    }
  });

  it('writes a marker too long for a double as a number JSON keeps, so the schemas pass and the refusal arrives', async () => {
    const huge = `[${'9'.repeat(400)}]`;
    for (const policy of ['drop-claims', 'reject-answer'] as const) {
      for (const bad of [`Nothing ${huge}.`, `Nothing [2]${huge}.`, `Nothing [1, ${'9'.repeat(330)}].`]) {
        const chunks = await chunksOf(
          createSynthesisUIMessageStream({
            model: streamingModel({ chunks: [`${MIT} ${bad}`] }),
            question,
            passages,
            policy,
          }),
        );
        // What a useChat client parses: the chunk as JSON, validated against the exported schemas.
        for (const chunk of chunks) {
          if (!chunk.type.startsWith('data-')) continue;
          const name = chunk.type.slice('data-'.length) as keyof typeof synthesisDataPartSchemas;
          const wire = JSON.parse(JSON.stringify(chunk)) as { data: unknown };
          expect(
            synthesisDataPartSchemas[name].safeParse(wire.data).success,
            `${policy} ${bad} ${name}`,
          ).toBe(true);
        }
        const rejected = chunks.find((chunk) => chunk.type === 'data-rejected-claim');
        expect(rejected).toMatchObject({ data: { code: 'marker_out_of_range' } });
        expect((rejected as { data: { markers: number[] } }).data.markers.some((n) => n > 3)).toBe(true);
        expect(chunks.find((chunk) => chunk.type === 'data-synthesis-error')).toMatchObject({
          data: { code: 'marker_out_of_range' },
        });
      }
    }
  });

  it('refuses a hand-made rejection whose markers JSON or the schema cannot carry', async () => {
    const rejected = { text: 'x', code: 'no_marker', message: 'm', span: { start: 0, end: 1 } };
    for (const markers of [[Number.NaN], [1, -1], [Number.NEGATIVE_INFINITY]]) {
      async function* hand() {
        yield { type: 'rejected', rejected: { ...rejected, markers } };
      }
      const written: SynthesisUIMessageChunk[] = [];
      const error = await writeSynthesisEvents(
        { write: (part) => written.push(part) },
        hand() as AsyncIterable<SynthesisEvent>,
      ).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'invalid_argument', parameter: 'events[0].rejected.markers' });
      expect(written).toEqual([]);
    }
  });

  it('refuses an unknown option key, which would fall back to the default ids', async () => {
    for (const options of [{ idPrefix: 'second' }, { Id: 'second' }, { id: 'second', onError: () => '' }]) {
      const events = streamSynthesize({
        model: streamingModel({ chunks: [MIT] }),
        question,
        passages,
      }).events;
      const error = await writeSynthesisEvents(
        { write: () => {} },
        events,
        options as WriteSynthesisEventsOptions,
      ).catch((caught: unknown) => caught);
      expect(error).toEqual(expect.any(InvalidArgumentError));
      expect(error).toMatchObject({
        parameter: `options.${Object.keys(options).find((key) => key !== 'id')}`,
      });
    }
  });

  it('refuses a second answer under the same ids on one writer: its parts would replace the first’s', async () => {
    const answer = (text: string) =>
      streamSynthesize({ model: streamingModel({ chunks: [text] }), question, passages }).events;
    for (const [first, second] of [
      [undefined, undefined],
      ['one', 'one'],
      [undefined, 'answer'],
    ] as const) {
      const stream = createUIMessageStream<SynthesisUIMessage>({
        execute: async ({ writer }) => {
          await writeSynthesisEvents(writer, answer(MIT), first === undefined ? {} : { id: first });
          await writeSynthesisEvents(writer, answer(GPL), second === undefined ? {} : { id: second });
        },
      });
      const message = await lastMessage(stream);
      // The first answer's claim still belongs to its text; the second was refused before it wrote a part.
      expect(
        message.parts.filter((part) => part.type === 'data-claim').map((part) => part.data.text),
      ).toEqual([MIT]);
      expect(message.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual([MIT]);
    }
    // Distinct ids on one writer keep each answer's parts.
    const stream = createUIMessageStream<SynthesisUIMessage>({
      execute: async ({ writer }) => {
        await writeSynthesisEvents(writer, answer(MIT), { id: 'one' });
        await writeSynthesisEvents(writer, answer(GPL), { id: 'two' });
      },
    });
    const message = await lastMessage(stream);
    expect(message.parts.filter((part) => part.type === 'data-claim').map((part) => part.data.text)).toEqual([
      MIT,
      GPL,
    ]);
  });

  it('refuses, when called, a model object without a string provider and modelId that data-synthesis names', () => {
    for (const [field, value] of [
      ['modelId', 5],
      ['modelId', undefined],
      ['provider', null],
    ] as const) {
      const model = streamingModel({ chunks: [MIT] });
      Object.defineProperty(model, field, { value });
      expect(() => createSynthesisUIMessageStream({ model, question, passages })).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'options.model' }),
      );
    }
  });
});
