import { jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateCompletion } from './generate-completion.js';
import { ModelStreamError } from './model-stream-error.js';

function mock(
  finish: 'stop' | 'length' | 'content-filter' | 'other' = 'stop',
  provider: { raw: string | undefined } = { raw: finish },
): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'Hello' }],
      finishReason: { unified: finish, raw: provider.raw },
      usage: {
        inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

const replying = (content: unknown[], unified: 'stop' | 'length' | 'tool-calls') =>
  new MockLanguageModelV3({
    doGenerate: async () => ({
      content: content as never,
      finishReason: { unified, raw: unified },
      usage: {
        inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });

describe('generateCompletion', () => {
  it('sends the instructions and one user message with the call settings, and returns text, reason and usage', async () => {
    const model = mock('length');
    const completion = await generateCompletion({
      model,
      prompt: { system: 'Be brief.', user: 'Hi' },
      settings: { temperature: 0, maxOutputTokens: 5, topP: 0.5 },
    });
    expect(completion).toEqual({
      text: 'Hello',
      finishReason: 'length',
      rawFinishReason: 'length',
      usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 },
    });
    const [call] = model.doGenerateCalls;
    expect(call).toMatchObject({ temperature: 0, maxOutputTokens: 5, topP: 0.5 });
    expect(call?.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
  });

  it('returns the raw finish reason as the provider gave it, undefined when it gave none', async () => {
    const named = await generateCompletion({
      model: mock('other', { raw: 'eos' }),
      prompt: { system: '', user: 'Hi' },
    });
    expect(named).toMatchObject({ finishReason: 'other', rawFinishReason: 'eos' });
    const none = await generateCompletion({
      model: mock('other', { raw: undefined }),
      prompt: { system: '', user: 'Hi' },
    });
    expect(none).toMatchObject({ finishReason: 'other', rawFinishReason: undefined });
  });

  it("reports `other` for a `stop` that one of the caller's stop sequences may have cut mid-sentence (a review found it `stop`)", async () => {
    const cut = 'According to [1], you may distribute the combined work';
    const replyingText = (text: string, raw: string) =>
      new MockLanguageModelV3({
        doGenerate: async () => ({
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw },
          usage: {
            inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
          warnings: [],
        }),
      });
    const complete = (text: string, raw: string, stopSequences?: string[]) =>
      generateCompletion({
        model: replyingText(text, raw),
        prompt: { system: '', user: 'Hi' },
        settings: stopSequences === undefined ? {} : { stopSequences },
      });
    // Anthropic names the sequence; OpenAI says `stop` for both, so the raw reason cannot tell.
    for (const raw of ['stop_sequence', 'stop']) {
      expect(await complete(cut, raw, [' only'])).toMatchObject({
        text: cut,
        finishReason: 'other',
        rawFinishReason: raw,
      });
    }
    // A sentence's end (before its markers and closers) may be where the model stopped of itself.
    for (const text of [
      'It is allowed [1].',
      'It is allowed. [1]',
      'Is it "allowed"?  \n',
      '許される[1]。',
    ]) {
      expect(await complete(text, 'stop_sequence', [' only']), text).toMatchObject({ finishReason: 'stop' });
    }
    // No stop sequence, or none given: the model stopped of itself.
    expect(await complete(cut, 'stop', [])).toMatchObject({ finishReason: 'stop' });
    expect(await complete(cut, 'stop')).toMatchObject({ finishReason: 'stop' });
    // A caller whose reply is checked whole in another way (a JSON verdict) says where it may end.
    const verdict = await generateCompletion({
      model: replyingText('{"faithful": true}', 'stop_sequence'),
      prompt: { system: '', user: 'Hi' },
      settings: { stopSequences: ['}\n'] },
      endsWhole: () => true,
    });
    expect(verdict).toMatchObject({ finishReason: 'stop' });
  });

  it('refuses a completion that holds a tool call, its input or its result, whatever the provider said', async () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{}' } as const;
    const result = {
      type: 'tool-result',
      toolCallId: 'c1',
      toolName: 'f',
      result: 'x',
      providerExecuted: true,
    };
    const text = { type: 'text', text: 'The GPL requires [2]' } as const;
    const cases: Array<[unknown[], 'stop' | 'length' | 'tool-calls']> = [
      // No tool `f` is known: the AI SDK adds a tool error beside the call.
      [[text, call], 'stop'],
      [[call, text], 'stop'],
      [[text, call], 'tool-calls'],
      [[text, call], 'length'],
      [[{ ...call, providerExecuted: true }, result, text], 'stop'],
    ];
    for (const [content, unified] of cases) {
      const error = await generateCompletion({
        model: replying(content, unified),
        prompt: { system: '', user: 'Hi' },
      }).catch((caught: unknown) => caught);
      expect(ModelStreamError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'tool_call' });
      expect((error as Error).message).not.toContain('GPL');
    }
    const done = await generateCompletion({
      model: replying([{ type: 'text', text: 'Done.' }], 'stop'),
      prompt: { system: '', user: 'Hi' },
    });
    expect(done).toMatchObject({ text: 'Done.', finishReason: 'stop' });
  });

  it('refuses the reply of a multi-step agent that tools and `stopWhen` slipped in through the settings would run', async () => {
    let call = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: (call++ === 0
          ? [
              { type: 'text', text: 'The deposit is never returned. ' },
              { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: '{}' },
            ]
          : [{ type: 'text', text: 'The deposit is returned within 30 days [1].' }]) as never,
        finishReason: { unified: call === 1 ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      }),
    });
    const settings = {
      tools: {
        look: tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'IGNORE IT' }),
      },
      stopWhen: stepCountIs(3),
    };
    const error = await generateCompletion({
      model,
      prompt: { system: '', user: 'Hi' },
      settings: settings as never,
    }).catch((caught: unknown) => caught);
    expect(ModelStreamError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tool_call' });
  });

  it('passes every call setting of both AI SDK majors, and provider options', async () => {
    const model = mock();
    const completion = await generateCompletion({
      model,
      prompt: { system: '', user: 'Hi' },
      settings: {
        temperature: 0,
        seed: 1,
        stopSequences: ['\n\n'],
        headers: { 'x-a': 'b' },
        maxRetries: 0,
        timeout: 10_000,
        providerOptions: { test: { a: 1 } },
      } as never,
    });
    expect(completion.text).toBe('Hello');
    expect(model.doGenerateCalls[0]).toMatchObject({ seed: 1, providerOptions: { test: { a: 1 } } });
  });

  it('throws the abort reason for a signal aborted before the call, without calling a model that ignores it', async () => {
    const model = mock();
    const controller = new AbortController();
    const reason = new Error('The user closed the page.');
    controller.abort(reason);
    const error = await generateCompletion({
      model,
      prompt: { system: '', user: 'Hi' },
      settings: { abortSignal: controller.signal },
    }).catch((caught: unknown) => caught);
    expect(error).toBe(reason);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('throws the abort reason at once when the caller aborts a call whose model never answers', async () => {
    const controller = new AbortController();
    let called!: () => void;
    const calling = new Promise<void>((resolve) => {
      called = resolve;
    });
    // A model (a local one, or middleware) that does not read the signal and never returns.
    const model = new MockLanguageModelV3({
      doGenerate: () => {
        called();
        return new Promise<never>(() => {});
      },
    });
    const completion = generateCompletion({
      model,
      prompt: { system: '', user: 'Hi' },
      settings: { abortSignal: controller.signal },
    }).catch((caught: unknown) => caught);
    await calling;
    controller.abort();
    const error = await completion;
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('throws the abort reason when the caller aborted while the reply came back', async () => {
    const controller = new AbortController();
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        controller.abort();
        return {
          content: [{ type: 'text', text: 'Hello' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    const error = await generateCompletion({
      model,
      prompt: { system: '', user: 'Hi' },
      settings: { abortSignal: controller.signal },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('sends no system message for empty instructions', async () => {
    const model = mock();
    await generateCompletion({ model, prompt: { system: '', user: 'Hi' } });
    expect(model.doGenerateCalls[0]?.prompt.map((message) => message.role)).toEqual(['user']);
  });
});

describe('generateCompletion: a timeout the model ignores', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const silent = () => new MockLanguageModelV3({ doGenerate: () => new Promise<never>(() => {}) });

  it.each([
    [100, 'The operation was aborted due to timeout'],
    [{ totalMs: 100 }, 'The operation was aborted due to timeout'],
    [{ stepMs: 100 }, 'Step timeout of 100ms exceeded'],
    [{ totalMs: 100, stepMs: 500 }, 'The operation was aborted due to timeout'],
    [{ totalMs: 500, stepMs: 100 }, 'Step timeout of 100ms exceeded'],
  ])('ends the call at %j with the TimeoutError the AI SDK gives', async (timeout, message) => {
    const completion = generateCompletion({
      model: silent(),
      prompt: { system: '', user: 'Hi' },
      settings: { timeout },
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    const error = await Promise.race([completion, Promise.resolve('still pending')]);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'TimeoutError', message });
  });

  it('leaves no timer behind once the reply is read', async () => {
    await generateCompletion({
      model: mock(),
      prompt: { system: '', user: 'Hi' },
      settings: { timeout: 60_000 },
    });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('generateCompletion: token counts that are no counts', () => {
  it.each([
    ['a BigInt', 3n],
    ['a string', '3'],
    ['an object', { a: 1 }],
    ['NaN', Number.NaN],
    ['a negative number', -1],
    ['a fraction', 0.5],
  ])('leaves %s out as undefined (never a TypeError or a string)', async (_, value) => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'Hello' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: value, noCache: value, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        } as never,
        warnings: [],
      }),
    });
    const completion = await generateCompletion({ model, prompt: { system: '', user: 'Hi' } });
    expect(completion.usage).toEqual({ inputTokens: undefined, outputTokens: 1, totalTokens: 1 });
  });
});
