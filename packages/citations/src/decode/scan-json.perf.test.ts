// Scale: objects of keys longer than 16,383 characters, bounded by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { longKeys, objectOf } from '../../../../tests/adversarial/long-keys.js';
import { scanJson } from './scan-json.js';

const scan = (text: string) => scanJson(text, 0, text.length, 64);

describe('scanJson', () => {
  // r16: V8 hashes a string longer than 16,383 units by its length, so n such keys in a Set cost n² comparisons
  // (safeDecodeJson of 1,600 of them in one record: 3.3 s).
  it('checks keys longer than 16,383 characters for repeats in time linear in their number', () => {
    const make = (size: number) => {
      const text = objectOf(longKeys(size));
      return () => scan(text);
    };
    expect(growth(make, 25)).toBeLessThan(BOUND);
    const keys = longKeys(40);
    expect(scan(objectOf(keys))).toBeNull();
    expect(scan(objectOf([...keys, `${keys[7]!}y`]))).toBeNull();
    // The repeat is found where it was, also written with an escape.
    const escaped = `"\\u0078${keys[7]!.slice(1)}"`;
    const text = `{"a":${objectOf(keys).slice(0, -1)},${escaped}:1}}`;
    const position = text.indexOf(escaped);
    expect(scan(text)).toEqual({
      code: 'duplicate_key',
      position,
      message: `Duplicate key "${'x'.repeat(40)}…" at position ${position}; expected each key once per object.`,
    });
  });
});
