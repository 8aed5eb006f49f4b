import { type CallSettings, type FinishReason, generateText } from 'ai';
import { startCallDeadline } from './call-deadline.js';
import { countedUsage, usesNestedUsage } from './counted-usage.js';
import { finishWithStopSequences } from './is-unfinished.js';
import { ModelStreamError } from './model-stream-error.js';
import type { LanguageModelObject } from './resolve-model.js';

/** Options for {@link generateCompletion}. */
export interface GenerateCompletionOptions {
  model: LanguageModelObject;
  /** The instructions (`system`, left out when empty) and the user message. */
  prompt: { system: string; user: string };
  /**
   * AI SDK call settings, passed through as given; a caller refuses keys that are none (`tools`, `stopWhen`, ...)
   * before the call with `checkSettingKeys`.
   */
  settings?: CallSettings;
  /**
   * Whether a reply ends where a whole one may: asked of a reply that stopped (`stop`) while `settings.stopSequences`
   * were set, which may end where a sequence cut it; one that does not is reported as `other`. A sentence's end by
   * default (`endsSentence`); a caller that checks the reply whole in another way (strict JSON) passes its own.
   */
  endsWhole?: (text: string) => boolean;
}

/** What one model call produced: the text, why it stopped, and the usage it reported. */
export interface Completion {
  text: string;
  /**
   * The AI SDK's unified finish reason: `stop`, `length`, `content-filter`, `error`, ... (a completion that holds
   * a tool call is refused, whatever the provider said); `other` for a `stop` that one of the caller's
   * `stopSequences` may have cut (see `endsWhole`).
   */
  finishReason: FinishReason;
  /**
   * The provider's own finish reason; `undefined` when none arrived (with `other`, the provider or the AI SDK
   * saw no finish reason at all, as when a connection closes mid-answer).
   */
  rawFinishReason: string | undefined;
  usage: {
    inputTokens: number | undefined;
    outputTokens: number | undefined;
    totalTokens: number | undefined;
  };
}

/**
 * One `generateText` call with instructions and one user message, the way every package makes it; AI SDK
 * errors pass through unchanged. A reply with a tool call (or its input, result or error) is refused with a
 * `ModelStreamError` (`tool_call`), and one of more than one step with `part_after_finish`: its text stopped for a
 * tool result, or is only the last step's, so it is never read as the answer. An abort throws the signal's reason,
 * before the call or as soon as it comes, also when the model does not read the signal; so does a `timeout` (total or
 * step), with the AI SDK's own `TimeoutError`. A token count that is no count is read as `undefined`.
 */
export async function generateCompletion(options: GenerateCompletionOptions): Promise<Completion> {
  const { model, prompt, settings, endsWhole } = options;
  const abortSignal = settings?.abortSignal;
  // The AI SDK leaves the signal to the model, and a model that does not read it (a local one, middleware, a mock)
  // would answer an aborted call: the abort is checked before the call and raced against it, as a stream's is.
  abortSignal?.throwIfAborted();
  // The same holds for the AI SDK's `timeout`, which only aborts the model's signal: its limits are raced too.
  const deadline = startCallDeadline(settings?.timeout, { stream: false });
  const result = await untilAborted(
    deadline.race(
      generateText({
        ...settings,
        model: countingUsage(model),
        // `system` is the name both AI SDK majors accept (v7 prefers `instructions`, which v6 does not know).
        ...(prompt.system === '' ? {} : { system: prompt.system }),
        prompt: prompt.user,
      }),
    ),
    abortSignal,
  ).finally(deadline.clear);
  checkOneTextStep(result.steps);
  const { inputTokens, outputTokens, totalTokens } = result.usage;
  return {
    text: result.text,
    finishReason: finishWithStopSequences(
      result.finishReason,
      settings?.stopSequences,
      result.text,
      endsWhole,
    ),
    rawFinishReason: result.rawFinishReason,
    usage: { inputTokens, outputTokens, totalTokens },
  };
}

interface GeneratingModel {
  doGenerate(options: unknown): PromiseLike<{ usage?: unknown }>;
}

/** The model, with the usage of each reply it returns read by `countedUsage` before the AI SDK adds it up. */
function countingUsage(model: LanguageModelObject): LanguageModelObject {
  const generating = model as unknown as GeneratingModel;
  // As `streamCompletion` wraps `doStream`: all but `doGenerate` is read from the model itself.
  return new Proxy(model, {
    get: (target, property) =>
      property === 'doGenerate'
        ? async (options: unknown) => {
            const result = await generating.doGenerate(options);
            return { ...result, usage: countedUsage(result.usage, usesNestedUsage(target)) };
          }
        : Reflect.get(target, property),
  });
}

/** `call`, or the signal's reason as soon as it aborts (the call's own outcome is then ignored). */
async function untilAborted<T>(call: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return call;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  call.catch(() => {});
  try {
    const value = await Promise.race([call, aborted]);
    // A reply that came back as the caller aborted is not read either.
    signal.throwIfAborted();
    return value;
  } finally {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}

/** Refuses a reply that holds a tool part in any step, or that took more than one step. */
function checkOneTextStep(steps: ReadonlyArray<{ content: ReadonlyArray<{ type: string }> }>): void {
  for (const step of steps) {
    const tool = step.content.find((part) => part.type.startsWith('tool-'));
    if (tool !== undefined) throw toolCallError(tool.type);
  }
  if (steps.length > 1) {
    throw new ModelStreamError({
      code: 'part_after_finish',
      message: `The model's reply took ${steps.length} steps; a completion is one step, and the last step's text alone is not its answer.`,
    });
  }
}

/** The error for a reply that holds a tool part: its text stopped for a tool result, or a tool wrote part of it. */
export function toolCallError(type: string): ModelStreamError {
  return new ModelStreamError({
    code: 'tool_call',
    message: `The model's reply holds a ${JSON.stringify(String(type).slice(0, 40))} part; a completion that calls a tool stopped for its result and is never read as an answer.`,
  });
}
