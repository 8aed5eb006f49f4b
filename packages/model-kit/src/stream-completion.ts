import { type CallSettings, type FinishReason, streamText } from 'ai';
import type { Completion, GenerateCompletionOptions } from './generate-completion.js';

/** Options for {@link streamCompletion}: those of `generateCompletion`. */
export type StreamCompletionOptions = GenerateCompletionOptions;

/** One step of a streamed completion: a piece of text, or the end with why the model stopped and the usage. */
export type CompletionPart =
  | { type: 'text'; text: string }
  | {
      type: 'finish';
      finishReason: FinishReason;
      rawFinishReason: Completion['rawFinishReason'];
      usage: Completion['usage'];
    };

/**
 * One `streamText` call with instructions and one user message, the way `generateCompletion` makes it, read as
 * text pieces and a closing `finish`. A provider error (before or during the stream) is thrown unchanged at the
 * point where it arrived, and nothing after it is read; an abort throws the signal's reason.
 */
export async function* streamCompletion(options: StreamCompletionOptions): AsyncGenerator<CompletionPart> {
  const { model, prompt, settings = {} } = options;
  const { abortSignal } = settings as CallSettings;
  // Aborted when the caller stops reading early: the provider's request ends with it.
  const stop = new AbortController();
  const result = streamText({
    ...settings,
    abortSignal: abortSignal === undefined ? stop.signal : AbortSignal.any([abortSignal, stop.signal]),
    model,
    // `system` is the name both AI SDK majors accept (v7 prefers `instructions`, which v6 does not know).
    ...(prompt.system === '' ? {} : { system: prompt.system }),
    prompt: prompt.user,
    // Errors are thrown to the caller below; the default handler would also print them.
    onError: () => {},
  });
  const reader = result.fullStream.getReader();
  // A provider that stops sending leaves the read pending, and the AI SDK looks at the signal only when a part
  // arrives; the abort is raced here so it ends the read at once.
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(abortSignal));
    if (abortSignal?.aborted === true) onAbort();
    else abortSignal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    for (;;) {
      const { done, value: part } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (part.text !== '') yield { type: 'text', text: part.text };
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw abortReason(abortSignal);
        case 'finish': {
          const { inputTokens, outputTokens, totalTokens } = part.totalUsage;
          yield {
            type: 'finish',
            finishReason: part.finishReason,
            rawFinishReason: part.rawFinishReason,
            usage: { inputTokens, outputTokens, totalTokens },
          };
          return;
        }
        default:
          break;
      }
    }
    // The AI SDK ends every stream with `finish`, `error` or `abort`, also when the provider's stream closes
    // without a finish reason (then `finish` says `other` with no raw reason); an end without one is an abort.
    throw abortReason(abortSignal);
  } finally {
    if (onAbort !== undefined) abortSignal?.removeEventListener('abort', onAbort);
    // Stops the model call when the caller stops reading early, or after an error.
    stop.abort();
    reader.cancel().catch(() => {});
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  if (signal?.aborted === true && signal.reason !== undefined) return signal.reason;
  return new DOMException('The model call was aborted.', 'AbortError');
}
