import { InvalidArgumentError } from './invalid-argument-error.js';

/**
 * What `read` returns: the reading and checking of argument `parameter` (each field read once, into a copy). A throw
 * of the caller's (a getter, a proxy trap, a revoked proxy) is an `InvalidArgumentError` for `parameter` with that
 * throw as `cause`; the checks' own `InvalidArgumentError` passes as it is.
 */
export function readArgument<T>(parameter: string, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    let checked = false;
    try {
      checked = cause instanceof InvalidArgumentError;
    } catch {
      // A thrown proxy whose prototype cannot be read is the caller's, not a check's.
    }
    if (checked) throw cause;
    // `received` is not the value: describing it would read it again.
    throw new InvalidArgumentError({
      parameter,
      expected: 'a value that reads without throwing (a getter or proxy threw)',
      received: undefined,
      cause,
    });
  }
}
