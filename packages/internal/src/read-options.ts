import { checkOptions, checkPlainOptions } from './check-argument.js';
import { checkOptionKeys, listOptionKeys } from './check-option-keys.js';
import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * `options` read once into a plain copy, so what is checked is what is used. With `keys`, the
 * copy holds those fields and any other own key is refused (a misspelt option would run at its default); without,
 * it holds every own enumerable field (for options that pass settings through). Throws an `InvalidArgumentError`
 * naming `parameter` for options that are no plain object or whose keys cannot be listed, and naming the option
 * (`options.locale`) for a field whose read throws (a getter or proxy trap of the caller's), with that throw as cause.
 */
export function readRequiredOptions<T extends object>(
  options: T,
  keys?: readonly string[],
  parameter = 'options',
): T {
  checkPlainOptions(options, parameter);
  return readOptions(options, keys, parameter);
}

/** {@link readRequiredOptions}, with options left out (`undefined`) read as `{}`. */
export function readOptions<T extends object>(
  options: T | undefined,
  keys?: readonly string[],
  parameter = 'options',
): T {
  checkOptions(options, parameter);
  if (options === undefined) return {} as T;
  const given = options as Record<string, unknown>;
  let names: readonly string[];
  if (keys === undefined) {
    names = listOptionKeys(given, parameter);
  } else {
    checkOptionKeys(given, keys, parameter);
    names = keys;
  }
  const copy: Record<string, unknown> = {};
  for (const name of names) {
    let value: unknown;
    try {
      value = given[name];
    } catch (cause) {
      throw new InvalidArgumentError({
        parameter: `${parameter}.${name.slice(0, 40)}`,
        expected: 'an option that can be read (its getter threw)',
        received: undefined,
        cause,
      });
    }
    // `__proto__` as a key of the caller's is a field, never the copy's prototype.
    Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy as T;
}
