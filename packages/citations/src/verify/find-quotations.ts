import { isInvisible } from '@gk/internal';
import type { Span } from '../types.js';
import { hiddenSpans, lineCodeSpans, type Marker, opensHtmlBlock } from './parse-markers.js';
import {
  ANY_MARK_RAW,
  CLOSE,
  DOUBLE,
  EITHER,
  ELIDED,
  FAMILIES,
  FILLER,
  GUILLEMET,
  LONG_REFERENCE,
  MARKS,
  markRoles,
  mayBePossessive,
  OPEN,
  PAIRED,
  QUOTATION_MARK,
  REFERENCE_AT,
  referenceMark,
  SINGLE,
  STRAY,
} from './quotation-marks.js';
import { removeMarkers } from './remove-markers.js';
import type { ClaimUnit } from './split-line.js';

/**
 * Default minimum length (UTF-16 code units, trimmed; a Han, kana or Hangul character counts twice, as it says as much
 * as a word of Latin script) of a quotation that must be found verbatim; one that holds a decimal digit must be found
 * whatever its length.
 */
export const DEFAULT_MIN_QUOTE_LENGTH = 12;

/** A direct quotation in an answer, with the claim units that hold its text. */
export interface Quotation {
  /** The quoted text in the answer: between its marks, or from its opening mark to the end of its claim. */
  span: Span;
  /** The quoted text with markers (and the spaces before them) removed, trimmed. */
  text: string;
  /** Indexes (into the units given) of every claim unit that holds quoted text, in order. */
  units: number[];
  /**
   * Read inside a code span or what a renderer hides (a link's title, a tag), or on a line of code: a page shows its
   * markup as typed.
   */
  literal?: boolean;
  /** On a line in an HTML block: a page reads no markdown in it, only tags and character references. */
  html?: boolean;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Every direct quotation in the answer, read the way a reader sees it: a span between an opening and a closing
 * mark of the same family after folding (straight and curly quotes, mixed or not, primes, full-width forms,
 * guillemets, corner and angle brackets of every width, typewriter quotes), a run of marks of one family read as
 * one mark, nested up to two deep, paired within a line across sentence boundaries. A double, guillemet or corner
 * mark left open at the end of its line quotes to the end of the claim it opens in; one that closes with nothing
 * open quotes from the previous mark of its family, or from the start of its claim (outside every claim, it quotes
 * nothing). Single quotation marks count only as a pair, apostrophes (`don't`, `'90s`, `'n'`, `students'`) never;
 * a possible plural possessive or elision leaves its quotation waiting for a later closing mark on the line. A mark
 * right after a digit (`12"`, `5′ 3″`) only ever closes an open quotation. Quotations shorter than `minLength`
 * (trimmed, markers removed) are left out, unless they hold a decimal digit. Linear in the answer.
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
  /** Opening marks still open, innermost last, per family. */
  readonly open: Opener[][];
  /** End of the last mark seen, per family. */
  readonly previous: number[];
  /**
   * Where a single-quoted quotation may still run from (-1: nowhere): the opening mark of one that a possible plural
   * possessive closed (`'the kids' lunches ...'`), or a mark that an elision kept from opening (`'tis ...'`). A
   * later closing mark that is no possessive closes it there.
   */
  single: number;
  /** The marks before this offset have been scanned. */
  at: number;
  /**
   * A closing mark with nothing open before it on the line, in or before the line's first unit (-1: none yet): where
   * a quotation that a line break cut may close ({@link headQuotationPart}).
   */
  head: number;
  /** The family of that mark. */
  headFamily: number;
  /**
   * The first single closing mark with no single quotation open on the line, anywhere on it (-1: none yet), and where
   * it quotes back to as a stray double closer would (the previous single mark, or its claim's start): where a
   * single-quoted quotation that a block boundary cut may close ({@link strayQuotationPart}).
   */
  stray: number;
  strayFrom: number;
  /** The closer of an HTML comment or the like open at `at` ('' none): what it hides holds no mark. */
  comment: string;
  /**
   * The line is in an HTML block: it reads no markdown (no code spans, links or images). Undefined: not known, read
   * from whether the stretch scanned opens one.
   */
  readonly html: boolean | undefined;
}

/**
 * A stretch of a quotation on one line, when a line break inside a paragraph cuts the quotation: its span on the
 * line, its text (markers removed, trimmed; maybe shorter than the shortest quotation checked) and the units that
 * hold it (indexes into the line's units). `family` is its marks' family; `partial` is the quotation the line alone
 * reads there, checked unless a line after it closes the quotation.
 */
