// The integers a JSON line writes otherwise than as String() writes them back, found by the exact path of each
// (finding cli2-1: found by key name, an exact id was refused for another field of that name).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { inexactIntegers } from './inexact-integers.js';

describe('inexactIntegers', () => {
  it('finds each inexact integer at its own path, and nothing at the paths of exact ones', () => {
    const text =
      '{"id":5,"meta":{"id":5.0,"n":[1,-0,1E2,[1.0e0]]},"a":[{"id":0.0},{"id":0}],"s":"{\\"id\\":5.0}","t":true}';
    const found = inexactIntegers(text);
    expect(found.at(['id'], 5)).toBeUndefined();
    expect(found.at(['meta', 'id'], 5)).toBe('5.0');
    expect(found.at(['meta', 'n', 0], 1)).toBeUndefined();
    expect(found.at(['meta', 'n', 1], -0)).toBe('-0');
    expect(found.at(['meta', 'n', 2], 100)).toBe('1E2');
    expect(found.at(['meta', 'n', 3, 0], 1)).toBe('1.0e0');
    expect(found.at(['a', 0, 'id'], 0)).toBe('0.0');
    expect(found.at(['a', 1, 'id'], 0)).toBeUndefined();
    // Text inside a string is no number, and a key of an array's element is no index.
    expect(found.at(['s'], 5)).toBeUndefined();
    expect(found.at(['meta', 'n', '1'], -0)).toBeUndefined();
    expect(found.at(['a', '0', 'id'], 0)).toBeUndefined();
    expect(found.at([], 5)).toBeUndefined();
  });

  it('reads a key written with escapes as JSON does', () => {
    const found = inexactIntegers('{"\\u0069d":5e0,"m\\"e\\\\t\\/a":{"\\u0064ocumentId":1.0}}');
    expect(found.at(['id'], 5)).toBe('5e0');
    expect(found.at(['m"e\\t/a', 'documentId'], 1)).toBe('1.0');
  });

  it('names a number only at the value it was written as', () => {
    const found = inexactIntegers('{"id":2.0,"x":[1.0]}');
    expect(found.at(['id'], 2)).toBe('2.0');
    expect(found.at(['id'], 3)).toBeUndefined();
    expect(found.at(['x', 0], 2)).toBeUndefined();
  });

  it('keeps what every value at one path was written as, when a key is given twice', () => {
    const found = inexactIntegers('{"a":{"id":1.0},"a":{"id":1},"b":2.0,"b":3.0}');
    expect(found.at(['a', 'id'], 1)).toBe('1.0');
    expect(found.at(['b'], 3)).toBe('3.0');
  });

  it('grows linearly with nesting and numbers (ratio of 8n to n, bound 24; quadratic would be 64)', {
    timeout: 300_000,
  }, () => {
    const make = (size: number) => {
      // Deep arrays and objects, each holding inexact integers: a path copied per number would be quadratic.
      const text = `${'[{"k":1.0,"a":'.repeat(size)}[${'1.0,'.repeat(size)}1]${'}]'.repeat(size)}`;
      return () => inexactIntegers(text).at([0, 'a', 0, 'k'], 1);
    };
    expect(growth(make, 2000)).toBeLessThan(BOUND);
  });
});
