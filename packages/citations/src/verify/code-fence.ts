import { containerMarksEnd } from './container-marks-end.js';
import { quoteDepthOf } from './quote-depth.js';

/**
 * A fenced code block open at the end of a line: its fence's character and length, the block quotes it is in, what
 * each line of the block starts with (a pattern of its quote marks and the indentation before each), and the
 * columns past that its container's content may start at (`lo` to `hi`; the same when a list item's bullet after
 * the last quote mark tells).
 */
export interface Fence {
  mark: string;
  length: number;
  depth: number;
  /** What each line of the block starts with, as {@link prefixEnd} reads it. */
  prefix: string;
  lo: number;
  hi: number;
}

/** What a line is to the fenced code blocks around it: code or not, and the block open after it (null: none). */
export interface FenceStep {
  code: boolean;
  /** The line is a fence: it opens or closes a block. */
  delimiter: boolean;
  fence: Fence | null;
}

// Block-quote marks and list items' bullets or numbers, each after its indentation, then three or more backticks or
// tildes and the info string. Every part is separated from the next by a character it cannot hold (a bullet is
// followed by a space the next part takes): one way to read a line.
// The marks are scanned (containerMarksEnd: a regex repeating them keeps a backtrack entry per mark, and a long run
// overflows V8's stack), then the fence and its info string, as `[ \t]*(`{3,}|~{3,})(.*)$` reads them from where the
// marks end: scanned too, as that regex's runs overflowed V8's stack on millions of backticks where it does not
// optimize a regular expression (in a process that has compiled many).
const LINE_BREAK_IN_INFO = /[\n\r\u2028\u2029]/;

/** The line's fence parts as `[whole, marks, run, info]`, or null: no fence. */
function fenceParts(line: string): [string, string, string, string] | null {
  const end = containerMarksEnd(line);
  let start = end;
  while (line[start] === ' ' || line[start] === '\t') start++;
  const mark = line[start];
  if (mark !== '`' && mark !== '~') return null;
  let runEnd = start;
  while (line[runEnd] === mark) runEnd++;
  const info = line.slice(runEnd);
  return runEnd - start < 3 || LINE_BREAK_IN_INFO.test(info)
    ? null
    : [line, line.slice(0, end), line.slice(start, runEnd), info];
}

// A list item's bullet or number, after its indentation.
const BULLET = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** A block whose end CommonMark may put elsewhere than the verifier can tell: everything after it is code. */
const REST: Fence = { mark: '', length: Infinity, depth: 0, prefix: '', lo: 0, hi: 0 };

/**
 * Reads one line (no line break in it) after the fenced code block `open` (null: none), as CommonMark reads fences:
 * three or more backticks or tildes open a block (a backtick fence's info string holds no backtick), and a line of
 * as many or more of the same character, in as many block quotes and indented 0 to 3 columns past its container's
 * content, closes it; every line from the opening fence to the closing one is code, and a block never closed runs
 * to the end. A block ends with its container: at a line in fewer block quotes, or one indented less than a list
 * item's content. A fence's line tells where that content starts only with a bullet on it; where the lines cannot
 * tell a closing fence or an end from code, the rest of the answer is code (reading too little as code misreads the
 * fences after it), as it is from a fence on a line `joined` to another by a U+2028 or U+2029 before or after it (or
 * a line so joined in an open block). An empty line changes nothing (a CR LF pair reads as two line breaks). Linear
 * in the line.
 */
export function fenceAfter(open: Fence | null, line: string, joined = false): FenceStep {
  // CommonMark breaks no line at U+2028 or U+2029: a line one ends or starts is part of a longer line there, so a
  // fence on it, or a block open over it, may end or open anywhere.
  if (joined && (open !== null || openingFence(line) !== null))
    return { code: true, delimiter: open === null, fence: REST };
  if (line === '') return { code: open !== null, delimiter: false, fence: open };
  if (open !== null && quoteDepthOf(line) >= open.depth) {
    const indent = indentOf(line, open.depth);
    const head = prefixEnd(line, open.prefix);
    // A closing fence holds nothing but its marks, in the block quotes of its block (no bullet, no other mark).
    const [, marks = '', run = '', info = ''] = fenceParts(line) ?? [];
    const closes =
      quoteDepthOf(line) === open.depth &&
      !/[^ \t>]/.test(marks) &&
      run[0] === open.mark &&
      run.length >= open.length &&
      !/[^ \t]/.test(info) &&
      indent <= open.hi + 3;
    // Less indented than the content may start at, or with other marks before its block quotes: the block may end
    // with its list item (CommonMark), or the line be code (some renderers read lazy lines into the block). Or a
    // closing fence, if the content starts where the fence is. But a bullet or number less indented than the content
    // a bullet put where the fence is starts a list item (no renderer reads it into the block): the block ends.
    const ends = head !== -1 && open.lo === open.hi && indent < open.hi && BULLET.test(line.slice(head));
    if (!ends)
      return indent < open.hi || head === -1 || (closes && indent > open.lo + 3)
        ? { code: true, delimiter: false, fence: REST }
        : { code: true, delimiter: closes, fence: closes ? null : open };
  }
  const opening = openingFence(line);
  if (opening === null) return { code: false, delimiter: false, fence: null };
  const { start, end, ...fence } = opening;
  return { code: true, delimiter: true, fence: { mark: line[start]!, length: end - start, ...fence } };
}

