import { InvalidArgumentError, readArgument } from '@gk/internal';
import { aiSdkMajor } from './ai-sdk-major.js';

/**
 * The AI SDK call settings a completion call takes: `CallSettings` of AI SDK 6 and 7 (`reasoning` is 7's, refused on
 * AI SDK 6 by `checkSettingKeys`) and `timeout`. They change how the model samples and how the request is sent, never what the call is; `tools`,
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
 * call setting, and a setting the installed AI SDK would drop (see `checkSettingValues`); read before any model call,
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
  checkSettingValues(options, parameter);
}

/**
 * Refuses, with an InvalidArgumentError naming it, a sampling setting the AI SDK would refuse without a code (a
 * `temperature` that is no finite number, a `maxOutputTokens` that is no positive integer, a `seed` or `maxRetries`
 * that is no integer), and a setting the installed AI SDK would drop without a word: an
 * `abortSignal` that is no AbortSignal, a `timeout` that is no delay or holds a key the AI SDK does not read
 * (`totalMs`, `stepMs`, `chunkMs`, and on AI SDK 7 `firstChunkMs` and `toolMs`), and `reasoning` on AI SDK 6, which
 * sends no such setting to the model.
 */
export function checkSettingValues(options: object, parameter = 'options'): void {
  // A setting whose getter or proxy throws is refused as a value that cannot be read, with a code.
  readArgument(parameter, () => checkValues(options, parameter));
}

function checkValues(options: object, parameter: string): void {
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
  // The AI SDK reads a number as the total and an object's `totalMs`, `stepMs` and `chunkMs` (AI SDK 7 also
  // `firstChunkMs` and `toolMs`), and ignores anything else: `timeout: '30000'` (a value read from the environment)
  // or `{ totalMS: 30000 }` would leave the call without one, silently.
  const { timeout, reasoning } = options as { timeout?: unknown; reasoning?: unknown };
  const major = aiSdkMajor();
  const limits = major === 6 ? TIMEOUT_KEYS_6 : TIMEOUT_KEYS_7;
  const expected = `milliseconds (an integer from 0 to 2^32 - 1) or { ${limits.map((key) => `${key}?`).join(', ')} } of them (AI SDK ${major} reads no other key)`;
  if (timeout !== undefined && !isTimeout(timeout, limits)) {
    throw new InvalidArgumentError({ parameter: `${parameter}.timeout`, expected, received: timeout });
  }
  const unread = isObjectTimeout(timeout)
    ? Object.keys(timeout).find((key) => !limits.includes(key))
    : undefined;
  if (unread !== undefined) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.timeout.${unread.slice(0, 40)}`,
      expected,
      received: (timeout as Record<string, unknown>)[unread],
    });
  }
  // The AI SDK reads stop sequences as strings and headers as names to strings (a `Headers`, an object or pairs):
  // another shape threw a bare TypeError inside it, or was read character by character (`stopSequences: 'END'`).
  const { stopSequences, headers } = options as { stopSequences?: unknown; headers?: unknown };
  if (
    stopSequences !== undefined &&
    !(Array.isArray(stopSequences) && stopSequences.every((sequence) => typeof sequence === 'string'))
  ) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.stopSequences`,
      expected: 'an array of strings',
      received: stopSequences,
    });
  }
  if (headers !== undefined && !readArgument(`${parameter}.headers`, () => isHeaders(headers))) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.headers`,
      expected: 'header names to strings (an object, a Headers, or [name, value] pairs)',
      received: headers,
    });
  }
  // The AI SDK refuses a sampling setting of the wrong type with its own error, which has no `code`: refused here
  // first, as it refuses them (a number; a token limit a positive integer; a seed and a retry count integers).
  for (const [name, ok, expected] of SAMPLING) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && value !== null && !ok(value)) {
      throw new InvalidArgumentError({ parameter: `${parameter}.${name}`, expected, received: value });
    }
  }
  // AI SDK 6 knows no `reasoning` and sends the model none: the call would run with the provider's default.
  if (reasoning !== undefined && major === 6) {
    throw new InvalidArgumentError({
      parameter: `${parameter}.reasoning`,
      expected: 'no reasoning on AI SDK 6, which never sends it to the model (`reasoning` needs AI SDK 7)',
      received: reasoning,
    });
  }
}

const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const SAMPLING: ReadonlyArray<readonly [string, (value: unknown) => boolean, string]> = [
  ['maxOutputTokens', (value) => Number.isSafeInteger(value) && (value as number) >= 1, 'a positive integer'],
  ['temperature', isNumber, 'a finite number'],
  ['topP', isNumber, 'a finite number'],
  ['topK', isNumber, 'a finite number'],
  ['presencePenalty', isNumber, 'a finite number'],
  ['frequencyPenalty', isNumber, 'a finite number'],
  ['seed', (value) => Number.isSafeInteger(value), 'an integer'],
  ['maxRetries', (value) => Number.isSafeInteger(value) && (value as number) >= 0, 'a non-negative integer'],
];

const TIMEOUT_KEYS_6: readonly string[] = ['totalMs', 'stepMs', 'chunkMs'];
const TIMEOUT_KEYS_7: readonly string[] = ['totalMs', 'stepMs', 'firstChunkMs', 'chunkMs', 'toolMs'];

const isDelay = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff;

const isObjectTimeout = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isTimeout(value: unknown, keys: readonly string[]): boolean {
  if (typeof value === 'number') return isDelay(value);
  if (!isObjectTimeout(value)) return false;
  const limits = value as Record<string, unknown>;
  return keys.every((key) => limits[key] === undefined || isDelay(limits[key]));
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

/** Whether `value` is headers as the AI SDK reads them: a `Headers`, or names to strings (or none) as an object or pairs. */
function isHeaders(value: unknown): boolean {
  if (typeof Headers !== 'undefined' && value instanceof Headers) return true;
  if (typeof value !== 'object' || value === null) return false;
  const entries: unknown[] = Array.isArray(value) ? value : Object.entries(value);
  return entries.every(
    (entry) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      (entry[1] === undefined || entry[1] === null || typeof entry[1] === 'string'),
  );
}
