import { APICallError, jsonSchema, stepCountIs, tool } from 'ai';
import * as aiTest from 'ai/test';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelStreamError } from './model-stream-error.js';
import { type CompletionPart, streamCompletion } from './stream-completion.js';

type StreamPart = Parameters<typeof convertArrayToReadableStream<unknown>>[0][number];

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function model(parts: StreamPart[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: convertArrayToReadableStream(parts) as never }),
  });
}

const text = (...deltas: string[]): StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })),
  { type: 'text-end', id: 't' },
];
const finish = (reason: string): StreamPart => ({
  type: 'finish',
  usage,
  finishReason: { unified: reason, raw: reason },
});

async function read(
  parts: AsyncIterable<CompletionPart>,
): Promise<{ seen: CompletionPart[]; error: unknown }> {
  const seen: CompletionPart[] = [];
  try {
    for await (const part of parts) seen.push(part);
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

describe('streamCompletion', () => {
  it('yields the text pieces in order, then the finish reason and usage', async () => {
    const mock = model([...text('Hel', '', 'lo'), finish('length')]);
    const { seen, error } = await read(
      streamCompletion({
        model: mock,
        prompt: { system: 'Be brief.', user: 'Hi' },
        settings: { temperature: 0 },
      }),
    );
    expect(error).toBeUndefined();
    expect(seen).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      {
        type: 'finish',
        finishReason: 'length',
        rawFinishReason: 'length',
        usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
      },
    ]);
    expect(mock.doStreamCalls[0]).toMatchObject({ temperature: 0 });
    expect(mock.doStreamCalls[0]?.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
  });

  it('ends a stream that closes without a finish reason with `other` and no raw reason, as a provider does', async () => {
    // A provider whose server closed the stream mid-answer sends `other` with no raw reason (@ai-sdk/openai
    // does); a model stream with no finish part at all is reported the same way by the AI SDK itself.
    const providerCut: StreamPart = {
      type: 'finish',
      usage,
      finishReason: { unified: 'other', raw: undefined },
    };
    for (const parts of [[...text('Cut'), providerCut], text('Cut')]) {
      const { seen, error } = await read(
        streamCompletion({ model: model(parts), prompt: { system: '', user: 'Hi' } }),
      );
      expect(error).toBeUndefined();
      expect(seen.at(-1)).toMatchObject({
        type: 'finish',
        finishReason: 'other',
        rawFinishReason: undefined,
      });
    }
  });

  it("reports `other` for a `stop` that one of the caller's stop sequences may have cut mid-sentence (a review found it `stop`)", async () => {
    const stopped = (raw: string): StreamPart => ({
      type: 'finish',
      usage,
      finishReason: { unified: 'stop', raw },
    });
    const last = async (deltas: string[], stopSequences?: string[]) => {
      const { seen } = await read(
        streamCompletion({
          model: model([...text(...deltas), stopped('stop_sequence')]),
          prompt: { system: '', user: 'Hi' },
          settings: stopSequences === undefined ? {} : { stopSequences },
        }),
      );
      return seen.at(-1);
    };
    const cut = ['According to [1], ', 'you may distribute the combined work'];
    expect(await last(cut, [' only'])).toMatchObject({
      finishReason: 'other',
      rawFinishReason: 'stop_sequence',
    });
    expect(await last(['It is allowed', ' [1].'], [' only'])).toMatchObject({ finishReason: 'stop' });
    expect(await last(cut)).toMatchObject({ finishReason: 'stop' });
  });

  it('sends no system message for empty instructions', async () => {
    const mock = model([...text('x'), finish('stop')]);
    await read(streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }));
    expect(mock.doStreamCalls[0]?.prompt.map((message) => message.role)).toEqual(['user']);
  });

  it('throws a provider error where it arrives, unchanged, and reads nothing after it', async () => {
    const failure = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 529,
    });
    const parts: StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Before' },
      { type: 'error', error: failure },
      { type: 'text-delta', id: 't', delta: 'After' },
      finish('error'),
    ];
    const { seen, error } = await read(
      streamCompletion({ model: model(parts), prompt: { system: '', user: 'Hi' } }),
    );
    expect(seen).toEqual([{ type: 'text', text: 'Before' }]);
    expect(error).toBe(failure);
  });

  it('throws an error raised before the stream starts', async () => {
    const failure = new Error('refused');
    const mock = new MockLanguageModelV3({
      doStream: async () => {
        throw failure;
      },
    });
    const { seen, error } = await read(
      streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' }, settings: { maxRetries: 0 } }),
    );
    expect(seen).toEqual([]);
    expect(error).toBe(failure);
  });

  it('throws the abort reason when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    const reason = new Error('user left');
    const mock = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(stream) {
            for (const part of text('One. ')) stream.enqueue(part as never);
            // The rest never comes: the caller aborts after the first piece.
          },
        }),
      }),
    });
    const parts = streamCompletion({
      model: mock,
      prompt: { system: '', user: 'Hi' },
      settings: { abortSignal: controller.signal },
    });
    const seen: CompletionPart[] = [];
    let error: unknown;
    try {
      for await (const part of parts) {
        seen.push(part);
        controller.abort(reason);
      }
    } catch (caught) {
      error = caught;
    }
    expect(seen).toEqual([{ type: 'text', text: 'One. ' }]);
    expect(error).toBe(reason);
  });

  it('aborts the model call when the caller stops reading early', async () => {
    const mock = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(stream) {
            for (const part of text('One. ', 'Two. ')) stream.enqueue(part as never);
          },
        }),
      }),
    });
    for await (const part of streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } })) {
      expect(part).toEqual({ type: 'text', text: 'One. ' });
      break;
    }
    expect(mock.doStreamCalls[0]?.abortSignal?.aborted).toBe(true);
  });
});

