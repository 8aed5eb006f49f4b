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

/** `value` is an object (not null); arrays and functions are not. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` is a Date that holds a time (not `new Date(NaN)`). */
export function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Throws unless `value` is undefined or a Date that holds a time (an optional date option). */
export function checkOptionalDate(value: unknown, parameter: string): void {
  checkArgument(value === undefined || isValidDate(value), parameter, 'a valid Date', value);
}

/** Throws unless `options` is undefined or an object (an options argument). */
export function checkOptions(options: unknown, parameter = 'options'): void {
  checkArgument(isOptional(options, 'object'), parameter, 'an options object', options);
}

/** `options` of an error's constructor, refused with an InvalidArgumentError when it is not an object. */
export function errorOptions<T>(options: T): T {
  checkArgument(typeof options === 'object' && options !== null, 'options', 'an options object', options);
  return options;
}
