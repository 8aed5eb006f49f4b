import { convertArrayToReadableStream } from 'ai/test';
import type { StreamPart } from '../model-types.js';
import { type FinishReason, MockLanguageModel, usage } from './mock-models.js';

/**
 * How a scripted stream ends: a finish reason (the raw reason is the same word unless given, `undefined` for none),
 * a provider error after the chunks, or `closed`: the stream just ends, with no finish part at all.
 */
export type StreamEnding =
  | { finishReason: FinishReason; rawFinishReason?: string | undefined }
  | { error: unknown }
  | { closed: true };

/** The parts a provider sends for `chunks`, then the ending (default: finish reason `stop`). */
export function streamParts(
  chunks: readonly string[],
  ending: StreamEnding = { finishReason: 'stop' },
): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    ...('error' in ending
      ? [{ type: 'error' as const, error: ending.error }]
      : 'closed' in ending
        ? []
        : [
            { type: 'text-end' as const, id: 't1' },
            {
              type: 'finish' as const,
              usage,
              finishReason: {
                unified: ending.finishReason,
                raw: 'rawFinishReason' in ending ? ending.rawFinishReason : ending.finishReason,
              },
            },
          ]),
  ];
}

/** A mock model that streams each successive call's chunks (the last script repeats). */
export function streamingModel(
  ...scripts: Array<{ chunks: readonly string[]; ending?: StreamEnding }>
): MockLanguageModel {
  let call = 0;
  return new MockLanguageModel({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doStream: async () => {
      const script = scripts[Math.min(call++, scripts.length - 1)]!;
      return { stream: convertArrayToReadableStream(streamParts(script.chunks, script.ending)) };
    },
  });
}

/**
 * A mock model whose stream is driven by the test: `send` enqueues a chunk, `end` finishes, and the model call
 * waits for the test in between, as a real provider would.
 */
export function controlledModel(): {
  model: MockLanguageModel;
  send(chunk: string): void;
  end(finishReason?: FinishReason): void;
  fail(error: unknown): void;
} {
  let controller!: ReadableStreamDefaultController<StreamPart>;
  const stream = new ReadableStream<StreamPart>({
    start(start) {
      controller = start;
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 't1' });
    },
  });
  const model = new MockLanguageModel({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doStream: async () => ({ stream }),
  });
  return {
    model,
    send: (delta) => controller.enqueue({ type: 'text-delta', id: 't1', delta }),
    end: (finishReason = 'stop') => {
      controller.enqueue({ type: 'text-end', id: 't1' });
      controller.enqueue({
        type: 'finish',
        usage,
        finishReason: { unified: finishReason, raw: finishReason },
      });
      controller.close();
    },
    fail: (error) => {
      controller.enqueue({ type: 'error', error });
      controller.close();
    },
  };
}
