import { checkPlainOptions } from './check-argument.js';
import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * Throws `InvalidArgumentError` for `options` that are no plain object (an array, Map, Date or class instance would
 * be ignored, silently), whose keys cannot be listed (a proxy trap of the caller's throws), or for an own key that is
 * not one of `known`: a misspelt option (`supprt`, `pattern`, `maxAttemps`) would otherwise be ignored and its
 * default used, silently. Never calls a getter of the caller's.
 */
export function checkOptionKeys(options: object, known: readonly string[], parameter = 'options'): void {
  checkPlainOptions(options, parameter);
  for (const key of listOptionKeys(options, parameter)) {
    if (known.includes(key)) continue;
    throw new InvalidArgumentError({
      parameter: `${parameter}.${key.slice(0, 40)}`,
      expected: `no such option (the options are ${known.join(', ')})`,
      received: dataValue(options, key),
    });
  }
}

/** The value of own data property `key`, undefined for an accessor or one that cannot be read: no getter is called. */
function dataValue(options: object, key: string): unknown {
  try {
    return Object.getOwnPropertyDescriptor(options, key)?.value;
  } catch {
    return undefined;
  }
}

/** The own enumerable keys of `options`; an `InvalidArgumentError` naming `parameter` when they cannot be listed. */
export function listOptionKeys(options: object, parameter = 'options'): string[] {
  try {
    return Object.keys(options);
  } catch (cause) {
    // Not the value itself: describing it would read it again.
    throw new InvalidArgumentError({
      parameter,
      expected: 'options whose keys can be listed',
      received: {},
      cause,
    });
  }
}