export interface QuotationPart {
  span: Span;
  text: string;
  units: number[];
  family: number;
  partial: Span;
}

/**
 * The scan of a line from its first unit, which starts at `from`; `comment` is the closer of an HTML comment or the
 * like that the lines before leave open ('' none); `html`, whether the line is in an HTML block
 * (undefined: whether each stretch scanned opens one).
 */
export function startQuotationScan(from: number, comment = '', html?: boolean): QuotationScan {
  return {
    open: FAMILIES.map((): Opener[] => []),
    previous: FAMILIES.map(() => -1),
    single: -1,
    at: from,
    head: -1,
    headFamily: -1,
    stray: -1,
    strayFrom: -1,
    comment,
    html,
  };
}

/** A copy of a scan, to try a stretch without committing to it. */
export function copyQuotationScan(scan: QuotationScan): QuotationScan {
  return {
    open: scan.open.map((stack) => stack.map((opener) => ({ ...opener }))),
    previous: [...scan.previous],
    single: scan.single,
    at: scan.at,
    head: scan.head,
    headFamily: scan.headFamily,
    stray: scan.stray,
    strayFrom: scan.strayFrom,
    comment: scan.comment,
    html: scan.html,
  };
}

/** The scan with every offset moved back by `by` (the line text before `by` was dropped). */
export function shiftQuotationScan(scan: QuotationScan, by: number): QuotationScan {
  const shift = (offset: number): number => (offset === -1 ? -1 : offset - by);
  return {
    open: scan.open.map((stack) =>
      stack.map((opener) => ({
        ...opener,
        at: shift(opener.at),
        to: shift(opener.to),
        bar: shift(opener.bar),
        space: shift(opener.space),
      })),
    ),
    previous: scan.previous.map(shift),
    single: shift(scan.single),
    at: scan.at - by,
    head: shift(scan.head),
    headFamily: scan.headFamily,
    stray: shift(scan.stray),
    strayFrom: shift(scan.strayFrom),
    comment: scan.comment,
    html: scan.html,
  };
}

