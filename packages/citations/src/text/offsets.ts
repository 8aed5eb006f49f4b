import { InvalidArgumentError } from '@gk/internal';
// Offsets in this package are UTF-16 code units; these helpers convert for consumers in other languages.
// A lone surrogate counts as one code point and as 3 UTF-8 bytes (TextEncoder writes it as U+FFFD).
// An offset outside the text, not an integer, or splitting a surrogate pair / a UTF-8 sequence throws an
// InvalidArgumentError (code `invalid_argument`): a silently clamped offset would cite the wrong characters.

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Width in UTF-16 code units of the character starting at `i`. */
function widthAt(text: string, i: number): 1 | 2 {
  return isHigh(text.charCodeAt(i)) && i + 1 < text.length && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
}

function utf8Bytes(text: string, i: number, width: 1 | 2): number {
  if (width === 2) return 4;
  const code = text.charCodeAt(i);
  return code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
}

function splits(offset: number, expected: string): InvalidArgumentError {
  return new InvalidArgumentError({ parameter: 'offset', expected, received: offset });
}

function checkText(text: string): void {
  if (typeof text !== 'string')
    throw new InvalidArgumentError({ parameter: 'text', expected: 'a string', received: text });
}

function checkOffset(offset: number, max: number, unit: string): void {
  if (!Number.isInteger(offset) || offset < 0 || offset > max) {
    throw new InvalidArgumentError({
      parameter: 'offset',
      expected: `an integer ${unit} offset in 0..${max}`,
      received: offset,
    });
  }
}

/** Converts a UTF-16 offset into a code point offset. */
export function toCodePointOffset(text: string, offset: number): number {
  checkText(text);
  checkOffset(offset, text.length, 'UTF-16');
  let points = 0;
  let i = 0;
  while (i < offset) {
    i += widthAt(text, i);
    points++;
  }
  if (i !== offset) throw splits(offset, 'a UTF-16 offset that does not split a surrogate pair');
  return points;
}

/** Converts a code point offset into a UTF-16 offset. */
export function fromCodePointOffset(text: string, offset: number): number {
  checkText(text);
  checkOffset(offset, text.length, 'code point');
  let i = 0;
  for (let points = 0; points < offset; points++) {
    if (i >= text.length) {
      throw new InvalidArgumentError({
        parameter: 'offset',
        expected: `a code point offset in 0..${points}`,
        received: offset,
      });
    }
    i += widthAt(text, i);
  }
  return i;
}

/** Converts a UTF-16 offset into a UTF-8 byte offset. */
export function toUtf8ByteOffset(text: string, offset: number): number {
  checkText(text);
  checkOffset(offset, text.length, 'UTF-16');
  let bytes = 0;
  let i = 0;
  while (i < offset) {
    const width = widthAt(text, i);
    bytes += utf8Bytes(text, i, width);
    i += width;
  }
  if (i !== offset) throw splits(offset, 'a UTF-16 offset that does not split a surrogate pair');
  return bytes;
}

/** Converts a UTF-8 byte offset into a UTF-16 offset. */
export function fromUtf8ByteOffset(text: string, offset: number): number {
  checkText(text);
  checkOffset(offset, text.length * 3, 'UTF-8 byte');
  let bytes = 0;
  let i = 0;
  while (bytes < offset) {
    if (i >= text.length) {
      throw new InvalidArgumentError({
        parameter: 'offset',
        expected: `a UTF-8 byte offset in 0..${bytes}`,
        received: offset,
      });
    }
    const width = widthAt(text, i);
    bytes += utf8Bytes(text, i, width);
    i += width;
  }
  if (bytes !== offset) throw splits(offset, 'a UTF-8 byte offset at the start of a character');
  return i;
}
