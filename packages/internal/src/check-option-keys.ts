import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * Throws `InvalidArgumentError` for an own key of `options` that is not one of `known`: a misspelt option (`supprt`,
 * `pattern`, `maxAttemps`) would otherwise be ignored and its default used, silently.
 */
export function checkOptionKeys(options: object, known: readonly string[], parameter = 'options'): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    throw new InvalidArgumentError({
      parameter: `${parameter}.${key.slice(0, 40)}`,
      expected: `no such option (the options are ${known.join(', ')})`,
      received: (options as Record<string, unknown>)[key],
    });
  }
}
