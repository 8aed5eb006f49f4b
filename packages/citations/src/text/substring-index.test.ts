import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { createSubstringIndex } from './substring-index.js';

/** The first position of `pattern` in `sequence` by trying every start: the reference. */
function naiveFirst(sequence: readonly number[], pattern: readonly number[]): number {
  if (pattern.length === 0) return -1;
  for (let i = 0; i + pattern.length <= sequence.length; i++) {
    if (pattern.every((symbol, k) => sequence[i + k] === symbol)) return i;
  }
  return -1;
}

describe('createSubstringIndex', () => {
  it('finds the first occurrence of a pattern, or -1', () => {
    const index = createSubstringIndex([2, 1, 3, 1, 3, 1], 4);
    expect(index.first(Int32Array.of(1, 3))).toBe(1);
    expect(index.first(Int32Array.of(1, 3, 1, 3, 1))).toBe(1);
    expect(index.first(Int32Array.of(3, 1))).toBe(2);
    expect(index.first(Int32Array.of(1))).toBe(1);
    expect(index.first(Int32Array.of(2, 1, 3, 1, 3, 1))).toBe(0);
    expect(index.first(Int32Array.of(3, 3))).toBe(-1);
    expect(index.first(Int32Array.of(2, 1, 3, 1, 3, 1, 1))).toBe(-1);
  });

  it('finds nothing for an empty pattern, symbols outside the alphabet or an empty sequence', () => {
    const index = createSubstringIndex([1, 2], 3);
    expect(index.first(new Int32Array(0))).toBe(-1);
    expect(index.first(Int32Array.of(0))).toBe(-1);
    expect(index.first(Int32Array.of(3))).toBe(-1);
    expect(index.first(Int32Array.of(-1))).toBe(-1);
    expect(createSubstringIndex([], 1).first(Int32Array.of(1))).toBe(-1);
  });

  it('returns the first of many occurrences, far apart in suffix order', () => {
    const sequence = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 2 : 1));
    const index = createSubstringIndex(sequence, 3);
    expect(index.first(Int32Array.of(1, 1, 1))).toBe(1);
    expect(index.first(Int32Array.of(2, 1, 1, 1, 1, 1, 1, 2))).toBe(0);
    expect(index.first(Int32Array.of(1, 1, 1, 1, 1, 1, 1))).toBe(-1);
  });

  it('agrees with trying every start (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 400 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (sequence, pattern, from) => {
          const index = createSubstringIndex(sequence, 4);
          expect(index.first(Int32Array.from(pattern))).toBe(naiveFirst(sequence, pattern));
          // A pattern cut from the sequence itself is always found, at its first occurrence.
          if (sequence.length > 0) {
            const start = from % sequence.length;
            const cut = sequence.slice(start, start + pattern.length);
            expect(index.first(Int32Array.from(cut))).toBe(naiveFirst(sequence, cut));
          }
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});
