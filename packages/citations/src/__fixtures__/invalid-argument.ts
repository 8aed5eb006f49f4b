import { InvalidArgumentError } from '@gk/internal';
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

/** Runs `run`, expects it to throw an `InvalidArgumentError` whose `parameter` is `parameter` (or matches it), and returns that error. */
export function refused(run: () => unknown, parameter: string | RegExp): InvalidArgumentError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidArgumentError);
  expect(caught).toMatchObject({ code: 'invalid_argument' });
  const { parameter: named } = caught as InvalidArgumentError;
  if (typeof parameter === 'string') expect(named).toBe(parameter);
  else expect(named).toMatch(parameter);
  return caught as InvalidArgumentError;
}
