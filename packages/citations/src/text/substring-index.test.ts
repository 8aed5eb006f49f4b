import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { createSubstringIndex } from './substring-index.js';

/** The first position of `pattern` in `sequence` by trying every start: the reference. */
function naiveFirst(sequence: readonly string[], pattern: readonly string[]): number {
  for (let i = 0; i + pattern.length <= sequence.length; i++) {
    if (pattern.every((item, k) => sequence[i + k] === item)) return i;
  }
  return -1;
}

const split = (text: string): string[] => (text === '' ? [] : text.split(' '));

describe('createSubstringIndex', () => {
  it('finds the first occurrence of a pattern, or -1', () => {
    const first = createSubstringIndex(split('b a n a n a'));
    expect(first(split('a n'))).toBe(1);
    expect(first(split('a n a n a'))).toBe(1);
    expect(first(split('n a'))).toBe(2);
    expect(first(split('a'))).toBe(1);
    expect(first(split('b a n a n a'))).toBe(0);
    expect(first(split('n n'))).toBe(-1);
    expect(first(split('b a n a n a a'))).toBe(-1);
    expect(first(split('x'))).toBe(-1);
    expect(createSubstringIndex([])(split('a'))).toBe(-1);
  });

  it('compares items as whole strings, and keeps a state with many transitions apart from one with a single one', () => {
    const first = createSubstringIndex([
      'water',
      '\u0000 ',
      'boils',
      '\u0000, ',
      'water',
      '\u0000 ',
      'flows',
    ]);
    expect(first(['water', '\u0000 ', 'flows'])).toBe(4);
    expect(first(['water', '\u0000', 'flows'])).toBe(-1);
    expect(first(['wat'])).toBe(-1);
    expect(first(['\u0000, ', 'water'])).toBe(3);
  });

  it('returns the first of many occurrences in a long periodic sequence', () => {
    const sequence = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 'b' : 'a'));
    const first = createSubstringIndex(sequence);
    expect(first(split('a a a'))).toBe(1);
    expect(first(split('b a a a a a a b'))).toBe(0);
    expect(first(split('a a a a a a a'))).toBe(-1);
    expect(first(sequence.slice(4900))).toBe(naiveFirst(sequence, sequence.slice(4900)));
  });

  it('agrees with trying every start (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 400 }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (sequence, pattern, from) => {
          const first = createSubstringIndex(sequence);
          expect(first(pattern)).toBe(naiveFirst(sequence, pattern));
          // A pattern cut from the sequence itself is always found, at its first occurrence.
          if (sequence.length > 0) {
            const start = from % sequence.length;
            const cut = sequence.slice(start, start + pattern.length);
            expect(first(cut)).toBe(naiveFirst(sequence, cut));
          }
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('agrees with trying every start where states branch more than the table first holds (it grows)', () => {
    // Many distinct items: the first state alone has one transition per item, past the n slots the table starts with
    // at half full, and clones copy chains while it grows.
    const letters = Array.from({ length: 60 }, (_, k) => `w${k}`);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...letters), { minLength: 20, maxLength: 600 }),
        fc.array(fc.constantFrom(...letters.slice(0, 8)), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (sequence, pattern, from) => {
          const first = createSubstringIndex(sequence);
          expect(first(pattern)).toBe(naiveFirst(sequence, pattern));
          const start = from % sequence.length;
          const cut = sequence.slice(start, start + 1 + (from % 7));
          expect(first(cut)).toBe(naiveFirst(sequence, cut));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
    const distinct = Array.from({ length: 5000 }, (_, k) => `d${k}`);
    const all = createSubstringIndex([...distinct, ...distinct]);
    expect(all(['d4999', 'd0', 'd1'])).toBe(4999);
    expect(all(['d17', 'd18'])).toBe(17);
    expect(all(['d18', 'd17'])).toBe(-1);
  });
});
