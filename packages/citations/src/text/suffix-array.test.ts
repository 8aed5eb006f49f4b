import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { suffixArray } from './suffix-array.js';

/** The suffix array by sorting every suffix: quadratic, the reference. */
function naive(text: readonly number[]): number[] {
  const compare = (a: number, b: number): number => {
    while (a < text.length && b < text.length && text[a] === text[b]) {
      a++;
      b++;
    }
    if (a === text.length) return -1;
    if (b === text.length) return 1;
    return text[a]! - text[b]!;
  };
  return text.map((_, i) => i).sort(compare);
}

const withSentinel = (symbols: readonly number[]): Int32Array => Int32Array.from([...symbols, 0]);

describe('suffixArray', () => {
  it('sorts the suffixes of small texts', () => {
    expect(Array.from(suffixArray(withSentinel([]), 1))).toEqual([0]);
    expect(Array.from(suffixArray(withSentinel([1]), 2))).toEqual([1, 0]);
    // "banana" with a=1, b=2, n=3.
    expect(Array.from(suffixArray(withSentinel([2, 1, 3, 1, 3, 1]), 4))).toEqual([6, 5, 3, 1, 0, 4, 2]);
    expect(Array.from(suffixArray(withSentinel([1, 1, 1, 1]), 2))).toEqual([4, 3, 2, 1, 0]);
  });

  it('agrees with sorting every suffix, on small alphabets that force deep recursion (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 300 }), (symbols) => {
        expect(Array.from(suffixArray(withSentinel(symbols), 5))).toEqual(naive([...symbols, 0]));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('agrees with sorting every suffix on periodic texts and large alphabets (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        (period, repeats) => {
          const symbols = Array.from({ length: repeats }, () => period).flat();
          expect(Array.from(suffixArray(withSentinel(symbols), 1001))).toEqual(naive([...symbols, 0]));
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
