import { describe, expect, it } from 'vitest';

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

/** What `run` threw, or `'returned'` when it did not throw (awaited, so a rejection counts as a throw). */
export async function outcome(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return 'returned';
}

/** A call that takes options, named, with options whose first key is one it reads. */
export type OptionsCall = [name: string, call: (options: unknown) => unknown, options: () => object];

/**
 * The three tests every function with options gets: a revoked proxy, a getter that throws (named, with its throw as
 * cause) and options that are no plain object are each refused with an InvalidArgumentError naming them.
 */
export function describeUnreadableOptions(calls: OptionsCall[]): void {
  describe('options that cannot be read are refused with a code', () => {
    it.each(calls)('%s: a revoked proxy', async (_, call) => {
      expect(await outcome(() => call(revoked()))).toEqual(refused('options'));
    });

    it.each(calls)('%s: a getter that throws, named, with its throw as cause', async (_, call, base) => {
      const options = base();
      const key = Object.keys(options)[0]!;
      const error = await outcome(() => call(throwing(options, key)));
      expect(error).toEqual(refused(`options.${key}`));
      expect((error as Error).cause).toBe(boom);
    });

    it.each(calls)('%s: options that are no plain object', async (_, call) => {
      for (const options of [[], new Map(), new Date(0), new (class Options {})()]) {
        expect(await outcome(() => call(options))).toEqual(refused('options'));
      }
    });
  });
}
