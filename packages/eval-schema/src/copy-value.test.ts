import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { copyArgument, copyValue } from './copy-value.js';

describe('copyValue', () => {
  it('copies arrays and plain objects, keeping scalars, a shared object at each place and a cycle as a cycle', () => {
    const shared = { a: [1, 'x', null] };
    const value = { shared, again: [shared], n: 1n };
    const { copy, fault } = copyValue(value);
    expect(fault).toBeUndefined();
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    const { shared: first, again } = copy as typeof value;
    expect(first).not.toBe(shared);
    expect(again[0]).toEqual(first);
    expect(again[0]).not.toBe(first); // a tree, as JSON writes it: each place is read, and counted, on its own
    const cyclic: Record<string, unknown> = { list: [1] };
    cyclic.self = cyclic;
    const cycle = copyValue(cyclic).copy as Record<string, unknown>;
    expect(cycle.self).toBe(cycle);
    expect(copyValue('text')).toEqual({ copy: 'text', fault: undefined });
  });

  it('keeps a __proto__ key as data and reads no prototype', () => {
    const { copy } = copyValue(JSON.parse('{"__proto__": [1, 2], "b": {"constructor": 1}}'));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy as object)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual([1, 2]);
    const inherited = Object.create({ inherited: 1 }) as object;
    expect(copyValue({ a: Object.assign(Object.create(null) as object, { b: 1 }) }).copy).toEqual({
      a: { b: 1 },
    });
    expect(copyValue({ a: inherited }).fault).toMatchObject({ path: ['a'] });
  });

  it('ends at the first hole with its path, reading what the array holds before it', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    expect(copyValue({ a: [{ b: [1, , 3] }] }).fault).toEqual({
      path: ['a', 0, 'b', 1],
      expected: 'an array without holes (a JSON value has none)',
      received: undefined,
    });
    expect(copyValue({ rows: new Array(2 ** 32 - 1) }).fault?.path).toEqual(['rows', 0]);
    expect(copyValue([undefined, null])).toEqual({ copy: [undefined, null], fault: undefined });
  });

  it('refuses an object that is no array or plain object, and a read that throws, by path', () => {
    expect(copyValue({ at: [new Date(0)] }).fault).toMatchObject({
      path: ['at', 0],
      expected: 'a JSON value (an array or a plain object, not a Date)',
    });
    const boom = new Error('boom');
    const throwing = Object.defineProperty({}, 'x', {
      enumerable: true,
      get: () => {
        throw boom;
      },
    });
    expect(copyValue({ a: [throwing] }).fault).toEqual({
      path: ['a', 0, 'x'],
      expected: 'a value that reads without throwing (a getter or proxy threw)',
      received: undefined,
      cause: boom,
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(copyValue(proxy).fault?.path).toEqual([]);
    expect(copyValue({ p: proxy }).fault?.path).toEqual(['p']);
  });

  it('refuses an array whose length a proxy answers as no array length, by path', () => {
    for (const length of ['3', -1, 1.5, 2 ** 32, Number.NaN, {}, 10n]) {
      const array = new Proxy([1, 2, 3], {
        get: (target, key) => (key === 'length' ? length : target[key as never]),
      });
      expect(copyValue({ a: [array] }).fault, String(length)).toEqual({
        path: ['a', 0],
        expected: 'an array whose length is a whole number from 0 to 2^32 - 1 (a proxy answered otherwise)',
        received: length,
      });
    }
    const honest = new Proxy([1, [2]], {});
    expect(copyValue({ a: honest })).toEqual({ copy: { a: [1, [2]] }, fault: undefined });
  });

  it('copies arrays of every length member for member, short ones made at their length', () => {
    for (const length of [0, 1, 2, 16_383, 16_384, 40_000]) {
      const array = Array.from({ length }, (_, index) => (index % 3 === 0 ? { index } : index));
      const { copy, fault } = copyValue(array);
      expect(fault).toBeUndefined();
      expect(copy).toEqual(array);
      expect(Object.keys(copy as unknown[])).toHaveLength(length);
    }
  });

  it('reads each value once: a getter that changes answers the copy with its first value', () => {
    let reads = 0;
    const value = Object.defineProperty({}, 'n', { enumerable: true, get: () => ++reads });
    expect(copyValue(value).copy).toEqual({ n: 1 });
    expect(reads).toBe(1);
  });
});

describe('copyArgument', () => {
  it('returns the copy, or throws an InvalidArgumentError naming the path under the parameter', () => {
    expect(copyArgument({ a: [1] }, 'set')).toEqual({ a: [1] });
    expect(() => copyArgument({ items: [new Map()] }, 'set')).toThrow(invalidArgument('set.items[0]'));
  });
});