/**
 * Where the fence a line opens is (its backticks or tildes), in how many block quotes, and where its container's
 * content may start (see {@link Fence}); null: it opens none.
 */
export function openingFence(
  line: string,
): { start: number; end: number; depth: number; prefix: string; lo: number; hi: number } | null {
  const opening = mayHoldFence(line) ? fenceParts(line) : null;
  if (opening === null) return null;
  const [whole, marks = '', run = '', info = ''] = opening;
  if (run[0] === '`' && info.includes('`')) return null;
  const end = whole.length - info.length;
  const start = end - run.length;
  const depth = marks.split('>').length - 1;
  // The fence's column past its block quotes, its bullets read as spaces: a bullet after the last quote mark puts
  // the content there; without one, the content starts up to 3 columns before it.
  const blanked = line.slice(0, start).replace(/[^ \t>]/g, ' ');
  const hi = indentOf(`${blanked}${run}`, depth);
  const bullet = /[^ \t>]/.test(marks.slice(marks.lastIndexOf('>') + 1));
  // What each line of the block starts with: its block-quote marks, each after what the fence line has before it,
  // up to 3 spaces more past a bullet (a list item's content starts at the mark); spaces that may be an earlier list
  // item's content must be there too, but none is 1 column wide (0 or 1 space: up to 3). Written as a string that
  // prefixEnd reads, not as a regex: millions of quote marks would make a regex of millions of terms.
  const quoted = marks.slice(0, marks.lastIndexOf('>') + 1);
  let prefix = '';
  for (let from = 0; from < quoted.length; ) {
    const to = quoted.indexOf('>', from) + 1;
    const part = quoted.slice(from, to);
    prefix += /[^ \t>]/.test(part)
      ? `${part.slice(0, -1).replace(/[^\t]/g, ' ')}${UP_TO_3}>`
      : /^ ?>/.test(part)
        ? `${UP_TO_3}>`
        : part;
    from = to;
  }
  // No list item's content starts 1 column in: a fence there without a bullet is in none (its content starts at 0).
  return {
    start,
    end,
    depth,
    prefix,
    lo: bullet ? hi : Math.max(0, hi - 3),
    hi: bullet || hi !== 1 ? hi : 0,
  };
}

/** In a {@link Fence}'s prefix: up to 3 spaces (the prefix holds nothing else but spaces, tabs and `>`). */
const UP_TO_3 = '*';

/**
 * Where the start of `line` that `prefix` describes ends (-1: it does not start so): each space, tab and `>` of the
 * prefix in turn, and for each {@link UP_TO_3}, as many spaces as there are, up to 3 (what ` {0,3}` matches before
 * the `>` after it). Reads at most the prefix's length of the line.
 */
function prefixEnd(line: string, prefix: string): number {
  let at = 0;
  for (let i = 0; i < prefix.length; i++) {
    const char = prefix[i];
    if (char === UP_TO_3) for (let n = 0; n < 3 && line[at] === ' '; n++) at++;
    else if (line[at++] !== char) return -1;
  }
  return at;
}

/**
 * The columns from where the content of the line's first `depth` block quotes starts (past the last of their marks
 * and a space after it) to the line's first character that is neither a space, a tab nor one of those marks (tabs
 * stop at multiples of 4); Infinity for a line of none (blank).
 */
function indentOf(line: string, depth: number): number {
  let column = 0;
  let base = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '\t') column += 4 - (column % 4);
    else if (char === ' ') column++;
    else if (char === '>' && depth-- > 0)
      base = ++column + (line[i + 1] === ' ' || line[i + 1] === '\t' ? 1 : 0);
    else return column - base;
  }
  return Infinity;
}

/** Whether `text` may hold a fence: the cheap test before reading lines. */
export const mayHoldFence = (text: string): boolean => text.includes('```') || text.includes('~~~');
