import type { Span } from '../types.js';
import { removeMarkers } from './remove-markers.js';
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

const OPEN = 1;
const CLOSE = 2;
const EITHER = OPEN | CLOSE;
const STRAY = 4;

/**
 * The quotation marks of each family (what NFKC and the verifier's normaliser read as one mark), by what a mark can
 * do on its own: open or close (its neighbours decide: `“` opens in English and closes in German, `«` opens in
 * French and closes in German), only open, only close.
 */
const FAMILIES: ReadonlyArray<readonly [either: string, opens: string, closes: string]> = [
  // " ＂ “ ” ‟ ″ ‶ | „ 〝 ❝ ⹂ 🙶 🙸 | 〞 〟 ❞ 🙷: double marks, double primes, ornaments
  [
    '"\uff02\u201c\u201d\u201f\u2033\u2036',
    '\u201e\u301d\u275d\u2e42\u{1f676}\u{1f678}',
    '\u301e\u301f\u275e\u{1f677}',
  ],
  // ' ＇ ‘ ’ ‛ ′ ‵ | ‚ ❛ | ❜: single marks and primes (apostrophes make these special)
  ["'\uff07\u2018\u2019\u201b\u2032\u2035", '\u201a\u275b', '\u275c'],
  ['\u00ab\u00bb', '', ''], // « »
  ['\u2039\u203a', '', ''], // ‹ ›
  ['', '\u300c\uff62\ufe41', '\u300d\uff63\ufe42'], // 「 ｢ ﹁ | 」 ｣ ﹂
  ['', '\u300e\ufe43', '\u300f\ufe44'], // 『 ﹃ | 』 ﹄
];
const SINGLE = 1; // the family of single marks

/** Quotation mark → family * 4 + direction (OPEN, CLOSE or EITHER). */
const MARKS = new Map<number, number>();
FAMILIES.forEach((marks, family) => {
  marks.forEach((chars, role) => {
    for (const char of chars) MARKS.set(char.codePointAt(0)!, family * 4 + [EITHER, OPEN, CLOSE][role]!);
  });
});

/** Any quotation mark: a text without one has no quotation. */
export const QUOTATION_MARK = new RegExp(`[${FAMILIES.flat().join('')}]`, 'u');
const NEXT_MARK = new RegExp(QUOTATION_MARK.source, 'gu');

// A quotation inside a quotation of the same family is common; deeper nesting is read as text of the outer
// ones (still checked with them), so the quoted text checked stays within twice the answer per family.
const MAX_DEPTH = 2;
// Words a single quotation mark elides at their start ('tis, 'n', 'em): an apostrophe, not an opening mark.
const ELISIONS = new Set('tis twas twere em n cause til bout round neath gainst'.split(' '));
const WORD = /[\p{L}\p{N}\p{M}]/u;
const WORD_BEFORE = /[\p{L}\p{N}\p{M}]$/u;
const WORD_AFTER = /^[\p{L}\p{N}\p{M}]/u;
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
    const line = units.slice(first, last + 1);
    const found: Quotation[] = [];
    const scan = startQuotationScan(line[0]!.span.start);
    scanQuotations(answer, line, scan, line[line.length - 1]!.span.end, minLength, found);
    closeQuotationScan(answer, line, scan, minLength, found);
    for (const quotation of found)
      quotations.push({ ...quotation, units: quotation.units.map((u) => u + first) });
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
    open: FAMILIES.map((): number[] => []),
    previous: FAMILIES.map(() => -1),
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
 * Scans the marks in `answer[scan.at, to)` of the line whose units known so far are `units` (ending at or after
 * `to`), adding the quotations they close to `out`; a quotation's `units` index `units`.
 */
