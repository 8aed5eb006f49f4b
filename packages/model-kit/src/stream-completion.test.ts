import { APICallError } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
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
