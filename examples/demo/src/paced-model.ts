import { type LanguageModel, wrapLanguageModel } from 'ai';

type ModelObject = Exclude<LanguageModel, string>;
type V3Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;

/**
 * Streams a model's text a word at a time, `delayMs` apart (the model itself when `delayMs` is 0). The offline
 * extractive model writes its whole answer at once; paced, a person sees what a cloud model's stream looks like:
 * claims arriving one by one. The demo (on a terminal) and the streaming chat use it.
 */
export function pacedModel(model: ModelObject, delayMs: number): ModelObject {
  if (delayMs <= 0) return model;
  return wrapLanguageModel({
    // AI SDK 6 types the wrapper for v3 models, AI SDK 7 for any; the example's models are v3 (or v4 on AI SDK 7).
    model: model as V3Model,
    middleware: {
      specificationVersion: 'v3',
      wrapStream: async ({ doStream, params }) => {
        const result = await doStream();
        type Part = typeof result.stream extends ReadableStream<infer P> ? P : never;
        const signal = params.abortSignal;
        const paced = new TransformStream<Part, Part>({
          async transform(part, controller) {
            if (part.type !== 'text-delta') {
              controller.enqueue(part);
              return;
            }
            for (const word of part.delta.match(/\s*\S+\s*|\s+/g) ?? []) {
              await sleep(delayMs, signal);
              controller.enqueue({ ...part, delta: word });
            }
          },
        });
        return { ...result, stream: result.stream.pipeThrough(paced) };
      },
    },
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
