import { type CallSettings, type FinishReason, streamText } from 'ai';
import { type CallDeadline, startCallDeadline } from './call-deadline.js';
import { countedUsage, usesNestedUsage } from './counted-usage.js';
import { type Completion, type GenerateCompletionOptions, toolCallError } from './generate-completion.js';
import { finishWithStopSequences } from './is-unfinished.js';
import { ModelStreamError } from './model-stream-error.js';
import type { LanguageModelObject } from './resolve-model.js';

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
 * point where it arrived, and nothing after it is read; an abort throws the signal's reason. A stream that sends
 * text, a tool call or a second finish after its finish, or a second step, is refused with a `ModelStreamError`
 * (`part_after_finish`) before its finish is yielded; one with a tool call (or its input, result or error), where it
 * arrives (`tool_call`). A `stop` that one of the caller's `stopSequences` may have cut is reported as `other`, as
 * `generateCompletion` reports it. A `timeout` that passes throws the AI SDK's `TimeoutError`, also when the model does
 * not read its signal, and a token count that is no count is read as `undefined`, as `generateCompletion` does.
 */
export async function* streamCompletion(options: StreamCompletionOptions): AsyncGenerator<CompletionPart> {
  const { model, prompt, settings = {}, endsWhole } = options;
  const { abortSignal, stopSequences, timeout } = settings as CallSettings;
  // Aborted when the caller stops reading early: the provider's request ends with it.
  const stop = new AbortController();
  // The AI SDK only aborts the model's signal when a `timeout` limit passes: the limits are raced here as well, the
  // chunk limits timed on the provider's own parts, as the AI SDK times them.
  const deadline = startCallDeadline(timeout, { stream: true });
  const result = streamText({
    ...settings,
    abortSignal: abortSignal === undefined ? stop.signal : AbortSignal.any([abortSignal, stop.signal]),
    model: refuseAfterFinish(model, deadline),
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
  let stepEnded = false;
  let text = ''; // read at the finish, where one of the caller's stop sequences may have cut it
  let textId: string | undefined; // the text part whose deltas arrive now
  const left = new Set<string>(); // the text parts whose deltas stopped for another's
  try {
    for (;;) {
      const { done, value: part } = await Promise.race([deadline.race(reader.read()), aborted]);
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (part.text === '') break;
          // Text parts are joined in the order they arrive: one that goes on after another part's text came between
          // would be joined into a sentence neither part holds.
          if (part.id !== textId) {
            if (left.has(part.id)) throw interleavedText();
            if (textId !== undefined) left.add(textId);
            textId = part.id;
          }
          text += part.text;
          yield { type: 'text', text: part.text };
          break;
        case 'error':
          throw part.error;
        case 'abort':
          // Not the caller's abort: one of the AI SDK's `timeout` limits passed, and the part names it.
          if (abortSignal?.aborted !== true && timeout !== undefined) throw timedOut(part);
          throw abortReason(abortSignal);
        case 'start-step':
          // A second step (tools and `stopWhen` slipped in through `settings`) would append a second completion.
          if (stepEnded) throw partAfterFinish('start-step');
          break;
        case 'finish-step':
          stepEnded = true;
          break;
        case 'finish': {
          const { inputTokens, outputTokens, totalTokens } = part.totalUsage;
          yield {
            type: 'finish',
            finishReason: finishWithStopSequences(part.finishReason, stopSequences, text, endsWhole),
            rawFinishReason: part.rawFinishReason,
            usage: { inputTokens, outputTokens, totalTokens },
          };
          return;
        }
        default:
          // A tool call, its input, result or error: the text stopped for a tool result, and is no answer.
          if (part.type.startsWith('tool-')) throw toolCallError(part.type);
          break;
      }
    }
    // The AI SDK ends every stream with `finish`, `error` or `abort`, also when the provider's stream closes
    // without a finish reason (then `finish` says `other` with no raw reason); an end without one is an abort.
    throw abortReason(abortSignal);
  } finally {
    deadline.clear();
    if (onAbort !== undefined) abortSignal?.removeEventListener('abort', onAbort);
    // Stops the model call when the caller stops reading early, or after an error.
    stop.abort();
    reader.cancel().catch(() => {});
  }
}

/** The parts a provider may still send after its `finish`: none carries text, a tool call or a finish reason. */
const AFTER_FINISH: ReadonlySet<string> = new Set([
  'text-end',
  'reasoning-end',
  'tool-input-end',
  'response-metadata',
  'raw',
  'ping',
  'error',
]);

interface StreamingModel {
  doStream(options: unknown): PromiseLike<{ stream: ReadableStream<{ type: string }> }>;
}

/**
 * The model, with each stream it returns refused at a part that follows the provider's `finish`. Both AI SDK majors
 * pass on text sent after it and report the last finish reason, and `fullStream` shows a finish only once the
 * provider's stream has closed, so only the provider's own stream shows where its finish came. Refusing is the sound
 * choice: such a stream may have finished early (`stop` mid-claim) or be appended to, so neither where the answer
 * ends nor why it stopped can be known, and dropping the tail would accept a claim cut by an early `stop`.
 */
function refuseAfterFinish(model: LanguageModelObject, deadline: CallDeadline): LanguageModelObject {
  const streaming = model as unknown as StreamingModel;
  // The AI SDK adapts a v2 model with a Proxy in the same way; all but `doStream` is read from the model itself.
  return new Proxy(model, {
    get: (target, property) =>
      property === 'doStream'
        ? async (options: unknown) => {
            const result = await streaming.doStream(options);
            return {
              ...result,
              stream: result.stream.pipeThrough(checkAfterFinish(deadline, usesNestedUsage(target))),
            };
          }
        : Reflect.get(target, property),
  });
}

function checkAfterFinish(
  deadline: CallDeadline,
  nested: boolean,
): TransformStream<{ type: string }, { type: string }> {
  let finished = false;
  return new TransformStream({
    transform(part, controller) {
      if (!finished) deadline.chunk({ last: part.type === 'finish' });
      // Erroring the stream (not an `error` part) reaches the reader unchanged and is never retried.
      if (finished && !AFTER_FINISH.has(part.type)) return controller.error(partAfterFinish(part.type));
      finished ||= part.type === 'finish';
      // The AI SDK adds the finish's token counts up unchecked: counts that are no counts are read as `undefined`.
      if (part.type === 'finish') {
        const usage = countedUsage((part as { usage?: unknown }).usage, nested);
        controller.enqueue({ ...part, usage } as { type: string });
      } else controller.enqueue(part);
    },
  });
}

function interleavedText(): ModelStreamError {
  return new ModelStreamError({
    code: 'interleaved_text',
    message:
      "The model's stream went on with a text part after another text part's text came between; joined in the order they came, the parts would make sentences neither holds, and in any other order the answer is not the one streamed.",
  });
}

function partAfterFinish(type: string): ModelStreamError {
  return new ModelStreamError({
    code: 'part_after_finish',
    message: `The model's stream sent a ${JSON.stringify(String(type).slice(0, 40))} part after it finished; a stream that goes on after its finish is malformed, and where its answer ends is unknown.`,
  });
}

/**
 * The AI SDK's `TimeoutError` for the limit its `abort` part names: AI SDK 6 sends the error's message alone, AI SDK 7
 * the error as a string (`TimeoutError: Chunk timeout of 100ms exceeded`); both give the same error here.
 */
function timedOut(part: { reason?: unknown }): DOMException {
  const reason = typeof part.reason === 'string' ? part.reason : 'The model call timed out.';
  const message = reason.startsWith('TimeoutError: ') ? reason.slice('TimeoutError: '.length) : reason;
  return new DOMException(message, 'TimeoutError');
}

function abortReason(signal: AbortSignal | undefined): unknown {
  if (signal?.aborted === true && signal.reason !== undefined) return signal.reason;
  return new DOMException('The model call was aborted.', 'AbortError');
}
