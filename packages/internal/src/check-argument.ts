import { InvalidArgumentError } from './invalid-argument-error.js';

/** Throws an InvalidArgumentError for `parameter` unless `ok`: one call per check keeps validation compact. */
export function checkArgument(ok: boolean, parameter: string, expected: string, received: unknown): void {
  if (!ok) throw new InvalidArgumentError({ parameter, expected, received });
}

/** `value` is undefined (the option is left out) or its `typeof` is `type`. */
export function isOptional(
  value: unknown,
  type: 'boolean' | 'string' | 'number' | 'function' | 'object',
): boolean {
  return value === undefined || (typeof value === type && value !== null);
}

/**
 * `value` is an object (not null); arrays and functions are not. Throws the TypeError of a revoked proxy: call it
 * inside `readArgument`, which refuses that as the bad argument with the TypeError as cause (or use `readOptions`).
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` is a plain object: its prototype is `Object.prototype` (of any realm) or null. Arrays, Maps, Dates, class
 * instances and revoked proxies are not: as options they would be ignored or misread, silently.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const prototype: unknown = Object.getPrototypeOf(value);
    return prototype === null || Object.getPrototypeOf(prototype) === null;
  } catch {
    return false; // A revoked proxy, or a getPrototypeOf trap that throws.
  }
}

/** What options that are not a plain object are refused as. */
export const EXPECTED_OPTIONS =
  'an options object (a plain object, not an array, Map, Date or class instance)';

/** `value` is a Date that holds a time (not `new Date(NaN)`). */
export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Throws unless `value` is undefined or a Date that holds a time (an optional date option). */
export function checkOptionalDate(value: unknown, parameter: string): void {
  checkArgument(value === undefined || isValidDate(value), parameter, 'a valid Date', value);
}

/** Throws unless `options` is undefined or a plain object (an options argument; see {@link isPlainObject}). */
export function checkOptions(options: unknown, parameter = 'options'): void {
  if (options !== undefined) checkPlainOptions(options, parameter);
}

/**
 * Throws an `InvalidArgumentError` naming `parameter` unless `options` is a plain object: one that cannot be looked
 * at (a revoked proxy) is refused with the TypeError as cause.
 */
export function checkPlainOptions(options: unknown, parameter = 'options'): void {
  let plain = false;
  try {
    if (typeof options === 'object' && options !== null) {
      const prototype: unknown = Object.getPrototypeOf(options);
      plain = prototype === null || Object.getPrototypeOf(prototype) === null;
    }
  } catch (cause) {
    throw new InvalidArgumentError({ parameter, expected: EXPECTED_OPTIONS, received: options, cause });
  }
  checkArgument(plain, parameter, EXPECTED_OPTIONS, options);
}

/** `options` of an error's constructor, refused with an InvalidArgumentError when it is not an object. */
export function errorOptions<T>(options: T): T {
  checkArgument(typeof options === 'object' && options !== null, 'options', 'an options object', options);
  return options;
}
