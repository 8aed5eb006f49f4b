// Scale: objects of keys longer than 16,383 characters, bounded by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { findDuplicateKey } from './find-duplicate-key.js';

/** `count` distinct keys of one length above 16,383 UTF-16 units, which V8 hashes by their length alone. */
const longKeys = (count: number): string[] => {
  const prefix = 'x'.repeat(16_400);
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(6, '0')}`);
};

const objectOf = (keys: readonly string[]): string =>
  `{${keys.map((key) => `${JSON.stringify(key)}:0`).join(',')}}`;

describe('findDuplicateKey', () => {
  // r16: V8 hashes a string longer than 16,383 units by its length, so n such keys in a Set cost n² comparisons.
  it('reads keys longer than 16,383 characters in time linear in their number', () => {
    const make = (size: number) => {
      const text = objectOf(longKeys(size));
      return () => findDuplicateKey(text);
    };
    expect(growth(make, 100)).toBeLessThan(BOUND);
    const keys = longKeys(40);
    expect(findDuplicateKey(objectOf(keys))).toBeUndefined();
    expect(findDuplicateKey(`{"a":${objectOf([...keys, keys[7]!])}}`)).toEqual(['a', keys[7]]);
    expect(findDuplicateKey(objectOf([...keys, `${keys[7]!}y`]))).toBeUndefined();
  });
});
