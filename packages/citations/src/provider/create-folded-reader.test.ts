import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { normalizeWithMap } from '../text/normalize-text.js';
import { createFoldedReader, foldKeepingExponents } from './create-folded-reader.js';

const fold = (text: string): string => foldKeepingExponents(text).text;
const SUPERSCRIPT = /[\u00b2\u2076\u207b]/;
const splitsPair = (text: string, i: number): boolean =>
  /[\ud800-\udbff]/.test(text[i - 1] ?? '') && /[\udc00-\udfff]/.test(text[i] ?? '');

// Character boundaries of a text built from pieces: the joints between pieces never split a character.
const PIECES = [
  'a',
  'B',
  '.',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u00ad',
  '\u202e',
  '\u2014',
  '\u201c',
  'é',
  'e\u0301',
  '\u00a8',
  'ﬁ',
  '😀',
  '\ud800',
  '\udfff',
  '漢',
  '1',
  '\u00b2',
  '\u2076',
  '\u207b',
];

describe('createFoldedReader', () => {
  it('reads what folding the slice itself gives (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        (pieces, a, b) => {
          const boundaries = [0];
          for (const piece of pieces) boundaries.push(boundaries[boundaries.length - 1]! + piece.length);
          const text = pieces.join('');
          const start = boundaries[Math.min(a, b) % boundaries.length]!;
          const end = boundaries[Math.max(a, b) % boundaries.length]!;
          const [from, to] = start <= end ? [start, end] : [end, start];
          // Two lone surrogates side by side make a pair: a joint between them is no character boundary.
          if (splitsPair(text, from) || splitsPair(text, to)) return;
          // A superscript that starts the slice reads as in the whole text (see below).
          if (from < to && SUPERSCRIPT.test(text[from]!)) return;
          const read = createFoldedReader(text)(from, to);
          const expected = fold(text.slice(from, to));
          if (read === null) expect([' ', '']).toContain(expected);
          else expect(read).toBe(expected);
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('reads slices around whitespace runs, expansions and invisible characters', () => {
    const text = 'A  \u200b  b\u00a0\u00a0c ﬁ e\u0301.';
    const read = createFoldedReader(text);
    expect(read(0, text.length)).toBe(fold(text));
    expect(read(1, 7)).toBe(' b');
    expect(read(2, 4)).toBeNull(); // inside the run: blank
    expect(read(0, 3)).toBe('A ');
    expect(read(11, 12)).toBe('fi');
    expect(read(12, 15)).toBe(' e\u0301');
    expect(read(5, 5)).toBe('');
  });
});

describe('foldKeepingExponents', () => {
  it('keeps a superscript digit or letter after a digit (an exponent), and a digit at the start, as wordSequence reads it; folds it elsewhere', () => {
    expect(fold('10\u2076 and 2\u2074\u2070, m\u00b2 or \u00b2')).toBe('10\u2076 and 2\u2074\u2070, m2 or 2');
    expect(fold('\u00b2 and \u00b2\u00b3')).toBe('\u00b2 and 2\u00b3');
    // A superscript letter after a digit or superscript too; elsewhere (after a letter, at the start) it folds.
    expect(fold('2\u207f, 10\u1d4f\u207f, k\u02b0, \u207f, 1\u00ba')).toBe(
      '2\u207f, 10\u1d4f\u207f, kh, n, 1o',
    );
    const { originalStart, originalEnd } = foldKeepingExponents('10\u2076 \u00a0x');
    const plain = normalizeWithMap('10\u2076 \u00a0x');
    expect([originalStart, originalEnd]).toEqual([plain.originalStart, plain.originalEnd]);
  });

  it('keeps a superscript sign or parenthesis after a digit or superscript, and the digits after it; folds it elsewhere', () => {
    expect(fold('10\u207b\u2076 M, 10\u207a\u2076, 2\u207d\u00b9\u207e and 5\u207c')).toBe(
      '10\u207b\u2076 M, 10\u207a\u2076, 2\u207d\u00b9\u207e and 5\u207c',
    );
    // A sign elsewhere reads as the sign, and a superscript digit after it stays (it is the exponent's).
    expect(fold('\u207b40 \u00b0C, x\u207a, (\u207b\u00b3)')).toBe('-40 \u00b0C, x+, (-\u00b3)');
    expect(fold('\u207b\u2076')).toBe('-\u2076');
    const { originalStart, originalEnd } = foldKeepingExponents('2\u207b\u00b3 \u00a0x');
    const plain = normalizeWithMap('2\u207b\u00b3 \u00a0x');
    expect([originalStart, originalEnd]).toEqual([plain.originalStart, plain.originalEnd]);
  });

  it('reads a superscript digit that starts a slice as the whole text does', () => {
    const read = createFoldedReader('Population: 10\u2076 \u00a0people, 5 m\u00b2.');
    expect(read(12, 15)).toBe('10\u2076');
    expect(read(14, 17)).toBe('\u2076 ');
    expect(read(12, 23)).toBe('10\u2076 people');
    expect(read(28, 29)).toBe('2');
  });
});