/** Whether a quotation mark is still open: the quotation it opens may yet cover the units before it. */
export function isQuotationOpen(scan: QuotationScan): boolean {
  return scan.single !== -1 || scan.open.some((stack) => stack.length > 0);
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
  // A quotation inside a quotation of the same family is common; deeper nesting is read as text of the outer
  // ones (still checked with them), so the quoted text checked stays within twice the answer per family.
  const MAX_DEPTH = 2;
  let { open, previous } = scan;
  // A quotation read inside a code span or a hidden stretch shows its markup as typed.
  const add = (start: number, end: number): void =>
    addQuotation(answer, units, start, end, minLength, out, codeEnd !== -1);
  let i = scan.at;
  // The search ends at `to`: searching the whole answer would read to its next mark from every line (quadratic in
  // an answer of many lines without marks). A slice shares the answer's characters; offsets stay the answer's.
  const text = answer.slice(0, to);
  // What a renderer hides (a comment, a tag's attributes, a link's destination and title, an image's alt text) and a
  // code span are each read on their own: their marks pair only with each other (`"\`"\`…` is no quotation of `…`),
  // and those they leave open close nothing after them, so no mark there pairs with a visible one and leaves the
  // visible quotation unread. What they quote is still checked: a page may show it after all (an alt text, a title as
  // a tooltip, HTML rendered as text). The quotes that delimit a tag's attribute values are no marks.
  const from = scan.at;
  const stretch = answer.slice(from, to);
  const html = scan.html ?? opensHtmlBlock(stretch);
  const spans = lineCodeSpans(stretch, html); // a line in an HTML block holds none
  const { spans: hidden, open: comment } = hiddenSpans(stretch, scan.comment, spans, html);
  scan.comment = comment;
  let h = 0;
  let c = 0;
  let codeEnd = -1; // the end of the span whose marks are read on their own, else -1
  let delimiters: Set<number> | null = null; // in a tag read on its own, where its attribute values' quotes are
  const outer = { open, previous, single: scan.single };
  const leaveCode = (): void => {
    ({ open, previous } = outer);
    scan.single = outer.single;
    codeEnd = -1;
    delimiters = null;
  };
  while (i < to) {
    ANY_MARK_RAW.lastIndex = i; // jumps from mark to mark
    const found = ANY_MARK_RAW.exec(text);
    if (!found) break;
    i = found.index;
    if (codeEnd !== -1 && i >= codeEnd) leaveCode();
    let code = answer.codePointAt(i)!;
    let width = found[0].length;
    while (h < hidden.length && from + hidden[h + 1]! <= i) h += 2;
    // A mark that only starts or ends one (`<<b>…</b>>`) shows as a mark. A `<q>` tag shows its mark, and ends where
    // the tag does.
    if (h < hidden.length && from + hidden[h]! <= i && i + width <= from + hidden[h + 1]!) {
      while (c < spans.length && spans[c]! < hidden[h]!) c += 2;
      const isCode = spans[c] === hidden[h] && spans[c + 1] === hidden[h + 1];
      if (!isCode && from + hidden[h]! === i && found[2]?.[0] === '<') width = from + hidden[h + 1]! - i;
      else {
        if (codeEnd === -1) {
          outer.open = open;
          outer.previous = previous;
          outer.single = scan.single;
          open = FAMILIES.map((): Opener[] => []);
          previous = FAMILIES.map(() => from + hidden[h]!); // a closing mark quotes back to the span's start at most
          scan.single = -1;
          codeEnd = from + hidden[h + 1]!;
          if (!isCode) delimiters = attributeQuotes(answer, from + hidden[h]!, codeEnd);
        }
        if (delimiters?.has(i)) {
          i += 1;
          continue;
        }
      }
    }
    // A browser decodes a numeric reference of any length in raw HTML and in a tag; markdown text shows a longer one
    // than CommonMark decodes as typed (no mark). The search finds both; one in markdown text is skipped.
    const raw = html || delimiters !== null;
    if (!raw && LONG_REFERENCE.test(found[0])) {
      i += 1;
      continue;
    }
    let mark = MARKS.get(code);
    // A mark written as an HTML character reference or a `<q>` tag: what a browser shows.
    if (found[2]) [mark, code] = referenceMark(found[2]);
    else if (mark === undefined) {
      // Two of an ASCII look-alike (`<<`, `>>`, `,,`; full-width and small forms, NFKC the same, and invisible
      // characters between aside; escaped, or written as references) or of backticks. Two backticks before text open
      // typewriter quotes (```` ``text'' ````), read as a double mark; `<<` and `>>` are guillemets, `,,` a low
      // double mark.
      mark = found[4]
        ? OPEN
        : found[3]
          ? (DOUBLE << 3) | PAIRED | OPEN
          : (GUILLEMET << 3) | PAIRED | (found[1] ? OPEN : CLOSE);
    }
    let family = mark >> 3;
    let direction = mark & (EITHER | PAIRED);
    // A run of marks of one family is one mark (`""`, `««`, `"""`; two single marks a double one): the quotation is
    // what they enclose.
    // Invisible characters between them do not part them (`"\u200b"`).
    for (;;) {
      let at = i + width;
      while (at < to && isInvisible(answer.codePointAt(at)!)) at += answer.codePointAt(at)! > 0xffff ? 2 : 1;
      let next = MARKS.get(answer.codePointAt(at)!); // past the end: undefined, no mark
      let end = at + (answer.codePointAt(at)! > 0xffff ? 2 : 1);
      REFERENCE_AT.lastIndex = at;
      const reference = answer[at] === '&' ? REFERENCE_AT.exec(answer) : null; // `&rsquo;&rsquo;` shows `’’`
      if (reference !== null && (raw || !LONG_REFERENCE.test(reference[0]))) {
        next = referenceMark(reference[0])[0];
        end = REFERENCE_AT.lastIndex;
      }
      if (next === undefined || next >> 3 !== family) break;
      direction = EITHER | (next & PAIRED);
      if (family === SINGLE) family = DOUBLE;
      width = end - i;
    }
    const stack = open[family]!;
    // A single mark after an elided word before `«` (`l’«`) closes a single quotation open (or maybe open) before it.
    const singleOpen = open[SINGLE]!.length > 0 || scan.single !== -1;
    const can = markRoles(answer, i, width, family, direction, code, singleOpen);
    // A look-alike that can neither open nor close here is text (`x << 2`), not a mark a stray one quotes back to.
    if (!can && direction & PAIRED) {
      i += width;
      continue;
    }
    // A mark that could open or close closes what is open (marks of a family alternate), unless it is a look-alike
    // and what it would close holds a bra or a ket at an end, a spaced `|` or `::`: math, links or code
    // (`⟨0|⟨1|…|0⟩|1⟩`, `⟨ψ|H|ψ⟩`, `<<Previous | Next>>`, `<<T as A>::B>>`), no quotation. What it leaves open
    // stays open: a guillemet still quotes to the end of its claim.
    // No language pairs `«` with `«` (French `« … »`, German `» … «`, Finnish `» … »`), nor `‹` with `‹`: one that
    // could open or close (spaced French marks) inside a quotation such a mark opened opens a quotation nested in it
    // (`« Le « Concédant » concède … »` is checked whole).
    const nests = can & OPEN && (code === 0xab || code === 0x2039) && stack.at(-1)?.code === code;
    if (
      can & CLOSE &&
      stack.length &&
      !nests &&
      !(direction & PAIRED && holdsMath(answer, stack.at(-1)!, i))
    ) {
      const opener = stack.pop()!.at;
      add(opener, i);
      // A possible possessive that closed a quotation (`'the kids' lunches ...'`) leaves the longer reading waiting
      // for the next closing mark: a reader may take either as the quotation, so both are checked.
      if (family === SINGLE) scan.single = mayBePossessive(answer, i, width) ? opener : -1;
    } else if (can & OPEN) {
      if (stack.length < MAX_DEPTH)
        stack.push({
          at: i + width,
          code,
          paired: !!(direction & PAIRED),
          to: i + width,
          held: false,
          bar: -1,
          space: -1,
        });
      if (family === SINGLE) scan.single = -1;
      // A mark that may also close (a spaced one: `… child ” [1]`, `‘ Aspirin`): where a quotation a line break cut
      // may close, as a closing mark with nothing open is. Both readings are checked.
      if (can & CLOSE) markHead(scan, units, previous, family, i);
    } else if (can & STRAY || (family === SINGLE && can & CLOSE && scan.single === -1)) {
      // A closing mark with nothing open: the quotation runs back to the previous mark, or to its claim's start.
      // Outside every claim (in a stretch of bare punctuation) it has no claim to quote for. A single one (maybe a
      // possessive) quotes back to nothing; either may close a quotation that a line break cut.
      const unit = unitAt(units, i);
      if (can & STRAY && unit !== -1) add(Math.max(previous[family]!, units[unit]!.span.start), i);
      if (
        family === SINGLE &&
        scan.stray === -1 &&
        codeEnd === -1 &&
        (unit !== -1 || i < units[0]!.span.start)
      ) {
        scan.stray = i;
        scan.strayFrom = unit === -1 ? i : Math.max(previous[family]!, units[unit]!.span.start);
      }
      markHead(scan, units, previous, family, i);
    } else if (family === SINGLE && can & CLOSE && scan.single !== -1) {
      add(scan.single, i);
      scan.single = -1;
    } else if (can & ELIDED) scan.single = i + width;
    // A mark that can do nothing here is part of a word (`don't`, a geresh): no mark of its family.
    if (can) previous[family] = i + width;
    i += width;
  }
  if (codeEnd !== -1) leaveCode();
  scan.at = Math.max(i, to);
}