export function scanQuotations(
  answer: string,
  units: readonly ClaimUnit[],
  scan: QuotationScan,
  to: number,
  minLength: number,
  out: Quotation[],
): void {
  const { open, previous } = scan;
  const add = (start: number, end: number): void => addQuotation(answer, units, start, end, minLength, out);
  let i = scan.at;
  // The search ends at `to`: searching the whole answer would read to its next mark from every line (quadratic in
  // an answer of many lines without marks). A slice shares the answer's characters; offsets stay the answer's.
  const text = answer.slice(0, to);
  while (i < to) {
    NEXT_MARK.lastIndex = i; // jumps from mark to mark
    const found = NEXT_MARK.exec(text);
    if (found === null) break;
    i = found.index;
    const code = answer.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    const mark = MARKS.get(code)!;
    const family = mark >> 2;
    const stack = open[family]!;
    const can = roles(answer, i, width, family, mark & EITHER);
    if (can & CLOSE && stack.length > 0) {
      add(stack.pop()!, i); // a mark that could open or close closes what is open: marks of a family alternate
    } else if (can & OPEN) {
      if (stack.length < MAX_DEPTH) stack.push(i + width);
    } else if (can & STRAY) {
      // A closing mark with nothing open: the quotation runs back to the previous mark, or to its claim's start.
      // Outside every claim (in a stretch of bare punctuation) it has no claim to quote for.
      const unit = unitAt(units, i);
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
  scan: QuotationScan,
  minLength: number,
  out: Quotation[],
): void {
  scan.open.forEach((openers, family) => {
    // An unclosed single mark is an apostrophe ('90s, 'tis); most lines leave nothing open.
    if (family === SINGLE || openers.length === 0) return;
    for (const opener of openers) {
      const unit = unitAt(units, opener - 1);
      if (unit !== -1) addQuotation(answer, units, opener, units[unit]!.span.end, minLength, out);
    }
    openers.length = 0;
  });
}

/**
 * What the mark at `i` can do, from its direction and its neighbours: OPEN, CLOSE, and STRAY for a closing mark
 * that quotes back when nothing is open. The neighbours are read as whole characters, astral ones included.
 */
function roles(answer: string, i: number, width: number, family: number, direction: number): number {
  const before = answer.slice(Math.max(0, i - 2), i);
  const after = answer.slice(i + width, i + width + 2);
  const spaceBefore = /(?:^|\s)$/u.test(before);
  const spaceAfter = /^(?:\s|$)/u.test(after);
  const afterDigit = /\p{Nd}$/u.test(before);
  if (family === SINGLE) {
    const wordBefore = WORD_BEFORE.test(before);
    const wordAfter = WORD_AFTER.test(after);
    if (wordBefore && wordAfter) return 0; // don't, l'homme
    const opens = !wordBefore && !spaceAfter && !afterDigit && !elides(answer, i + width);
    const closes = !spaceBefore && !wordAfter;
    return direction & ((opens ? OPEN : 0) | (closes ? CLOSE : 0));
  }
  if (direction !== EITHER) return direction === OPEN ? OPEN : CLOSE | STRAY;
  if (afterDigit) return CLOSE; // 12", 5′ 3″: a unit, or a close
  // Text on one side only tells the direction; a mark both sides could claim opens or closes by turn.
  if (spaceBefore === spaceAfter) return EITHER;
  return spaceBefore ? OPEN : CLOSE | STRAY;
}

/** Whether the text at `at` is a digit or an elided word ('90s, 'tis, 'n'): the mark before it is an apostrophe. */
function elides(answer: string, at: number): boolean {
  if (/\p{Nd}/u.test(answer[at] ?? '')) return true;
  let end = at;
  while (end < answer.length && end - at <= 6 && /[a-z]/i.test(answer[end]!)) end++;
  return ELISIONS.has(answer.slice(at, end).toLowerCase()) && !WORD.test(answer[end] ?? '');
}

/** The first unit that ends after `offset` (`units.length` when none does). */
function unitEndingAfter(units: readonly ClaimUnit[], offset: number): number {
  let low = 0;
  let high = units.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (units[middle]!.span.end > offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The index of the unit whose span holds `offset`, or -1. */
function unitAt(units: readonly ClaimUnit[], offset: number): number {
  const u = unitEndingAfter(units, offset);
  return units[u] !== undefined && units[u].span.start <= offset ? u : -1;
}

/**
 * Adds the quotation of `answer[start, end)`, with the units it and its marks overlap, to `out`, unless it touches
 * no unit or is shorter than `minLength` (trimmed, markers removed).
 */
function addQuotation(
  answer: string,
  units: readonly ClaimUnit[],
  start: number,
  end: number,
  minLength: number,
  out: Quotation[],
): void {
  // Units touching [start - 1, end + 1): the quoted text and its marks.
  const covered: number[] = [];
  for (let u = unitEndingAfter(units, start - 1); u < units.length && units[u]!.span.start <= end; u++)
    covered.push(u);
  if (covered.length === 0) return;
  const text = removeMarkers(
    answer,
    start,
    end,
    covered.flatMap((u) => units[u]!.markers),
  );
  if (text.length >= minLength) out.push({ span: { start, end }, text, units: covered });
}
