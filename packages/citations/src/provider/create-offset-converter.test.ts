import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import {
  fromCodePointOffset,
  fromUtf8ByteOffset,
  toCodePointOffset,
  toUtf8ByteOffset,
} from '../text/offsets.js';
import { createOffsetConverter, type OffsetUnit } from './create-offset-converter.js';

const UNITS: OffsetUnit[] = ['utf16', 'code-point', 'utf8'];
const PIECES = ['a', ' ', 'é', 'e\u0301', '漢字', '😀', '👩‍💻', '\ud800', '\udfff', 'ß', '\u0000', '\u202e'];

/** The UTF-16 offset the package's helpers give, or what they refuse it as. */
function expected(text: string, unit: OffsetUnit, offset: number): number | 'outside' | 'inside' {
  const total =
    unit === 'utf16'
      ? text.length
      : unit === 'utf8'
        ? toUtf8ByteOffset(text, text.length)
        : toCodePointOffset(text, text.length);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > total) return 'outside';
  try {
    if (unit === 'utf16') {
      toCodePointOffset(text, offset); // throws for half of a surrogate pair
      return offset;
    }
    return unit === 'utf8' ? fromUtf8ByteOffset(text, offset) : fromCodePointOffset(text, offset);
  } catch {
    return 'inside';
  }
}

describe('createOffsetConverter', () => {
  it('converts exactly as the offset helpers do, in every unit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }),
        fc.constantFrom(...UNITS),
        (pieces, unit) => {
          const text = pieces.join('');
          const converter = createOffsetConverter(text, unit);
          for (let offset = -1; offset <= converter.length + 1; offset++) {
            const utf16 = converter.toUtf16(offset);
            expect(utf16).toBe(expected(text, unit, offset));
            if (typeof utf16 === 'number') expect(converter.fromUtf16(utf16)).toBe(offset);
          }
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('counts emoji, CJK, combining marks and lone surrogates in each unit', () => {
    const text = 'a😀漢e\u0301\ud800z';
    expect(createOffsetConverter(text, 'utf16').length).toBe(8);
    expect(createOffsetConverter(text, 'code-point').length).toBe(7);
    expect(createOffsetConverter(text, 'utf8').length).toBe(1 + 4 + 3 + 1 + 2 + 3 + 1);
    const bytes = createOffsetConverter(text, 'utf8');
    expect(bytes.toUtf16(5)).toBe(3); // after the emoji
    expect(bytes.toUtf16(3)).toBe('inside'); // inside the emoji's four bytes
    expect(bytes.toUtf16(7)).toBe('inside'); // inside 漢
    expect(bytes.toUtf16(11)).toBe(6); // after the combining acute, before the lone surrogate
    expect(bytes.toUtf16(14)).toBe(7);
    expect(createOffsetConverter(text, 'utf16').toUtf16(2)).toBe('inside'); // half of the emoji
    expect(createOffsetConverter(text, 'code-point').toUtf16(2)).toBe(3);
  });

  it('refuses offsets that are not safe integers or lie outside the text', () => {
    const converter = createOffsetConverter('abc', 'utf8');
    for (const offset of [-1, 4, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 10 ** 21])
      expect(converter.toUtf16(offset)).toBe('outside');
  });

  it('converts across block boundaries of a long text, including a pair cut by a block', () => {
    const text = `${'x'.repeat(4095)}😀${'漢'.repeat(5000)}\ud800${'😀'.repeat(3000)}`;
    for (const unit of UNITS) {
      const converter = createOffsetConverter(text, unit);
      for (const utf16 of [0, 4095, 4097, 9097, 9098, 9100, text.length]) {
        const offset = converter.fromUtf16(utf16);
        expect(converter.toUtf16(offset)).toBe(utf16);
        expect(expected(text, unit, offset)).toBe(utf16);
      }
    }
  });
});