// The workspace runs these on AI SDK 6 (v3 models); the runtime matrix runs them on AI SDK 7, with v4 models too.
const MockLanguageModelV4 = (aiTest as unknown as { MockLanguageModelV4?: typeof MockLanguageModelV3 })
  .MockLanguageModelV4;
const mocks: Array<[string, typeof MockLanguageModelV3]> = [['v3', MockLanguageModelV3]];
if (MockLanguageModelV4 !== undefined) mocks.push(['v4', MockLanguageModelV4]);

describe.each(mocks)('streamCompletion with a %s model', (_, Mock) => {
  /** A model whose stream sends `parts` one per read and then waits, and records whether the reader cancelled it. */
  const sending = (parts: StreamPart[]) => {
    const state = { cancelled: false, left: [...parts] };
    const mock = new Mock({
      doStream: async () => ({
        stream: new ReadableStream({
          pull(stream) {
            // The stream stays open after its last part: it ends only when the reader cancels it.
            const part = state.left.shift();
            if (part !== undefined) stream.enqueue(part as never);
          },
          cancel() {
            state.cancelled = true;
          },
        }),
      }),
    });
    return { mock, state };
  };
  const closing = (parts: StreamPart[]) =>
    new Mock({ doStream: async () => ({ stream: convertArrayToReadableStream(parts) as never }) });
  const before = ['The MIT License is a permissive license [1]. ', 'The GPL requires the payment of [2]'];
  const start: StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...before.map((delta) => ({ type: 'text-delta', id: 't', delta })),
  ];
  const shownText = (seen: CompletionPart[]) =>
    seen.flatMap((part) => (part.type === 'text' ? part.text : []));

  it.each<[string, StreamPart[]]>([
    ['text in the same block', [finish('stop'), { type: 'text-delta', id: 't', delta: ' 500 euros.' }]],
    [
      'a new text block',
      [
        finish('length'),
        { type: 'text-end', id: 't' },
        { type: 'text-start', id: 't9' },
        { type: 'text-delta', id: 't9', delta: 'The MIT License is a permissive license [1].' },
        { type: 'text-end', id: 't9' },
      ],
    ],
    ['a second finish, less cautious', [finish('length'), finish('stop')]],
    ['a second finish, the same', [finish('stop'), finish('stop')]],
    ['a tool call', [finish('stop'), { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{}' }]],
    [
      'reasoning',
      [
        finish('stop'),
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'x' },
      ],
    ],
    ['a source', [finish('stop'), { type: 'source', sourceType: 'url', id: 's', url: 'https://x.example' }]],
    ['a new stream start', [finish('stop'), { type: 'stream-start', warnings: [] }]],
  ])(
    'refuses a stream that sends %s after its finish, and yields neither its finish nor what follows',
    async (_name, tail) => {
      const { mock, state } = sending([...start, ...tail]);
      const { seen, error } = await read(
        streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }),
      );
      expect(error).toEqual(expect.any(ModelStreamError));
      expect(ModelStreamError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ name: 'ModelStreamError', code: 'part_after_finish' });
      expect((error as Error).message).not.toContain('GPL');
      expect(seen.some((part) => part.type === 'finish')).toBe(false);
      // Only text sent before the finish is yielded (what was still queued may be dropped with the refusal).
      const shown = shownText(seen);
      expect(shown).toEqual(before.slice(0, shown.length));
      // The provider's stream is cancelled, not read to its end.
      expect(state.cancelled).toBe(true);
    },
  );

  it('finishes as usual when only closing parts, metadata or raw chunks follow the finish', async () => {
    const mock = closing([
      ...start,
      finish('length'),
      { type: 'text-end', id: 't' },
      { type: 'response-metadata', id: 'r1' },
      { type: 'raw', rawValue: { done: true } },
    ]);
    const { seen, error } = await read(streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }));
    expect(error).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
    expect(shownText(seen)).toHaveLength(2);
  });

  it('throws a provider error sent after the finish, as it would before it', async () => {
    const failure = new Error('late failure');
    const mock = closing([...start, finish('stop'), { type: 'error', error: failure }]);
    const { seen, error } = await read(streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }));
    expect(error).toBe(failure);
    expect(seen.some((part) => part.type === 'finish')).toBe(false);
  });

  const call: StreamPart = { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{}' };
  it.each<[string, StreamPart[]]>([
    ['a tool call and `stop`', [call, finish('stop')]],
    [
      'tool input and `stop`',
      [
        { type: 'tool-input-start', id: 'c1', toolName: 'f' },
        { type: 'tool-input-delta', id: 'c1', delta: '{}' },
        { type: 'tool-input-end', id: 'c1' },
        finish('stop'),
      ],
    ],
    ['a tool call and `tool-calls`', [call, finish('tool-calls')]],
    ['a tool call and `length`', [call, finish('length')]],
    [
      'a tool result',
      [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'f', result: 'found' } as StreamPart,
        finish('stop'),
      ],
    ],
  ])('refuses a completion holding %s, where the tool part arrives', async (_name, tail) => {
    const mock = closing([...start, { type: 'text-end', id: 't' }, ...tail]);
    const { seen, error } = await read(streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }));
    expect(ModelStreamError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tool_call' });
    expect(seen.some((part) => part.type === 'finish')).toBe(false);
  });

  it('finishes a completion holding no tool part as the provider said', async () => {
    const mock = closing([...start, { type: 'text-end', id: 't' }, finish('stop')]);
    const { seen, error } = await read(streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' } }));
    expect(error).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('refuses a second step, or the tool call that tools and `stopWhen` slipped in through the settings would run', async () => {
    let call = 0;
    const mock = new Mock({
      doStream: async () => ({
        stream: convertArrayToReadableStream(
          (call++ === 0
            ? [
                ...text('Let me look. '),
                { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: '{}' },
                finish('tool-calls'),
              ]
            : [...text('Aspirin cures cancer [1].'), finish('stop')]) as never,
        ),
      }),
    });
    const settings = {
      tools: { look: tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'found' }) },
      stopWhen: stepCountIs(3),
    };
    for (const given of [settings, {}]) {
      call = 0;
      const { seen, error } = await read(
        streamCompletion({ model: mock, prompt: { system: '', user: 'Hi' }, settings: given as never }),
      );
      expect(ModelStreamError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'tool_call' });
      expect(seen).toEqual([{ type: 'text', text: 'Let me look. ' }]);
    }
  });
});

