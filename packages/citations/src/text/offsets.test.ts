import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCodePointOffset, fromUtf8ByteOffset, toCodePointOffset, toUtf8ByteOffset } from './offsets.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

const text = 'aé😀b\ud800c'; // 1 + 1 + 2 + 1 + 1 (lone surrogate) + 1 code units

describe('offset helpers', () => {
  it('convert UTF-16 offsets to code points and back, counting an emoji as one', () => {
    expect([0, 1, 2, 4, 5, 6, 7].map((o) => toCodePointOffset(text, o))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].map((o) => fromCodePointOffset(text, o))).toEqual([0, 1, 2, 4, 5, 6, 7]);
  });

  it('convert UTF-16 offsets to UTF-8 bytes and back, counting a lone surrogate as 3 bytes', () => {
    expect([0, 1, 2, 4, 5, 6, 7].map((o) => toUtf8ByteOffset(text, o))).toEqual([0, 1, 3, 7, 8, 11, 12]);
    expect(new TextEncoder().encode(text).length).toBe(12);
    expect([0, 1, 3, 7, 8, 11, 12].map((o) => fromUtf8ByteOffset(text, o))).toEqual([0, 1, 2, 4, 5, 6, 7]);
  });

  it('throw a RangeError for offsets outside the text, non-integers and split characters', () => {
    expect(() => toCodePointOffset(text, 8)).toThrow(RangeError);
    expect(() => toCodePointOffset(text, -1)).toThrow(RangeError);
    expect(() => toCodePointOffset(text, 1.5)).toThrow(RangeError);
    expect(() => toCodePointOffset(text, 3)).toThrow(/surrogate pair/);
    expect(() => toUtf8ByteOffset(text, 3)).toThrow(/surrogate pair/);
    expect(() => fromCodePointOffset(text, 7)).toThrow(RangeError);
    expect(() => fromUtf8ByteOffset(text, 2)).toThrow(/inside a character/);
    expect(() => fromUtf8ByteOffset(text, 13)).toThrow(RangeError);
    expect(() => toCodePointOffset('', Number.NaN)).toThrow(RangeError);
    expect(toCodePointOffset('', 0)).toBe(0);
  });

  it('agree with TextEncoder and Array.from on arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), (s, n) => {
        const points = Array.from(s);
        const k = n % (points.length + 1);
        const utf16 = points.slice(0, k).join('').length;
        expect(toCodePointOffset(s, utf16)).toBe(k);
        expect(fromCodePointOffset(s, k)).toBe(utf16);
        const bytes = new TextEncoder().encode(points.slice(0, k).join('')).length;
        expect(toUtf8ByteOffset(s, utf16)).toBe(bytes);
        expect(fromUtf8ByteOffset(s, bytes)).toBe(utf16);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
