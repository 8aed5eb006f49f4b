import type { Span } from '../types.js';
import type { ClaimUnit } from './split-line.js';

/** Default minimum length (UTF-16 code units, trimmed) of a quotation that must be found verbatim. */
export const DEFAULT_MIN_QUOTE_LENGTH = 12;

/** A direct quotation in an answer, with the claim units it overlaps. */
export interface Quotation {
  /** The quoted text in the answer: between its marks, or from its opening mark to the end of its claim. */
  span: Span;
  /** The quoted text with markers (and the spaces before them) removed, trimmed. */
  text: string;
  /** Indexes (into the units given) of every claim unit the quotation and its marks overlap, in order. */
  units: number[];
}

// Families of quotation marks after folding: what NFKC and the verifier's normaliser read as one mark.
const DOUBLE = 0; // " ＂ “ ” „ ‟ ″ ‶ 〝 〞 〟 ❝ ❞ ⹂ 🙶 🙷 🙸
const SINGLE = 1; // ' ＇ ‘ ’ ‚ ‛ ′ ‵ ❛ ❜ (apostrophes make these special)
const GUILLEMET = 2; // « »
const SINGLE_GUILLEMET = 3; // ‹ ›
const CORNER = 4; // 「 」 ｢ ｣ ﹁ ﹂
const WHITE_CORNER = 5; // 『 』 ﹃ ﹄
const FAMILIES = 6;

const OPEN = 1;
const CLOSE = 2;
const EITHER = OPEN | CLOSE;

/** Quotation mark → family * 4 + direction (OPEN, CLOSE or EITHER when only its neighbours can tell). */
const MARKS: ReadonlyMap<number, number> = new Map([
  [0x22, DOUBLE * 4 + EITHER],
  [0xff02, DOUBLE * 4 + EITHER],
  [0x201c, DOUBLE * 4 + EITHER], // opens in English, closes in German
  [0x201d, DOUBLE * 4 + EITHER], // closes in English, both in Swedish
  [0x201e, DOUBLE * 4 + OPEN],
  [0x201f, DOUBLE * 4 + EITHER],
  [0x2033, DOUBLE * 4 + EITHER], // double prime
  [0x2036, DOUBLE * 4 + EITHER], // reversed double prime
  [0x301d, DOUBLE * 4 + OPEN],
  [0x301e, DOUBLE * 4 + CLOSE],
  [0x301f, DOUBLE * 4 + CLOSE],
  [0x275d, DOUBLE * 4 + OPEN],
  [0x275e, DOUBLE * 4 + CLOSE],
  [0x2e42, DOUBLE * 4 + OPEN],
  [0x1f676, DOUBLE * 4 + OPEN],
  [0x1f677, DOUBLE * 4 + CLOSE],
  [0x1f678, DOUBLE * 4 + OPEN],
  [0x27, SINGLE * 4 + EITHER],
  [0xff07, SINGLE * 4 + EITHER],
  [0x2018, SINGLE * 4 + EITHER],
  [0x2019, SINGLE * 4 + EITHER],
  [0x201a, SINGLE * 4 + OPEN],
  [0x201b, SINGLE * 4 + EITHER],
  [0x2032, SINGLE * 4 + EITHER], // prime
  [0x2035, SINGLE * 4 + EITHER], // reversed prime
  [0x275b, SINGLE * 4 + OPEN],
  [0x275c, SINGLE * 4 + CLOSE],
  [0xab, GUILLEMET * 4 + EITHER], // «…» in French, »…« in German
  [0xbb, GUILLEMET * 4 + EITHER],
  [0x2039, SINGLE_GUILLEMET * 4 + EITHER],
  [0x203a, SINGLE_GUILLEMET * 4 + EITHER],
  [0x300c, CORNER * 4 + OPEN],
  [0x300d, CORNER * 4 + CLOSE],
  [0xff62, CORNER * 4 + OPEN],
  [0xff63, CORNER * 4 + CLOSE],
  [0xfe41, CORNER * 4 + OPEN],
  [0xfe42, CORNER * 4 + CLOSE],
  [0x300e, WHITE_CORNER * 4 + OPEN],
  [0x300f, WHITE_CORNER * 4 + CLOSE],
  [0xfe43, WHITE_CORNER * 4 + OPEN],
  [0xfe44, WHITE_CORNER * 4 + CLOSE],
]);