/**
 * An opening mark still open: where its quotation starts (`at`), whether it is a look-alike, and what the text after
 * it holds up to `to`: whether that is math, links or code whatever follows (`held`: a bar before any space, a spaced
 * bar, `::`), and its last bar and space (-1: none). The text is read once, a stretch at a time as closing marks ask,
 * so marks that keep asking cost no more than the text.
 */
interface Opener {
  at: number;
  /** The mark that opened it (as shown: a reference's). */
  code: number;
  paired: boolean;
  to: number;
  held: boolean;
  bar: number;
  space: number;
}

/**
 * Whether the text from `opener` to `i` holds a bra or a ket at an end, a spaced `|` or `::`
 * (`/^\S*\||\|\S*$| \| |::/`), reading only what the opener has not read yet.
 */
function holdsMath(answer: string, opener: Opener, i: number): boolean {
  for (let k = opener.to; k < i && !opener.held; k++) {
    const char = answer[k]!;
    if (char === '|') {
      opener.held = opener.space < 0; // a bra: a bar before any space
      opener.bar = k;
    } else if (SPACE.test(char)) {
      opener.held = k - 2 >= opener.at && answer.startsWith(' | ', k - 2); // a spaced bar ends here
      opener.space = k;
    } else opener.held = char === ':' && k > opener.at && answer[k - 1] === ':';
  }
  opener.to = Math.max(opener.to, i);
  return opener.held || opener.bar > opener.space; // a ket: a bar and no space after it
}

