import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForComparison, normalizeWithMap } from './normalize-text.js';

describe('normalizeWithMap', () => {
  it('unifies whitespace, quotes and dashes, drops zero-width characters and keeps a map back', () => {
    const input = 'A\u00a0 \u201cb\u201d\u2014c\u200bd\te';
    const { text, originalStart, originalEnd } = normalizeWithMap(input);
    expect(text).toBe('A "b"-cd e');
    expect(Array.from(originalStart)).toEqual([0, 1, 3, 4, 5, 6, 7, 9, 10, 11]);
    expect(Array.from(originalEnd)).toEqual([1, 3, 4, 5, 6, 7, 8, 10, 11, 12]);
  });

  it('maps every normalised unit inside the original, in order (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), fc.boolean(), (input, ignoreCase) => {
        const { text, originalStart, originalEnd } = normalizeWithMap(input, { ignoreCase });
        expect(originalStart.length).toBe(text.length);
        for (let i = 0; i < text.length; i++) {
          expect(originalStart[i]!).toBeLessThan(originalEnd[i]!);
          expect(originalEnd[i]!).toBeLessThanOrEqual(input.length);
          if (i > 0) expect(originalStart[i]!).toBeGreaterThanOrEqual(originalStart[i - 1]!);
        }
      }),
    );
  });
});

describe('normalizeForComparison', () => {
  it('folds case, compatibility forms, quotes, dashes and spaces on both paths', () => {
    expect(normalizeForComparison('  The  RATE\nrose ')).toBe('the rate rose');
    expect(normalizeForComparison('\ufb01ne \u201cR\u00c9SUM\u00c9\u201d \u2013 \u00a0x\u200b')).toBe(
      'fine "résumé" - x',
    );
  });

  it('gives ASCII text the same key on the plain and the collapsing path (property)', () => {
    // The reference: lower-case, drop controls, collapse every whitespace run to one space, trim.
    const reference = (s: string): string =>
      s
        .toLowerCase()
        .replace(/[\x00-\x08\x0e-\x1f\x7f]/g, '')
        .replace(/[\t-\r ]+/g, ' ')
        .trim();
    const ascii = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '  ', '\t', '\n', '\r', '.', '[1]', '\x00', '\x7f', '~', 'Z'),
      maxLength: 40,
    });
    fc.assert(fc.property(ascii, (s) => normalizeForComparison(s) === reference(s)));
    expect(normalizeForComparison(' Water  boils. ')).toBe('water boils.');
    expect(normalizeForComparison('Water boils.')).toBe('water boils.');
    expect(normalizeForComparison('a \t b')).toBe('a b');
  });
});