/** Any quotation mark: a text without one has no quotation. */
export const QUOTATION_MARK =
  /["'\u00ab\u00bb\u2018-\u201f\u2032\u2033\u2035\u2036\u2039\u203a\u275b-\u275e\u2e42\u300c-\u300f\u301d-\u301f\ufe41-\ufe44\uff02\uff07\uff62\uff63]|\ud83d[\ude76-\ude78]/;

// A quotation inside a quotation of the same family is common; deeper nesting is read as text of the outer
// ones (still checked with them), so the quoted text checked stays within twice the answer per family.
const MAX_DEPTH = 2;
// Words a single quotation mark elides at their start ('tis, 'n', 'em): an apostrophe, not an opening mark.
const ELISIONS = new Set([
  'tis',
  'twas',
  'twere',
  'em',
  'n',
  'cause',
  'til',
  'bout',
  'round',
  'neath',
  'gainst',
]);
const WORD = /[\p{L}\p{N}\p{M}]/u;
const SPACE = /\s/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Every direct quotation in the answer, read the way a reader sees it: a span between an opening and a closing
 * mark of the same family after folding (straight and curly quotes, mixed or not, primes, full-width forms,
 * guillemets, corner brackets of every width), nested up to two deep, paired within a line across sentence
 * boundaries. A double, guillemet or corner mark left open at the end of its line quotes to the end of the claim
 * it opens in; one that closes with nothing open quotes from the previous mark of its family, or from the start
 * of its claim (outside every claim, it quotes nothing). Single quotation marks count only as a pair, apostrophes (`don't`, `'90s`, `'n'`, `students'`)
 * never. A mark right after a digit (`12"`, `5′ 3″`) only ever closes an open quotation. Quotations shorter than
 * `minLength` (trimmed, markers removed) are left out. Linear in the answer.
 */
export function findQuotations(
  answer: string,
  units: readonly ClaimUnit[],
  minLength: number = DEFAULT_MIN_QUOTE_LENGTH,
): Quotation[] {
  const quotations: Quotation[] = [];
  for (let first = 0; first < units.length; ) {
    let last = first; // the units on one line: no line break between them
    while (
      last + 1 < units.length &&
      !LINE_BREAK.test(answer.slice(units[last]!.span.end, units[last + 1]!.span.start))
    ) {
      last++;
    }
    const scan = startQuotationScan(units[first]!.span.start);
    scanQuotations(answer, units, first, last, scan, units[last]!.span.end, minLength, quotations);
    closeQuotationScan(answer, units, first, last, scan, minLength, quotations);
    first = last + 1;
  }
  return quotations;
}

/**
 * Where the scan of one line's quotation marks has got to. A line can be scanned in stretches (as its units become
 * known, while an answer streams), carrying this state from one to the next; the result is that of one scan.
 */
export interface QuotationScan {
  /** Opening mark offsets still open, per family. */
  readonly open: number[][];
  /** End of the last mark seen, per family. */
  readonly previous: number[];
  /** The marks before this offset have been scanned. */
  at: number;
}

/** The scan of a line from its first unit, which starts at `from`. */
export function startQuotationScan(from: number): QuotationScan {
  return {
    open: Array.from({ length: FAMILIES }, () => []),
    previous: new Array<number>(FAMILIES).fill(-1),
    at: from,
  };
}

/** A copy of a scan, to try a stretch without committing to it. */
export function copyQuotationScan(scan: QuotationScan): QuotationScan {
  return {
    open: scan.open.map((stack) => [...stack]),
    previous: [...scan.previous],
    at: scan.at,
  };
}

/** The scan with every offset moved back by `by` (the line text before `by` was dropped). */
export function shiftQuotationScan(scan: QuotationScan, by: number): QuotationScan {
  return {
    open: scan.open.map((stack) => stack.map((offset) => offset - by)),
    previous: scan.previous.map((offset) => (offset === -1 ? -1 : offset - by)),
    at: scan.at - by,
  };
}

/** Whether a quotation mark is still open: the quotation it opens may yet cover the units before it. */
export function isQuotationOpen(scan: QuotationScan): boolean {
  return scan.open.some((stack) => stack.length > 0);
}

/**
 * Scans the marks in `answer[scan.at, to)` of the line whose units are `units[first..last]` (the units known so far,
 * ending at or after `to`), adding the quotations they close to `out`.
 */
export function scanQuotations(
  answer: string,
  units: readonly ClaimUnit[],
  first: number,
  last: number,
  scan: QuotationScan,
  to: number,
  minLength: number,
  out: Quotation[],
): void {
  const { open, previous } = scan;
  const add = (start: number, end: number): void => {
    const quotation = toQuotation(answer, units, first, last, start, end);
    if (quotation !== null && quotation.text.length >= minLength) out.push(quotation);
  };
  const search = new RegExp(QUOTATION_MARK.source, 'g'); // jumps from mark to mark
  let i = scan.at;
  while (i < to) {
    search.lastIndex = i;
    const found = search.exec(answer);
    if (found === null || found.index >= to) break;
    i = found.index;
    const code = answer.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    const mark = MARKS.get(code)!;
    const family = mark >> 2;
    const stack = open[family]!;
    const { canOpen, canClose, stray } = roles(answer, i, width, family, mark & 3);
    if (canClose && stack.length > 0) {
      add(stack.pop()!, i); // a mark that could open or close closes what is open: marks of a family alternate
    } else if (canOpen) {
      if (stack.length < MAX_DEPTH) stack.push(i + width);
    } else if (canClose && stray && stack.length === 0 && family !== SINGLE) {
      // A closing mark with nothing open: the quotation runs back to the previous mark, or to its claim's start.
      // Outside every claim (in a stretch of bare punctuation) it has no claim to quote for.
      const unit = unitAt(units, first, last, i);
      if (unit !== -1) add(Math.max(previous[family]!, units[unit]!.span.start), i);
    }
    previous[family] = i + width;
    i += width;
  }
  scan.at = Math.max(i, to);
}

/** The end of the line: a mark left open quotes to the end of the claim it opens in. */
export function closeQuotationScan(
  answer: string,
  units: readonly ClaimUnit[],
  first: number,
  last: number,
  scan: QuotationScan,
  minLength: number,
  out: Quotation[],
): void {
  for (let family = 0; family < FAMILIES; family++) {
    if (family === SINGLE) continue; // an unclosed single mark is an apostrophe ('90s, 'tis)
    for (const opener of scan.open[family]!) {
      const unit = unitAt(units, first, last, opener - 1);
      if (unit === -1) continue;
      const quotation = toQuotation(answer, units, first, last, opener, units[unit]!.span.end);
      if (quotation !== null && quotation.text.length >= minLength) out.push(quotation);
    }
    scan.open[family]!.length = 0;
  }
}

/** What the mark at `i` can do, from its direction and its neighbours. */
function roles(
  answer: string,
  i: number,
  width: number,
  family: number,
  direction: number,
): { canOpen: boolean; canClose: boolean; stray: boolean } {
  const before = i > 0 ? String.fromCodePoint(codePointBefore(answer, i)) : '';
  const after = i + width < answer.length ? String.fromCodePoint(answer.codePointAt(i + width)!) : '';
  const spaceBefore = before === '' || SPACE.test(before);
  const spaceAfter = after === '' || SPACE.test(after);
  const afterDigit = /\p{Nd}/u.test(before);
  if (family === SINGLE) {
    const wordBefore = WORD.test(before);
    const wordAfter = WORD.test(after);
    if (wordBefore && wordAfter) return { canOpen: false, canClose: false, stray: false }; // don't, l'homme
    const opens =
      (direction & OPEN) !== 0 && !wordBefore && !spaceAfter && !afterDigit && !elides(answer, i + width);
    const closes = (direction & CLOSE) !== 0 && !spaceBefore && !wordAfter;
    return { canOpen: opens, canClose: closes, stray: false };
  }
  if (direction === OPEN) return { canOpen: true, canClose: false, stray: false };
  if (direction === CLOSE) return { canOpen: false, canClose: true, stray: true };
  // A mark that both sides could claim (spaces on both sides, or text on both) opens or closes by turn.
  const leftFlanking = !spaceAfter;
  const rightFlanking = !spaceBefore;
  if (afterDigit) return { canOpen: false, canClose: true, stray: false }; // 12", 5′ 3″: a unit, or a close
  if (leftFlanking && !rightFlanking) return { canOpen: true, canClose: false, stray: false };
  if (rightFlanking && !leftFlanking) return { canOpen: false, canClose: true, stray: true };
  return { canOpen: true, canClose: true, stray: false };
}

/** Whether the text at `at` is a digit or an elided word ('90s, 'tis, 'n'): the mark before it is an apostrophe. */
function elides(answer: string, at: number): boolean {
  if (/\p{Nd}/u.test(answer[at] ?? '')) return true;
  let end = at;
  while (end < answer.length && end - at <= 6 && /[a-z]/i.test(answer[end]!)) end++;
  return ELISIONS.has(answer.slice(at, end).toLowerCase()) && !WORD.test(answer[end] ?? '');
}

function codePointBefore(text: string, i: number): number {
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2)!;
  }
  return low;
}