/**
 * Records the mark at `i` as where a quotation a line break cut closes ({@link QuotationScan.head}) when it is the
 * line's first mark of its family, in or before the line's first unit.
 */
function markHead(
  scan: QuotationScan,
  units: readonly ClaimUnit[],
  previous: readonly number[],
  family: number,
  i: number,
): void {
  const unit = unitAt(units, i);
  if (
    scan.head === -1 &&
    previous[family] === -1 &&
    (unit === 0 || (unit === -1 && i < units[0]!.span.start))
  ) {
    scan.head = i;
    scan.headFamily = family;
  }
}

const SPACE = /\s/;

/** The end of the line: a mark left open quotes to the end of the claim it opens in. */
export function closeQuotationScan(
  answer: string,
  units: readonly ClaimUnit[],
  scan: QuotationScan,
  minLength: number,
  out: Quotation[],
): void {
  scan.single = -1;
  scan.open.forEach((openers, family) => {
    // An unclosed single mark is an apostrophe ('90s, 'tis).
    if (family === SINGLE) return;
    for (const { at, paired } of openers) {
      const unit = unitAt(units, at - 1);
      // A look-alike left open is no mark (`⟨ψ|`, `<<EOF`): it only ever pairs. Its last two characters hold no
      // other mark (one that does is read as that mark, which quotes).
      if (unit !== -1 && (!paired || QUOTATION_MARK.test(answer.substring(at - 2, at))))
        addQuotation(answer, units, at, units[unit]!.span.end, minLength, out);
    }
    openers.length = 0;
  });
}

/**
 * The quotation a mark left open at the end of the line runs on with (call before {@link closeQuotationScan}): from
 * the first opening mark still open (no look-alike but one read as a mark; a single mark that opened, though the line
 * alone reads it as an apostrophe) to the end of the line's last unit. Null when none is open.
 */
export function openQuotationPart(
  answer: string,
  units: readonly ClaimUnit[],
  scan: QuotationScan,
): QuotationPart | null {
  let at = -1;
  let family = -1;
  scan.open.forEach((openers, f) => {
    const first = openers.find(
      (opener) => !opener.paired || QUOTATION_MARK.test(answer.substring(opener.at - 2, opener.at)),
    );
    if (first !== undefined && unitAt(units, first.at - 1) !== -1 && (at === -1 || first.at < at)) {
      at = first.at;
      family = f;
    }
  });
  if (at === -1) return null;
  const unit = unitAt(units, at - 1);
  const part = readQuotation(answer, units, at, units[units.length - 1]!.span.end);
  return { ...part, family, partial: { start: at, end: units[unit]!.span.end } };
}

/**
 * Where a quotation that a line break cut closes on this line: from the line's first unit to the closing mark the
 * scan found with nothing open before it ({@link QuotationScan.head}). Null when there is none.
 */
export function headQuotationPart(
  answer: string,
  units: readonly ClaimUnit[],
  scan: QuotationScan,
): QuotationPart | null {
  if (scan.head === -1 || units.length === 0) return null;
  const start = Math.min(units[0]!.span.start, scan.head);
  return {
    ...readQuotation(answer, units, start, scan.head),
    family: scan.headFamily,
    partial: { start, end: scan.head },
  };
}

/**
 * Where a single-quoted quotation that a block boundary cut closes on this line: back from the first single closing
 * mark with nothing open ({@link QuotationScan.stray}), as a stray double closer quotes. Null when there is none.
 */
export function strayQuotationPart(
  answer: string,
  units: readonly ClaimUnit[],
  scan: QuotationScan,
): QuotationPart | null {
  if (scan.stray === -1) return null;
  const span = { start: scan.strayFrom, end: scan.stray };
  return { ...readQuotation(answer, units, span.start, span.end), family: SINGLE, partial: span };
}

/** A whole line as a stretch of a quotation that runs on through it. */
export function lineQuotationPart(
  answer: string,
  units: readonly ClaimUnit[],
  family: number,
): QuotationPart {
  const span = { start: units[0]!.span.start, end: units[units.length - 1]!.span.end };
  return { ...readQuotation(answer, units, span.start, span.end), family, partial: span };
}

