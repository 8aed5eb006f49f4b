import { describe, expect, it } from 'vitest';
import { MARKS, QUOTATION_MARK, referenceMark } from '../verify/quotation-marks.js';
import { shownCodePoint } from './shown-code-point.js';

describe('shownCodePoint', () => {
  it('reads 0x80–0x9F through Windows-1252, as HTML does', () => {
    expect([0x80, 0x85, 0x91, 0x93, 0x96, 0x97, 0x99, 0x9f].map(shownCodePoint)).toEqual([
      0x20ac, 0x2026, 0x2018, 0x201c, 0x2013, 0x2014, 0x2122, 0x178,
    ]);
  });

  it('leaves the five bytes Windows-1252 leaves undefined as controls', () => {
    for (const code of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) expect(shownCodePoint(code)).toBe(code);
  });

  it('reads 0, a surrogate, anything past U+10FFFF and no number as U+FFFD', () => {
    for (const code of [0, 0xd800, 0xdfff, 0x110000, 1e30, Number.POSITIVE_INFINITY, Number.NaN])
      expect(shownCodePoint(code)).toBe(0xfffd);
  });

  it('keeps any other code point', () => {
    for (const code of [1, 0x7f, 0xa0, 0xd7ff, 0xe000, 0x201c, 0x10ffff])
      expect(shownCodePoint(code)).toBe(code);
  });

  it('agrees with the quotation scan on which references 0x80–0x9F show a mark', () => {
    for (let code = 0x80; code <= 0x9f; code++) {
      const shown = shownCodePoint(code);
      for (const reference of [`&#${code};`, `&#x${code.toString(16)};`]) {
        expect(QUOTATION_MARK.test(reference), reference).toBe(MARKS.has(shown));
        if (MARKS.has(shown)) expect(referenceMark(reference), reference).toEqual([MARKS.get(shown), shown]);
      }
    }
  });
});
