import { expect } from 'vitest';

// Arguments that cannot be read, for the tests of each package that every public function refuses them with an
// InvalidArgumentError naming the parameter: never a bare TypeError or the caller's own error.

/** What the throwing getters throw. */
export const boom = new Error('getter boom');

/** `value` typed as whatever the call expects, to pass a bad argument. */
export const bad = <T>(value: unknown): T => value as T;

/** A revoked proxy: every look at it throws a TypeError. */
export function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** `base` with an enumerable `key` whose getter throws `boom`. */
export function throwing(base: object, key: string): object {
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get: () => {
      throw boom;
    },
  });
}

/** Matches the InvalidArgumentError that names `parameter`. */
export const refused = (parameter: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'invalid_argument', parameter });
