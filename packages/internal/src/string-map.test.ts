import { describe, expect, it } from 'vitest';
import { StringMap, StringSet } from './string-map.js';

const long = (suffix: string, length = 16_400): string => 'x'.repeat(length - suffix.length) + suffix;

describe('StringMap', () => {
  it('holds short and long keys by equality, one entry per key', () => {
    const map = new StringMap<number>();
    const keys = ['a', long('1'), long('2'), long('3', 20_000), long('1', 16_384)];
    for (const [index, key] of keys.entries()) map.set(key, index);
    map.set(long('2'), 9); // an equal string, built apart
    expect(map.size).toBe(5);
    expect(keys.map((key) => map.get(key))).toEqual([0, 1, 9, 3, 4]);
    expect(map.has(long('4'))).toBe(false);
    expect(map.get(long('1', 16_383))).toBeUndefined();
    expect(map.has(`${long('1')}y`)).toBe(false);
  });
});

describe('StringSet', () => {
  it('counts distinct strings, long ones of one length too', () => {
    const set = new StringSet();
    for (const suffix of ['1', '2', '1', '3', '2']) set.add(long(suffix)).add(suffix);
    expect(set.size).toBe(6);
    expect(set.has(long('3'))).toBe(true);
    expect(set.has(long('4'))).toBe(false);
  });
});