describe('streamCompletion with a v2 model, which the AI SDK adapts', () => {
  const v2 = (parts: StreamPart[]) => ({
    specificationVersion: 'v2' as const,
    provider: 'p',
    modelId: 'm',
    supportedUrls: {},
    doGenerate: async () => {
      throw new Error('not called');
    },
    doStream: async () => ({ stream: convertArrayToReadableStream(parts) }),
  });
  const parts: StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'A' },
    { type: 'finish', finishReason: 'length', usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } },
  ];

  it('reads its stream as before, and refuses text after its finish', async () => {
    const whole = await read(
      streamCompletion({ model: v2(parts) as never, prompt: { system: '', user: 'Hi' } }),
    );
    expect(whole.error).toBeUndefined();
    expect(whole.seen.at(-1)).toMatchObject({ type: 'finish', finishReason: 'length' });
    const tail: StreamPart = { type: 'text-delta', id: 't', delta: 'B' };
    const { seen, error } = await read(
      streamCompletion({ model: v2([...parts, tail]) as never, prompt: { system: '', user: 'Hi' } }),
    );
    expect(error).toMatchObject({ code: 'part_after_finish' });
    expect(seen.some((part) => part.type === 'finish')).toBe(false);
  });
});

describe('streamCompletion: a timeout the model ignores', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const read = async (parts: AsyncIterable<CompletionPart>): Promise<unknown> => {
    try {
      for await (const _ of parts);
      return undefined;
    } catch (error) {
      return error;
    }
  };

  it.each([
    [100, 'The operation was aborted due to timeout'],
    [{ totalMs: 100 }, 'The operation was aborted due to timeout'],
    [{ stepMs: 100 }, 'Step timeout of 100ms exceeded'],
  ])(
    'ends a stream that never starts at %j with the TimeoutError the AI SDK gives',
    async (timeout, message) => {
      const silent = new MockLanguageModelV3({ doStream: () => new Promise<never>(() => {}) });
      const outcome = read(
        streamCompletion({ model: silent, prompt: { system: '', user: 'Hi' }, settings: { timeout } }),
      );
      await vi.advanceTimersByTimeAsync(100);
      const error = await Promise.race([outcome, Promise.resolve('still pending')]);
      expect(error).toBeInstanceOf(DOMException);
      expect(error).toMatchObject({ name: 'TimeoutError', message });
    },
  );

  it("ends a stream that stalls past `chunkMs` with the AI SDK's TimeoutError, not a bare AbortError", async () => {
    const stalled = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            for (const part of text('Hello')) controller.enqueue(part);
          },
        }) as never,
      }),
    });
    const outcome = read(
      streamCompletion({
        model: stalled,
        prompt: { system: '', user: 'Hi' },
        settings: { timeout: { chunkMs: 100 } },
      }),
    );
    await vi.advanceTimersByTimeAsync(100);
    const error = await Promise.race([outcome, Promise.resolve('still pending')]);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'Chunk timeout of 100ms exceeded' });
  });
});

