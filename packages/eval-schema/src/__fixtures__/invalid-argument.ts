import { expect } from 'vitest';

/** Matches an `InvalidArgumentError` for `parameter`; with `message`, exactly that message. */
export function invalidArgument(parameter: string, message?: string): unknown {
  return expect.objectContaining({
    name: 'InvalidArgumentError',
    code: 'invalid_argument',
    parameter,
    ...(message === undefined ? {} : { message }),
  });
}
