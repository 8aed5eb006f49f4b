import { isAscii, isUtf8 } from 'node:buffer';
import type { LineIssue } from '../verify/map-record.js';
import type { RawLineBatch } from './split-line-batches.js';

/** A batch's lines, decoded one at a time, with the lines that could not be read (too long, not UTF-8) in line order. */
export interface DecodedLineBatch {
  /** How many lines there are. */
  count: number;
  /** Line `index` as text, decoded when asked for. */
  line(index: number): string;
  /** The length of line `index` in bytes, as read. */
  byteLength(index: number): number;
  numbers: number[];
  issues: LineIssue[];
}

/**
 * Decodes the lines of a {@link RawLineBatch}, each when asked for: one string per line dies young, where one
 * string for the whole batch (over 128 KB) would be allocated straight into the old generation and make V8
 * collect it far more often. A batch that is valid UTF-8 as a whole needs no check per line (a newline never
 * occurs inside a multibyte character, so every line is valid too); otherwise each line is checked on its own,
 * and a line that is not UTF-8 is reported as `invalid_utf8` and left out.
 */
export function decodeLineBatch(
  batch: Pick<RawLineBatch, 'bytes' | 'ends' | 'numbers' | 'issues'>,
): DecodedLineBatch {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  const ends = batch.ends;
  // ASCII (most logs) decodes as Latin-1, which copies the bytes; UTF-8 decoding checks each one.
  const ascii = isAscii(bytes);
  if (ascii || isUtf8(bytes)) {
    const encoding = ascii ? 'latin1' : 'utf8';
    return {
      count: ends.length,
      line: (index) => bytes.toString(encoding, index === 0 ? 0 : ends[index - 1]! + 1, ends[index]),
      byteLength: (index) => ends[index]! - (index === 0 ? 0 : ends[index - 1]! + 1),
      numbers: batch.numbers,
      issues: batch.issues,
    };
  }
  const lines: string[] = [];
  const lengths: number[] = [];
  const numbers: number[] = [];
  const invalid: LineIssue[] = [];
  let start = 0;
  for (let index = 0; index < ends.length; index++) {
    const end = ends[index]!;
    const line = bytes.subarray(start, end);
    start = end + 1;
    if (isUtf8(line)) {
      lines.push(line.toString('utf8'));
      lengths.push(line.length);
      numbers.push(batch.numbers[index]!);
    } else {
      invalid.push({ line: batch.numbers[index]!, code: 'invalid_utf8', message: 'line is not valid UTF-8' });
    }
  }
  return {
    count: lines.length,
    line: (index) => lines[index]!,
    byteLength: (index) => lengths[index]!,
    numbers,
    issues: mergeByLine(batch.issues, invalid),
  };
}

function mergeByLine(first: LineIssue[], second: LineIssue[]): LineIssue[] {
  if (first.length === 0) return second;
  const merged: LineIssue[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    if (j === second.length || (i < first.length && first[i]!.line < second[j]!.line))
      merged.push(first[i++]!);
    else merged.push(second[j++]!);
  }
  return merged;
}