describe('streamCompletion: token counts that are no counts', () => {
  it.each([
    ['a BigInt', 3n],
    ['a string', '3'],
    ['NaN', Number.NaN],
    ['a negative number', -1],
  ])('leaves %s out as undefined (never a TypeError or a string)', async (_, value) => {
    const parts: CompletionPart[] = [];
    const odd = {
      type: 'finish',
      usage: { ...usage, inputTokens: { total: value } },
      finishReason: { unified: 'stop', raw: 'stop' },
    };
    for await (const part of streamCompletion({
      model: model([...text('Hello'), odd as never]),
      prompt: { system: '', user: 'Hi' },
    }))
      parts.push(part);
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      usage: { inputTokens: undefined, outputTokens: 2, totalTokens: 2 },
    });
  });
});

// Text parts whose deltas interleave (a thirty-fifth review): joined in the order they came, `The deposit is ` · `not `
// · `returned within 30 days [1].` made a sentence no part holds, and it was released as verified.
describe('streamCompletion: text parts', () => {
  const delta = (id: string, text: string): StreamPart => ({ type: 'text-delta', id, delta: text });
  const starts: StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'a' },
    { type: 'text-start', id: 'b' },
  ];
  const ends: StreamPart[] = [{ type: 'text-end', id: 'a' }, { type: 'text-end', id: 'b' }, finish('stop')];

  it('refuses a text part that goes on after another part sent text, as interleaved_text', async () => {
    for (const deltas of [
      [delta('a', 'The deposit is '), delta('b', 'not '), delta('a', 'returned within 30 days [1].')],
      [delta('a', 'A'), delta('b', 'B'), delta('b', 'B'), delta('a', 'A')],
    ]) {
      const { seen, error } = await read(
        streamCompletion({
          model: model([...starts, ...deltas, ...ends]),
          prompt: { system: '', user: 'Hi' },
        }),
      );
      expect(ModelStreamError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'interleaved_text' });
      expect(seen.some((part) => part.type === 'finish')).toBe(false);
    }
  });

  it('joins text parts that follow one another, with or without an end between them, and skips empty deltas', async () => {
    const { seen, error } = await read(
      streamCompletion({
        model: model([
          ...starts,
          delta('a', 'Water boils '),
          delta('a', 'at 100 C [1]. '),
          delta('a', ''),
          delta('b', 'Ice melts '),
          delta('a', ''),
          delta('b', 'at 0 C [1].'),
          ...ends,
        ]),
        prompt: { system: '', user: 'Hi' },
      }),
    );
    expect(error).toBeUndefined();
    expect(seen.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')).toBe(
      'Water boils at 100 C [1]. Ice melts at 0 C [1].',
    );
  });
});
