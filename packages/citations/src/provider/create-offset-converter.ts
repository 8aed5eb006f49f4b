import {
  fromCodePointOffset,
  fromUtf8ByteOffset,
  toCodePointOffset,
  toUtf8ByteOffset,
} from '../text/offsets.js';
import { lastAtMost } from './last-at-most.js';

/** What an offset counts: UTF-16 code units (JavaScript string indices), Unicode code points, or UTF-8 bytes. */
export type OffsetUnit = 'utf16' | 'code-point' | 'utf8';

/** Why an offset has no UTF-16 position: outside the text (or not a safe integer), or inside one character. */
export type OffsetProblem = 'outside' | 'inside';

/** Converts offsets in one unit of one text to UTF-16 and back. */
export interface OffsetConverter {
  readonly unit: OffsetUnit;
  /** The length of the text in the unit. */
  readonly length: number;
  /** The UTF-16 offset of `offset`, or why there is none. Half of a surrogate pair is `inside` in every unit. */
  toUtf16(offset: number): number | OffsetProblem;
  /** The offset in the unit of a UTF-16 offset that is a character boundary (as `toUtf16` returns). */
  fromUtf16(offset: number): number;
}

// Checkpoints every BLOCK code units make each conversion a binary search plus one helper call over at most a
// block, after one linear pass: a provider response may carry thousands of offsets into one long document.
const BLOCK = 4096;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
/** Whether offset `i` falls between the two halves of a surrogate pair of `text`. */
export const splitsPair = (text: string, i: number): boolean =>
  i > 0 && i < text.length && isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i));

/**
 * An offset converter for `text` in `unit`, counting with the package's offset helpers (a lone surrogate is
 * one code point and three UTF-8 bytes, as TextEncoder writes U+FFFD for it).
 */
export function createOffsetConverter(text: string, unit: OffsetUnit): OffsetConverter {
  const utf16: number[] = [0];
  const counts: number[] = [0];
  if (unit !== 'utf16') {
    const count = unit === 'utf8' ? toUtf8ByteOffset : toCodePointOffset;
    let at = 0;
    while (at < text.length) {
      let next = Math.min(text.length, at + BLOCK);
      if (splitsPair(text, next)) next++;
      const block = text.slice(at, next);
      utf16.push(next);
      counts.push(counts[counts.length - 1]! + count(block, block.length));
      at = next;
    }
  }
  const length = unit === 'utf16' ? text.length : counts[counts.length - 1]!;
  const toUtf16 = (offset: number): number | OffsetProblem => {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset > length) return 'outside';
    if (unit === 'utf16') return splitsPair(text, offset) ? 'inside' : offset;
    const i = lastAtMost(counts, offset);
    if (counts[i] === offset) return utf16[i]!;
    const block = text.slice(utf16[i], utf16[i + 1]);
    try {
      const within = unit === 'utf8' ? fromUtf8ByteOffset : fromCodePointOffset;
      return utf16[i]! + within(block, offset - counts[i]!);
    } catch {
      return 'inside'; // the helpers throw only for a byte offset that falls inside a character
    }
  };
  const fromUtf16 = (offset: number): number => {
    if (unit === 'utf16') return offset;
    const i = lastAtMost(utf16, offset);
    const block = text.slice(utf16[i], offset);
    return counts[i]! + (unit === 'utf8' ? toUtf8ByteOffset : toCodePointOffset)(block, block.length);
  };
  return { unit, length, toUtf16, fromUtf16 };
}