/** The index of the unit (among `first..last`) whose span holds `offset`, or -1. */
function unitAt(units: readonly ClaimUnit[], first: number, last: number, offset: number): number {
  let low = first;
  let high = last;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const { start, end } = units[middle]!.span;
    if (offset < start) high = middle - 1;
    else if (offset >= end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** The quotation of `answer[start, end)`, with the units (among `first..last`) it and its marks overlap. */
function toQuotation(
  answer: string,
  units: readonly ClaimUnit[],
  first: number,
  last: number,
  start: number,
  end: number,
): Quotation | null {
  // Units touching [start - 1, end + 1): the quoted text and its marks. Binary search for the first one.
  let low = first;
  let high = last + 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (units[middle]!.span.end < start) low = middle + 1;
    else high = middle;
  }
  const covered: number[] = [];
  for (let u = low; u <= last && units[u]!.span.start <= end; u++) covered.push(u);
  if (covered.length === 0) return null;
  let text = '';
  let cursor = start;
  for (const u of covered) {
    for (const marker of units[u]!.markers) {
      if (marker.end <= cursor || marker.start >= end) continue;
      let cut = Math.max(marker.start, cursor);
      while (cut > cursor && SPACE.test(answer[cut - 1]!)) cut--;
      text += answer.slice(cursor, cut);
      cursor = Math.min(marker.end, end);
    }
  }
  text += answer.slice(cursor, end);
  return { span: { start, end }, text: text.trim(), units: covered };
}
