import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { sampleLabelSetWithoutHash, samplePreregistration } from './__fixtures__/reports.js';
import { type CanonicalValue, canonicalJson } from './canonical-json.js';
import { hashLabelSet } from './label-set.js';
import { hashPreregistration } from './preregistration.js';

const bad = <T>(value: unknown): T => value as T;

/** A value nested `depth` arrays deep around `1`. */
function nested(depth: number): CanonicalValue {
  let value: CanonicalValue = 1;
  for (let index = 0; index < depth; index += 1) value = [value];
  return value;
}

describe('canonicalJson', () => {
  it('sorts keys, omits undefined properties and reads a null-prototype object as a plain one', () => {
    const record = Object.assign(Object.create(null) as Record<string, CanonicalValue>, {
      b: [1, 'x'],
      a: null,
    });
    expect(canonicalJson({ z: record, c: undefined, a: true })).toBe('{"a":true,"z":{"a":null,"b":[1,"x"]}}');
  });

  it('refuses an object that is no array or plain object, naming its path and kind', () => {
    class Point {
      x = 1;
    }
    const cases: Array<[unknown, string]> = [
      [new Date(0), 'a Date'],
      [new Map([['k', 'v']]), 'a Map'],
      [new Set(['a']), 'a Set'],
      [new Point(), 'an instance of a class'],
      [new Uint8Array([1]), 'a Uint8Array'],
      [Object('text'), 'a String'],
      [/a/, 'a RegExp'],
    ];
    for (const [value, kind] of cases) {
      expect(() => canonicalJson(bad({ a: [{ b: value }] }), 'record')).toThrow(
        invalidArgument(
          'record.a[0].b',
          `Invalid record.a[0].b: expected a JSON value (an array or a plain object, not ${kind}), received an object.`,
        ),
      );
    }
  });

  it('refuses a function, a symbol, a bigint and an undefined array element by path', () => {
    for (const value of [() => 1, Symbol('s'), 1n, undefined]) {
      expect(() => canonicalJson(bad({ list: ['a', value] }))).toThrow(invalidArgument('value.list[1]'));
    }
  });

  it('encodes any depth without running out of call stack', () => {
    expect(canonicalJson(nested(20_000))).toBe(`${'['.repeat(20_000)}1${']'.repeat(20_000)}`);
    const deepBad = [nested(20_000), { deep: [[[Number.NaN]]] }] as CanonicalValue;
    expect(() => canonicalJson(deepBad)).toThrow(invalidArgument('value[1].deep[0][0][0]'));
  });

  it('refuses a cycle by the path that closes it, and a shared object (callers hand it a copyValue tree)', () => {
    const cycle: { self?: unknown; list: unknown[] } = { list: [] };
    cycle.list.push(cycle);
    expect(() => canonicalJson(bad(cycle))).toThrow(
      invalidArgument(
        'value.list[0]',
        'Invalid value.list[0]: expected a JSON value without cycles, received an object.',
      ),
    );
    const shared = { a: [1] };
    expect(() => canonicalJson({ x: shared, y: [shared, shared] })).toThrow(invalidArgument('value.y[0]'));
    expect(canonicalJson({ x: { a: [1] }, y: [{ a: [1] }, { a: [1] }] })).toBe(
      '{"x":{"a":[1]},"y":[{"a":[1]},{"a":[1]}]}',
    );
  });
});

describe('the hashes built on canonicalJson', () => {
  it('refuse a Date or a Map instead of hashing it as {}', async () => {
    const preregistration = samplePreregistration();
    await expect(hashPreregistration({ ...preregistration, createdAt: bad(new Date(0)) })).rejects.toThrow(
      invalidArgument('preregistration.createdAt'),
    );
    const set = sampleLabelSetWithoutHash();
    await expect(hashLabelSet(bad({ ...set, extra: new Map([['k', 'v']]) }))).rejects.toThrow(
      invalidArgument('set.extra'),
    );
  });

  it('hash a value 20,000 arrays deep instead of throwing a RangeError', async () => {
    const set = sampleLabelSetWithoutHash();
    await expect(hashLabelSet(bad({ ...set, extra: nested(20_000) }))).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(
      hashPreregistration(bad({ ...samplePreregistration(), extra: nested(20_000) })),
    ).resolves.toMatch(/^[0-9a-f]{64}$/);
  });
});
