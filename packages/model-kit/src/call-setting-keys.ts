import { InvalidArgumentError } from '@gk/internal';

/**
 * The AI SDK call settings a completion call takes: `CallSettings` of AI SDK 6 and 7 (`reasoning` is 7's) and
 * `timeout`. They change how the model samples and how the request is sent, never what the call is; `tools`,
 * `stopWhen`, `prepareStep`, `output`, `experimental_*` and the like would turn one completion into an agent whose
 * last step alone is read, so they are refused, not passed on.
 */
export const CALL_SETTING_KEYS: ReadonlySet<string> = new Set([
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'stopSequences',
  'seed',
  'reasoning',
  'maxRetries',
  'abortSignal',
  'timeout',
  'headers',
]);

/**
 * Refuses, with an InvalidArgumentError naming it, the first key of `options` that is neither one of `own` nor a
 * call setting, and an `abortSignal` that is no AbortSignal; read before any model call, so a refused option never
 * reaches the AI SDK.
 */
export function checkSettingKeys(options: object, own: ReadonlySet<string>, parameter = 'options'): void {
  for (const key of Object.keys(options)) {
    if (own.has(key) || CALL_SETTING_KEYS.has(key)) continue;
    throw new InvalidArgumentError({
      parameter: `${parameter}.${key.slice(0, 40)}`,
      expected: `no such option (the options are ${[...own].join(', ')} and the AI SDK call settings ${[...CALL_SETTING_KEYS].join(', ')})`,
      received: (options as Record<string, unknown>)[key],
    });
  }
  // The AI SDK passes any value on to the model, which ignores what it cannot read: the AbortController itself (a
  // common slip) would leave the call impossible to abort, silently.
  const { abortSignal } = options as { abortSignal?: unknown };
  if (abortSignal !== undefined && !isAbortSignal(abortSignal)) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.abortSignal`,
      expected: "an AbortSignal (a controller's `signal`, `AbortSignal.timeout(ms)`)",
      received: abortSignal,
    });
  }
}

function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof AbortSignal !== 'undefined' && value instanceof AbortSignal) return true;
  // One from another realm (a test environment's, a worker's) is read by what it has.
  const signal = value as Partial<AbortSignal> | null;
  return (
    typeof signal === 'object' &&
    signal !== null &&
    typeof signal.aborted === 'boolean' &&
    typeof signal.addEventListener === 'function' &&
    typeof signal.removeEventListener === 'function' &&
    typeof signal.throwIfAborted === 'function'
  );
}
