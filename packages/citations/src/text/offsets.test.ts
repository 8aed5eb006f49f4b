import { InvalidArgumentError } from '@gk/internal';
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

/** Every offset conversion at the end of `text`, after checking it against TextEncoder and Array.from. */
function atEnd(text: string): { points: number; bytes: number } {
  const points = toCodePointOffset(text, text.length);
  const bytes = toUtf8ByteOffset(text, text.length);
  expect(fromCodePointOffset(text, points)).toBe(text.length);
  expect(fromUtf8ByteOffset(text, bytes)).toBe(text.length);
  expect(points).toBe(Array.from(text).length);
  expect(bytes).toBe(new TextEncoder().encode(text).length);
  return { points, bytes };
}

/** The message of the InvalidArgumentError `run` throws (code `invalid_argument`, parameter `offset`). */
function rangeError(run: () => number): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({ code: 'invalid_argument', parameter: 'offset' });
    return (error as Error).message;
  }
  throw new Error('expected an InvalidArgumentError');
}

describe('offset helpers: character widths', () => {
  it('counts UTF-8 bytes at the edge of each range', () => {
    const widths: Array<[string, number]> = [
      ['\u0000', 1],
      ['a', 1],
      ['\u007f', 1],
      ['\u0080', 2],
      ['\u00e9', 2],
      ['\u07ff', 2],
      ['\u0800', 3],
      ['\ud7ff', 3],
      ['\ue000', 3],
      ['\uffff', 3],
      ['\ud800\udc00', 4],
      ['\udbff\udfff', 4],
      ['\ud83d\ude00', 4],
    ];
    for (const [char, bytes] of widths) {
      expect(atEnd(char), JSON.stringify(char)).toEqual({ points: 1, bytes });
      expect(atEnd(`x${char}y`), JSON.stringify(char)).toEqual({ points: 3, bytes: bytes + 2 });
    }
  });

  it('counts a surrogate that is not a high one followed by a low one as one code point of 3 bytes', () => {
    // [text, code points, UTF-8 bytes]
    const lone: Array<[string, number, number]> = [
      ['\ud800', 1, 3],
      ['\udbff', 1, 3],
      ['\udc00', 1, 3],
      ['\udfff', 1, 3],
      ['\udc00\ud800', 2, 6], // low then high
      ['\ud800\ud800', 2, 6], // two highs
      ['\udbff\udbff', 2, 6],
      ['\udc00\udc00', 2, 6], // two lows
      ['\udfff\udfff', 2, 6],
      ['\ud800a', 2, 4], // high then an ASCII letter
      ['\ud800\ue000', 2, 6], // high then the first character past the low range
      ['\ud800\udbff', 2, 6],
      ['a\udc00', 2, 4], // ASCII letter then low
      ['\ud7ff\udc00', 2, 6], // the last character before the high range, then low
      ['\uffff\udc00', 2, 6],
    ];
    for (const [text, points, bytes] of lone) {
      const label = JSON.stringify(text);
      expect(toCodePointOffset(text, text.length), label).toBe(points);
      expect(toUtf8ByteOffset(text, text.length), label).toBe(bytes);
      expect(fromCodePointOffset(text, points), label).toBe(text.length);
      expect(fromUtf8ByteOffset(text, bytes), label).toBe(text.length);
      expect(toCodePointOffset(text, 1), label).toBe(1);
      expect(new TextEncoder().encode(text).length, label).toBe(bytes);
    }
    expect(atEnd('\ud800\ud800\udc00')).toEqual({ points: 2, bytes: 7 });
    expect(atEnd('\ud800\udc00\udc00')).toEqual({ points: 2, bytes: 7 });
  });

  it('maps every offset of a mixed text both ways', () => {
    const text = 'a\u00e9\u0800\ud83d\ude00\ud800b'; // widths 1, 1, 1, 2, 1, 1 code units
    const utf16 = [0, 1, 2, 3, 5, 6, 7];
    const points = [0, 1, 2, 3, 4, 5, 6];
    const bytes = [0, 1, 3, 6, 10, 13, 14];
    expect(utf16.map((o) => toCodePointOffset(text, o))).toEqual(points);
    expect(points.map((o) => fromCodePointOffset(text, o))).toEqual(utf16);
    expect(utf16.map((o) => toUtf8ByteOffset(text, o))).toEqual(bytes);
    expect(bytes.map((o) => fromUtf8ByteOffset(text, o))).toEqual(utf16);
  });

  it('maps offset 0 to 0 in every text, including the empty one', () => {
    for (const text of ['', 'a', '\ud83d\ude00', '\ud800']) {
      expect(toCodePointOffset(text, 0)).toBe(0);
      expect(fromCodePointOffset(text, 0)).toBe(0);
      expect(toUtf8ByteOffset(text, 0)).toBe(0);
      expect(fromUtf8ByteOffset(text, 0)).toBe(0);
    }
  });
});

