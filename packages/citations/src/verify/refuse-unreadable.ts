import { GroundkitError, InvalidArgumentError } from '@gk/internal';

/**
 * Throws `cause` again when it is a coded error; any other (a getter or Proxy of the caller's that threw) becomes an
 * InvalidArgumentError for `parameter` with it as its cause: a bad argument is refused with a code, whatever it throws.
 */
export function refuseUnreadable(cause: unknown, parameter: string, expected: string): never {
  if (GroundkitError.isInstance(cause)) throw cause;
  // Not the value itself: describing it would read it again.
  throw new InvalidArgumentError({
    parameter,
    expected: `${expected} whose fields can be read`,
    received: {},
    cause,
  });
}