/** The families the line's scan met no mark of, as a bit set (bit `family`). */
export function unmarkedFamilies(scan: QuotationScan): number {
  let set = 0;
  scan.previous.forEach((previous, family) => {
    if (previous === -1) set |= 1 << family;
  });
  return set;
}

/**
 * Whether a quotation's text is to be checked: one that holds a number character (a digit of any script, a fraction,
 * a superscript, a circled or Roman numeral, a Han numeral: `「九十日以内」`) always is, however short (`"90 days"`,
 * `"½ price"`: a number quoted is held to its source), any other from `minLength` on ({@link quotedLength}).
 */
export const longEnough = (text: string, minLength: number): boolean =>
  quotedLength(text) >= minLength || NUMBER.test(text);

// A number character: Unicode's, and the Han numerals, which Unicode counts as letters (formal forms included).
const NUMBER =
  /[\p{N}\u96f6\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u5343\u4e07\u842c\u5104\u4ebf\u5146\u58f1\u5f10\u53c2\u62fe\u4f70\u4edf\u4e24\u5169\u58f9\u8cb3\u53c3\u8086\u4f0d\u9678\u67d2\u634c\u7396]/u;

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
 * Adds the quotation of `answer[start, end)`, with the units that hold its text, to `out`, unless no unit does or it
 * is shorter than `minLength` (trimmed, markers removed) and holds no digit ({@link longEnough}); `literal` when it was read where a page shows markup as typed.
 */
function addQuotation(
  answer: string,
  units: readonly ClaimUnit[],
  start: number,
  end: number,
  minLength: number,
  out: Quotation[],
  literal = false,
): void {
  const quotation = readQuotation(answer, units, start, end);
  if (literal) quotation.literal = true;
  if (quotation.units.length > 0 && longEnough(quotation.text, minLength)) out.push(quotation);
}

/** The quotation of `answer[start, end)`: its text (markers removed, trimmed) and the units that hold it. */
function readQuotation(answer: string, units: readonly ClaimUnit[], start: number, end: number): Quotation {
  // Units overlapping [start, end): those that hold quoted text. A unit holding only a mark quotes nothing, and its
  // sources do not count for the quotation (`"… budget [1]. " Spending … [2]`: the quoted text is [1]'s claim's).
  const covered: number[] = [];
  for (let u = unitEndingAfter(units, start); u < units.length && units[u]!.span.start < end; u++)
    covered.push(u);
  if (covered.length === 0) return { span: { start, end }, text: '', units: covered };
  // Only the markers inside the quotation: a unit of many markers and many quotations costs no more than its length.
  const inside: Marker[] = [];
  for (const u of covered) {
    const { markers } = units[u]!;
    let low = 0;
    let high = markers.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (markers[middle]!.end > start) high = middle;
      else low = middle + 1;
    }
    for (let m = low; m < markers.length && markers[m]!.start < end; m++) inside.push(markers[m]!);
  }
  // A Hangul filler shows as a space, as the marks' neighbours read it: it parts the words it stands between
  // (`the\u3164rapist` is no `therapist`), where the comparison would drop it.
  const text = removeMarkers(answer, start, end, inside).replace(FILLER, ' ').trim();
  return { span: { start, end }, text, units: covered };
}

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** A quotation's length as `minLength` counts it: its code units, and each Han, kana or Hangul character once more. */
const quotedLength = (text: string): number => text.length + (text.match(WIDE)?.length ?? 0);

// An attribute's quoted value in a tag: `=`, maybe spaces, then the quote that opens it.
const ATTRIBUTE_VALUE = /=[ \t]*(["'])/g;

/**
 * Where the quotes that delimit attribute values are in `answer` between `start` and `end`, when that stretch is an
 * HTML tag (`<img alt="…">`); else null. Linear in the stretch.
 */
function attributeQuotes(answer: string, start: number, end: number): Set<number> | null {
  if (answer[start] !== '<' || !/[A-Za-z/]/.test(answer[start + 1] ?? '')) return null;
  const tag = answer.slice(start, end);
  const quotes = new Set<number>();
  ATTRIBUTE_VALUE.lastIndex = 0;
  for (let found = ATTRIBUTE_VALUE.exec(tag); found !== null; found = ATTRIBUTE_VALUE.exec(tag)) {
    const opener = found.index + found[0].length - 1;
    const closer = tag.indexOf(found[1]!, opener + 1);
    if (closer === -1) break;
    quotes.add(start + opener).add(start + closer);
    ATTRIBUTE_VALUE.lastIndex = closer + 1;
  }
  return quotes;
}
