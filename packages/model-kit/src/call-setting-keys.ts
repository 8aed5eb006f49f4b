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
 * call setting, an `abortSignal` that is no AbortSignal and a `timeout` that is no delay; read before any model call,
 * so a refused option never reaches the AI SDK.
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
  // The AI SDK reads a number as the total and an object's `totalMs`, `stepMs` and `chunkMs`, and ignores anything
  // else: `timeout: '30000'` (a value read from the environment) would leave the call without one, silently.
  const { timeout } = options as { timeout?: unknown };
  if (timeout !== undefined && !isTimeout(timeout)) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.timeout`,
      expected: 'milliseconds (an integer from 0 to 2^32 - 1) or { totalMs?, stepMs?, chunkMs? } of them',
      received: timeout,
    });
  }
}

const isDelay = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff;

function isTimeout(value: unknown): boolean {
  if (typeof value === 'number') return isDelay(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const limits = value as Record<string, unknown>;
  return ['totalMs', 'stepMs', 'chunkMs'].every((key) => limits[key] === undefined || isDelay(limits[key]));
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
