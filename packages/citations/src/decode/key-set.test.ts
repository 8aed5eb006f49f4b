import { describe, expect, it } from 'vitest';
import { addKey, type KeySet } from './key-set.js';

const long = (suffix: string, length = 16_400): string => 'x'.repeat(length - suffix.length) + suffix;

describe('addKey', () => {
  it('adds a key once, short or long, in the list and past it, and tells a repeat', () => {
    const keys: KeySet = { list: [], buckets: null };
    expect(addKey(keys, 'a')).toBe(true);
    expect(addKey(keys, long('1'))).toBe(true);
    expect(addKey(keys, long('1'))).toBe(false);
    for (let index = 0; index < 20; index++) expect(addKey(keys, `k${index}`)).toBe(true);
    expect(keys.buckets).not.toBeNull();
    expect(addKey(keys, 'a')).toBe(false);
    expect(addKey(keys, long('1'))).toBe(false);
    expect(addKey(keys, long('2'))).toBe(true);
    expect(addKey(keys, long('2'))).toBe(false);
    expect(addKey(keys, long('1', 16_384))).toBe(true);
    expect(addKey(keys, long('1', 16_383))).toBe(true);
    expect(addKey(keys, 'k19')).toBe(false);
    expect(addKey(keys, 'b')).toBe(true);
  });
});