describe('offset helpers: error messages', () => {
  it('names the unit, the allowed range and the offset received when it is outside the text or not an integer', () => {
    expect(rangeError(() => toCodePointOffset('abc', 4))).toBe(
      'Invalid offset: expected an integer UTF-16 offset in 0..3, received number 4.',
    );
    expect(rangeError(() => toUtf8ByteOffset('abc', -1))).toBe(
      'Invalid offset: expected an integer UTF-16 offset in 0..3, received number -1.',
    );
    expect(rangeError(() => toCodePointOffset('abc', 1.5))).toBe(
      'Invalid offset: expected an integer UTF-16 offset in 0..3, received number 1.5.',
    );
    expect(rangeError(() => toUtf8ByteOffset('', Number.NaN))).toBe(
      'Invalid offset: expected an integer UTF-16 offset in 0..0, received number NaN.',
    );
    expect(rangeError(() => fromCodePointOffset('abc', Number.POSITIVE_INFINITY))).toBe(
      'Invalid offset: expected an integer code point offset in 0..3, received number Infinity.',
    );
    expect(rangeError(() => fromCodePointOffset('', 1))).toBe(
      'Invalid offset: expected an integer code point offset in 0..0, received number 1.',
    );
    expect(rangeError(() => fromUtf8ByteOffset('ab', 7))).toBe(
      'Invalid offset: expected an integer UTF-8 byte offset in 0..6, received number 7.',
    );
    expect(rangeError(() => fromUtf8ByteOffset('ab', -0.5))).toBe(
      'Invalid offset: expected an integer UTF-8 byte offset in 0..6, received number -0.5.',
    );
  });

  it('reports a code point or byte offset past the end of the text with the real maximum', () => {
    expect(rangeError(() => fromCodePointOffset('a\ud83d\ude00', 3))).toBe(
      'Invalid offset: expected a code point offset in 0..2, received number 3.',
    );
    expect(rangeError(() => fromUtf8ByteOffset('a', 2))).toBe(
      'Invalid offset: expected a UTF-8 byte offset in 0..1, received number 2.',
    );
    expect(rangeError(() => fromUtf8ByteOffset('ab', 3))).toBe(
      'Invalid offset: expected a UTF-8 byte offset in 0..2, received number 3.',
    );
    expect(rangeError(() => fromUtf8ByteOffset('\u00e9', 3))).toBe(
      'Invalid offset: expected a UTF-8 byte offset in 0..2, received number 3.',
    );
  });

  it('refuses a UTF-16 offset between the two halves of a pair, at any position', () => {
    expect(rangeError(() => toCodePointOffset('\ud83d\ude00', 1))).toBe(
      'Invalid offset: expected a UTF-16 offset that does not split a surrogate pair, received number 1.',
    );
    expect(rangeError(() => toUtf8ByteOffset('ab\ud83d\ude00c', 3))).toBe(
      'Invalid offset: expected a UTF-16 offset that does not split a surrogate pair, received number 3.',
    );
    expect(toCodePointOffset('ab\ud83d\ude00c', 4)).toBe(3);
    expect(toUtf8ByteOffset('ab\ud83d\ude00c', 4)).toBe(6);
  });

  it('refuses a byte offset inside a 2-, 3- or 4-byte character', () => {
    expect(rangeError(() => fromUtf8ByteOffset('\u00e9', 1))).toBe(
      'Invalid offset: expected a UTF-8 byte offset at the start of a character, received number 1.',
    );
    for (const offset of [2, 3]) {
      expect(rangeError(() => fromUtf8ByteOffset('a\u0800', offset))).toBe(
        `Invalid offset: expected a UTF-8 byte offset at the start of a character, received number ${offset}.`,
      );
    }
    for (const offset of [1, 2, 3]) {
      expect(rangeError(() => fromUtf8ByteOffset('\ud83d\ude00b', offset))).toBe(
        `Invalid offset: expected a UTF-8 byte offset at the start of a character, received number ${offset}.`,
      );
    }
    expect(rangeError(() => fromUtf8ByteOffset('\ud800', 2))).toBe(
      'Invalid offset: expected a UTF-8 byte offset at the start of a character, received number 2.',
    );
    expect(fromUtf8ByteOffset('\ud83d\ude00b', 4)).toBe(2);
    expect(fromUtf8ByteOffset('\ud83d\ude00b', 5)).toBe(3);
  });
});
