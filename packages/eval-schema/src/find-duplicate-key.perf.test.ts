// Scale: objects of keys longer than 16,383 characters, bounded by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { longKeys, objectOf } from '../../../tests/adversarial/long-keys.js';
import { findDuplicateKey } from './find-duplicate-key.js';

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
