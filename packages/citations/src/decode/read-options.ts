import { checkOptionKeys, checkOptions, InvalidArgumentError } from '@gk/internal';

/**
 * The fields `keys` of an options argument, each read once into a plain object (empty for no options). Throws an
 * InvalidArgumentError naming `parameter` for a value that is no options object, for an own key that is not one of
 * `keys` (a misspelt option would run at its default), or for one whose fields throw when read (a getter or Proxy of
 * the caller's): a bad argument is refused with a code, whatever it throws.
 */
export function readOptions<K extends string>(
  options: unknown,
  keys: readonly K[],
  parameter = 'options',
): { [key in K]?: unknown } {
  checkOptions(options, parameter);
  const given = options as Record<string, unknown> | undefined;
  if (given === undefined) return {};
  try {
    checkOptionKeys(given, keys, parameter);
    return Object.fromEntries(keys.map((key) => [key, given[key]])) as { [key in K]?: unknown };
  } catch (cause) {
    if (InvalidArgumentError.isInstance(cause)) throw cause;
    // Not the value itself: describing it would read it again.
    throw new InvalidArgumentError({
      parameter,
      expected: 'options whose fields can be read',
      received: {},
      cause,
    });
  }
}
