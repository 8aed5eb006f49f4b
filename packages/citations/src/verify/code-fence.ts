import { quoteDepthOf } from './quote-depth.js';

/** A fenced code block open at the end of a line: its fence's character and length, and the block quotes it is in. */
export interface Fence {
  mark: string;
  length: number;
  depth: number;
}

/** What a line is to the fenced code blocks around it: code or not, and the block open after it (null: none). */
export interface FenceStep {
  code: boolean;
  /** The line is a fence: it opens or closes a block. */
  delimiter: boolean;
  fence: Fence | null;
}

// Block-quote marks, indentation, a list item's bullet or number, then three or more backticks or tildes and the
// info string. Every part is separated from the next by a character it cannot hold: one way to read a line.
const FENCE = /^((?:[ \t]*>)*)[ \t]*((?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})(.*)$/;

/**
 * Reads one line (no line break in it) after the fenced code block `open` (null: none), as CommonMark reads fences:
 * three or more backticks or tildes open a block (a backtick fence's info string holds no backtick), and a line of
 * as many or more of the same character closes it; every line from the opening fence to the closing one is code, and
 * a block never closed runs to the end. Block quotes and list items may hold a fence (indentation is not measured:
 * any indented fence is one); a line in fewer block quotes than the fence ends the quote and the block with it. An
 * empty line changes nothing (a CR LF pair reads as two line breaks). Linear in the line.
 */
export function fenceAfter(open: Fence | null, line: string): FenceStep {
  if (line === '') return { code: open !== null, delimiter: false, fence: open };
  if (open !== null && quoteDepthOf(line) >= open.depth) {
    // A closing fence holds nothing but its marks (no bullet: a list item's fence closes at its indentation).
    const [, , bullet, run = '', info = ''] = FENCE.exec(line) ?? [];
    const closes = !bullet && run[0] === open.mark && run.length >= open.length && !/[^ \t]/.test(info);
    return { code: true, delimiter: closes, fence: closes ? null : open };
  }
  const opening = openingFence(line);
  if (opening === null) return { code: false, delimiter: false, fence: null };
  const { start, end, depth } = opening;
  return { code: true, delimiter: true, fence: { mark: line[start]!, length: end - start, depth } };
}

/** Where the fence a line opens is (its backticks or tildes), and in how many block quotes; null: it opens none. */
export function openingFence(line: string): { start: number; end: number; depth: number } | null {
  const opening = mayHoldFence(line) ? FENCE.exec(line) : null;
  if (opening === null) return null;
  const [whole, marks = '', , run = '', info = ''] = opening;
  if (run[0] === '`' && info.includes('`')) return null;
  const end = whole.length - info.length;
  return { start: end - run.length, end, depth: quoteDepthOf(marks) };
}

/** Whether `text` may hold a fence: the cheap test before reading lines. */
export const mayHoldFence = (text: string): boolean => text.includes('```') || text.includes('~~~');
