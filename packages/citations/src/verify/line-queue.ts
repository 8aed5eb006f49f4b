import {
  closeQuotationScan,
  headQuotationPart,
  lineQuotationPart,
  longEnough,
  openQuotationPart,
  type Quotation,
  type QuotationPart,
  type QuotationScan,
  scanQuotations,
  startQuotationScan,
  strayQuotationPart,
  unmarkedFamilies,
} from './find-quotations.js';
import { isBlank, wholeRun } from '@gk/internal';
import { isAlertLine } from './alert-line.js';
import { findMarkers, type Marker, type Ranges } from './parse-markers.js';
import { MARKS, SINGLE } from './quotation-marks.js';
import { quoteDepthOf, quoteMarksOf } from './quote-depth.js';
import { readContainer } from './read-container.js';
import { isSourceHeading, MAX_HEADING_LENGTH } from './source-list.js';
import {
  type ClaimUnit,
  LIST_PREFIX,
  mayLeadIn,
  BLOCK_OF,
  CODE_UNITS,
  HARD_BREAK_ENDS,
  HTML_BLOCK_UNITS,
  isSpaceCode,
  PARAGRAPH_STARTS,
  pushUnit,
  sentenceSegmenter,
  splitSentences,
} from './split-line.js';

// The lines of an answer, in order: what each line holds, and what it is once the lines after it decide (a source
// list, a lead-in, ordinary units). An answer that arrives whole goes through it line by line, read in place (its
// units come in answer offsets); one that streams does the same with each line on its own, moves what it read to
// answer offsets, and may take units off the line still being written (answer-splitter.ts). The state is a plain
// record and the steps are functions, so a bundle of `verifyAnswer` carries none of what only streaming needs.

/** Options for {@link createLineQueue}. */
export interface LineQueueOptions {
  unit?: 'sentence' | 'line';
  locale?: string;
  /** Whether ranges are markers; the verifiers give their passage count, past which none is expanded ({@link Ranges}). */
  ranges?: Ranges | undefined;
  /** Whether a lead-in stays a claim all the same (a lead-in is never one otherwise). */
  keepsLeadIn: (unit: ClaimUnit) => boolean;
  /** The shortest direct quotation to find, or null to find none. */
  minQuoteLength: number | null;
}

/**
 * A part of the answer whose place and extent can no longer change: a claim unit with the direct quotations that
 * overlap it, or an entry of a source list the answer writes. `index` numbers the units from 0; a quotation's
 * `units` are such numbers, all of units returned together with it or before.
 */
export type AnswerPart =
  | { kind: 'unit'; unit: ClaimUnit; index: number; quotations: Quotation[] }
  | { kind: 'entry'; unit: ClaimUnit }
  // A lead-in, no claim: read for what the lines before it leave open (a tag, a bracket), checked for nothing else.
  | { kind: 'lead-in'; unit: ClaimUnit };

/** A finished line, waiting until the lines after it decide what it is. Offsets are the answer's. */
export interface LineRecord {
  blank: boolean;
  /** The empty line between the CR and the LF of one line break: no blank line between two rows of a table. */
  gap: boolean;
  item: boolean;
  markerCount: number;
  /** The line's first marker starts its content: in a source list, it is an entry. */
  startsWithMarker: boolean;
  /** The line's content before its first marker is a source-list heading. */
  heading: boolean;
  /** For a heading with markers on it, the entry they start; else null. */
  ownEntry: ClaimUnit | null;
  /** The line's content as a source-list entry. */
  asEntry: ClaimUnit | null;
  /** The line's units not yet returned, with their quotations (indexes into `units`). */
  units: ClaimUnit[];
  /**
   * The bare punctuation after the line's last unit (all of the line's content when it has none) that may open a
   * bracket (`… level. [`, a line `[`), else null: no unit, but read as a lead-in for the bracket a soft line break
   * cuts (`[` · `7]` shows `[ 7]`).
   */
  bare: ClaimUnit | null;
  quotations: Quotation[];
  /** The last unit may be a lead-in: the lines after it decide. */
  mayLeadIn: boolean;
  /**
   * The line may be a table's header row: the first of its units that holds a `|` (from which on the row's units are
   * no claims when it is one), else -1. The lines after it decide.
   */
  tableHead: number;
  /** The line's cells as a header row (when `tableHead` is not -1). */
  cells: number;
  /** The line's cells as a table's delimiter row (`|---|:--:|`), else 0. */
  delimiterCells: number;
  /** One more than the block-quote marks before the line's content (read on a line holding a `|`; compared only). */
  depth: number;
  /**
   * The spaces before the line's content, past its block-quote marks; on a possible header row, where its rows start
   * (past a list item's bullet, else 0).
   */
  indent: number;
  /**
   * A quotation left open at the line's end, which a line after it in its paragraph may close: the line waits for the
   * next one. Null on a line that is, or may be, anything but ordinary units (a heading, a lead-in, a table's header).
   */
  tail: QuotationPart | null;
  /** Where in `quotations` the quotation the line alone reads for `tail` is (-1: none, too short to check). */
  tailQuotation: number;
  /** Where a quotation that a line break cut may close on this line (up to a closing mark), else null. */
  head: QuotationPart | null;
  /**
   * A single-quoted quotation that a block boundary cut may close on this line, at its first single closing mark with
   * nothing open: the part up to it (back to its claim's start, as a stray double closer quotes) is among
   * `quotations`, when long enough. Read only while one is open at the last line's end or carried.
   */
  stray: boolean;
  /** A single mark opens on the line and stays open at its end (read only while one is open or carried, as `stray`). */
  singleOpen: boolean;
  /**
   * The whole line as a stretch of the quotation the line before it leaves open (read only when one is), else null.
   */
  through: QuotationPart | null;
  /** The families of quotation marks the line holds none of (bit `family`). */
  unmarked: number;
  /** The line goes on the paragraph of the line before it (a soft line break): not blank, no item, no other block. */
  continues: boolean;
  /** How many block-quote marks open the line. */
  quoteDepth: number;
  /** The line shows nothing past its block-quote marks, yet is no blank line (other spaces or invisible characters). */
  unseen: boolean;
  /** The line is a paragraph's (it holds units, and is no heading or code): a line after it may go on with it. */
  paragraph: boolean;
}

/**
 * What the reader of a line knows of it besides its text: the rest of a line whose first units were taken before it
 * ended (see `cutOpenLine`), or a fence.
 */
export interface LineRest {
  /** A sentence end was certain on the line: `text` is what follows it, and a unit starts there. */
  cut: boolean;
  /** The line's quotation scan so far, if it was started. */
  scan: QuotationScan | null;
  /** For a cut line, the block-quote depth of the whole line, read before its first cut. */
  quoteDepth?: number;
  /** For a cut line, what readContainer read at the start of the whole line, read before its first cut. */
  container?: string;
  /** The line opens or closes a fenced code block: it holds no claim (its info string is no statement). */
  fence?: boolean;
  /** The closer of an HTML comment or the like that the lines before leave open ('' none). */
  comment?: string;
  /** The line is in an HTML block: it reads no markdown (its backticks and links' destinations show as typed). */
  html?: boolean;
  /** The line is in a fenced code block: a page shows it as typed, tags and all. */
  code?: boolean;
  /** For a cut line, no unit of the line was returned before it ended: its first unit is the line's. */
  first?: boolean;
}

/** The lines of one answer: those finished and waiting, and the parts decided. */
export interface LineQueue {
  readonly options: LineQueueOptions;
  readonly segmenter: Intl.Segmenter | null;
  readonly ranges: Ranges;
  /** Finished lines, in order: those before `head` are decided. */
  waiting: LineRecord[];
  head: number;
  /** How far the lines after the first waiting one were looked at. */
  look: number;
  /** The cited list items found so far after a possible lead-in. */
  items: number;
  /** The last decided line belongs to a source list. */
  inList: boolean;
  /** The last decided line belongs to a table (after its delimiter row, up to a blank line). */
  inTable: boolean;
  /** The last line has been added. */
  ended: boolean;
  unitCount: number;
  /** A citation marker was found in a finished line or a part returned. */
  markerFound: boolean;
  /** The parts decided, in answer order, until the caller takes them. */
  out: AnswerPart[];
  /** Blank lines after a line whose quotation is open at its end: the line after them may still close it. */
  held: LineRecord[];
  /**
   * A single-quoted quotation left open at the end of a line that the next line did not go on with (a block boundary
   * cut it), and that line, which waits undecided: a later line with a single closer that nothing on it opened has
   * both parts checked; a later line that leaves a single mark open, or the answer's end, lets it go (an unclosed
   * single mark is an apostrophe). Null when none is carried.
   */
  single: { part: QuotationPart; line: LineRecord } | null;
  /** The block the last line that is not blank belongs to ({@link BLOCK_OF}), and whether a blank line followed it. */
  block: number;
  afterBlank: boolean;
  /** The last line that shows something is a paragraph's ({@link LineRecord.paragraph}), and its block-quote depth. */
  paragraph: boolean;
  paragraphDepth: number;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/** An empty queue. */
export function createLineQueue(options: LineQueueOptions): LineQueue {
  return {
    options,
    segmenter: options.unit === 'line' ? null : sentenceSegmenter(options.locale ?? 'en'),
    ranges: options.ranges ?? false,
    waiting: [],
    head: 0,
    look: 0,
    items: 0,
    inList: false,
    inTable: false,
    ended: false,
    unitCount: 0,
    markerFound: false,
    out: [],
    held: [],
    single: null,
    block: 0,
    afterBlank: false,
    paragraph: false,
    paragraphDepth: 0,
  };
}

/**
 * Whether a line whose start readContainer reads as `container` starts a paragraph of its own, given the lines queued
 * before it: after a blank line or no paragraph (a heading, code), or opening a heading, a list item or another block
 * quote. Else a soft line break joins it to the line before, as a page shows it. The lines after a line queued are
 * known only once it is: a line cut while streaming reads the same as the whole line.
 */
export function startsParagraph(queue: LineQueue, container: string): boolean {
  if (queue.afterBlank || !queue.paragraph) return true;
  const [, quote = '', , opener] = readContainer(container);
  const depth = quoteDepthOf(quote);
  return opener !== undefined || (depth !== 0 && depth !== queue.paragraphDepth);
}

/**
 * A whole answer split into its parts (`queue.out`), line by line: exactly what the answer splitter returns when
 * the whole answer is pushed at once. No marker spans a line break, so the answer's markers are read at once.
 */
export function queueWholeAnswer(answer: string, options: LineQueueOptions): LineQueue {
  const queue = createLineQueue(options);
  const fences: number[] = []; // where each line that is a fence starts
  const comments = new Map<number, string>(); // where each line that a comment runs into starts, and its closer
  const html: number[] = []; // where each line in an HTML block starts
  const code: number[] = []; // where each line in a fenced code block starts
  const markers = findMarkers(answer, queue.ranges, fences, comments, html, code);
  let start = 0;
  let next = 0; // the first marker after the lines queued
  let nextFence = 0;
  let nextHtml = 0;
  let nextCode = 0;
  const queueUpTo = (end: number): void => {
    const first = next;
    while (next < markers.length && markers[next]!.start < end) next++;
    const fence = fences[nextFence] === start;
    if (fence) nextFence++;
    const comment = comments.get(start);
    const raw = html[nextHtml] === start;
    if (raw) nextHtml++;
    const typed = code[nextCode] === start;
    if (typed) nextCode++;
    const rest =
      fence || comment || raw || typed
        ? { cut: false, scan: null, fence, comment, html: raw, code: typed }
        : undefined;
    const line = readLine(queue, answer, start, end, markers.slice(first, next), rest);
    line.gap = start === end && answer[start - 1] === '\r' && answer[end] === '\n';
    queueLine(queue, line);
  };
  for (const found of answer.matchAll(LINE_BREAK)) {
    queueUpTo(found.index);
    start = found.index + 1;
  }
  queue.ended = true;
  queueUpTo(answer.length);
  return queue;
}

// What bare punctuation may leave open for the line after it: a bracket, a character reference, a bidi control (which
// reorders the next line, a soft line break apart: `\u200F` · `5 - 10` shows `10 - 5`).
// A setext heading's underline, which ends the paragraph before it (a heading's): no line a quotation runs through.
const SETEXT_UNDERLINE = /^[ \t]{0,3}(?:=+|-+)[ \t]*$/;
const MAY_OPEN = /[[\]&\p{Ps}\p{Pe}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * What the finished line `text[start, end)` holds, in `text`'s offsets (`text` is the whole answer, or the line
 * alone); `markers` are the markers on it, and `rest` is there when units were taken off it before it ended or it is a
 * fence.
 */
export function readLine(
  queue: LineQueue,
  text: string,
  start: number,
  end: number,
  markers: Marker[],
  rest?: LineRest,
): LineRecord {
  const { options, segmenter } = queue;
  const line = text.slice(start, end);
  const cut = rest?.cut === true;
  // A line with a certain sentence end was found to be no source-list heading or entry and is no list item's
  // business any more (nothing before it was waiting); what is left of it is its last stretch of sentences.
  const prefix = cut ? null : LIST_PREFIX.exec(line)!; // every part of the pattern is optional
  const contentStart = start + (prefix?.[0].length ?? 0);
  if (markers.length > 0) queue.markerFound = true;
  const firstMarker = cut ? undefined : markers[0];
  const heading =
    !cut &&
    end - contentStart <= 4 * MAX_HEADING_LENGTH &&
    isSourceHeading(text.slice(contentStart, firstMarker?.start ?? end));
  const startsWithMarker = firstMarker !== undefined && firstMarker.start === contentStart;
  const html = rest?.html === true;
  const entry = (from: number): ClaimUnit | null => {
    const found: ClaimUnit[] = [];
    pushUnit(found, text, from, end, markers);
    if (html && found[0] !== undefined) HTML_BLOCK_UNITS.add(found[0]);
    return found[0] ?? null;
  };
  // No marker lies in a list prefix: the markers are those of the content.
  const units: ClaimUnit[] = [];
  // A fence is structure, not a claim; so is a GitHub alert's `[!NOTE]` line, which shows as the callout's title.
  if (rest?.fence !== true && (cut || !isAlertLine(line))) {
    if (segmenter === null) pushUnit(units, text, contentStart, end, markers);
    else splitSentences(units, text, segmenter, contentStart, end, markers, end, html);
    if (html) for (const unit of units) HTML_BLOCK_UNITS.add(unit);
    if (rest?.code === true) for (const unit of units) CODE_UNITS.add(unit);
  }
  let bare: ClaimUnit | null = null;
  if (rest?.fence !== true && rest?.code !== true) {
    let from = units.length > 0 ? units[units.length - 1]!.span.end : contentStart;
    let to = end;
    while (from < to && isSpaceCode(text.charCodeAt(from))) from++;
    while (to > from && isSpaceCode(text.charCodeAt(to - 1))) to--;
    const tail = text.slice(from, to);
    if (
      from < to &&
      MAY_OPEN.test(tail) &&
      !(units.length === 0 && (markers.length > 0 || isAlertLine(line)))
    ) {
      bare = {
        text: tail,
        span: { start: from, end: to },
        markers: [],
        textWithoutMarkers: tail,
        hasContent: false,
      };
      if (html) HTML_BLOCK_UNITS.add(bare);
    }
  }
  // The line's first unit (or its entry) may start a paragraph of its own: the look-alike check joins it to the line
  // before it only over a soft line break.
  const container = cut ? (rest.container ?? '') : line;
  const asEntry = startsWithMarker ? entry(contentStart) : null;
  if ((!cut || rest.first === true) && startsParagraph(queue, container))
    for (const unit of [units[0] ?? bare, asEntry]) if (unit != null) PARAGRAPH_STARTS.add(unit);
  // The unit that ends the line with a backslash hard break (`[\` shows `[<br>`): markdown reads no HTML block or code.
  if (!html && rest?.code !== true && endsWithHardBreak(line))
    for (const unit of [units[units.length - 1], asEntry])
      if (unit?.span.end === end) HARD_BREAK_ENDS.add(unit);
  const quotations: Quotation[] = [];
  let tail: QuotationPart | null = null;
  let head: QuotationPart | null = null;
  let stray = false;
  let singleOpen = false;
  let through: QuotationPart | null = null;
  let unmarked = 0;
  if (options.minQuoteLength !== null && units.length > 0) {
    const scan = rest?.scan ?? startQuotationScan(units[0]!.span.start, rest?.comment, html);
    scanQuotations(text, units, scan, units[units.length - 1]!.span.end, options.minQuoteLength, quotations);
    tail = openQuotationPart(text, units, scan);
    // A cut line's scan started before its units: no line before it waits for it.
    const open = cut ? null : openTail(queue);
    if (open !== null) {
      head = headQuotationPart(text, units, scan);
      unmarked = unmarkedFamilies(scan);
      if (unmarked & (1 << open.family)) through = lineQuotationPart(text, units, open.family);
    }
    // A closer that no line's reading but this one pairs: the part is read here, where its offsets move with the
    // line's (a line after it that goes on the paragraph and closes it instead drops it, as it drops `head`'s).
    if (open?.family === SINGLE || (!cut && queue.single !== null)) {
      const part = strayQuotationPart(text, units, scan);
      stray = part !== null;
      if (part !== null && longEnough(part.text, options.minQuoteLength))
        quotations.push({ span: part.span, text: part.text, units: part.units });
      singleOpen = scan.open[SINGLE]!.length > 0;
    }
    closeQuotationScan(text, units, scan, options.minQuoteLength, quotations);
  } else if (
    options.minQuoteLength !== null &&
    bare === null &&
    rest?.fence !== true &&
    rest?.code !== true
  ) {
    // A line of bare punctuation that starts with a single closing mark (`’.`) closes a single-quoted quotation a
    // line before it left open, as a line of words would: the part before it is checked.
    stray = closesSingle(text, contentStart, end);
  }
  // A line of bare punctuation a quotation left open runs on through when it holds no mark of its family (`[]()`, a
  // `\` hard break, a `*`): the families it holds none of, for joinLine.
  if (
    options.minQuoteLength !== null &&
    units.length === 0 &&
    !cut &&
    rest?.fence !== true &&
    rest?.code !== true &&
    contentStart < end &&
    !SETEXT_UNDERLINE.test(text.slice(contentStart, end)) &&
    openTail(queue) !== null
  ) {
    const content = text.slice(contentStart, end);
    const scan = startQuotationScan(contentStart, rest?.comment, html);
    const unit = {
      text: content,
      span: { start: contentStart, end },
      markers: [],
      textWithoutMarkers: content,
      hasContent: false,
    };
    scanQuotations(text, [unit], scan, end, options.minQuoteLength, []);
    unmarked = unmarkedFamilies(scan);
  }
  const tailQuotation =
    tail === null ? -1 : quotations.findIndex((quotation) => sameSpan(quotation.span, tail.partial));
  const lastUnit = units[units.length - 1];
  const leadIn = lastUnit !== undefined && mayLeadIn(text, end, lastUnit) && !options.keepsLeadIn(lastUnit);
  // A header row's units from its first cell border on, where GFM may open a table (no ATX heading), when no cell
  // ends like a sentence and no unit has a marker or must be checked (a quotation, an identifier): a header is labels.
  const pipe = line.includes('|');
  // A cut line is the rest of its line: the line's own start says which block quote, list item or heading it is in.
  const [, quote = '', space = '', opener = ''] = readContainer(
    pipe ? (cut ? (rest.container ?? '') : line) : '',
  );
  const headCells = pipe ? cellsOf(text.slice(contentStart, end)) : [];
  const rowCells = pipe ? cellsOf(line.slice(quote.length)) : [];
  let tableHead =
    leadIn || !pipe || opener[0] === '#' || headCells.some(endsSentence)
      ? -1
      : units.findIndex((unit) => CELL_BORDER.test(unit.text));
  if (
    tableHead !== -1 &&
    units.slice(tableHead).some((unit) => unit.markers.length > 0 || options.keepsLeadIn(unit))
  )
    tableHead = -1;
  // CommonMark's blank line holds only spaces and tabs: a line of other spaces (U+00A0, U+3000, a form feed) goes on
  // its paragraph, and a quotation with it, as a line of invisible characters does (`unseen`).
  const blank = /^[ \t]*$/.test(line);
  const quoteMarks = cut ? '' : quoteMarksOf(line);
  // A cut line is still inside the block quote its line opened: a quotation it leaves open joins as the whole line's.
  const quoteDepth = cut ? (rest.quoteDepth ?? 0) : quoteDepthOf(quoteMarks);
  return {
    blank, // a cut line starts with its next sentence: never blank
    gap: false, // the caller knows
    item: prefix?.groups?.['item'] !== undefined, // a bullet or a number, not a heading or a block quote
    markerCount: markers.length,
    startsWithMarker,
    heading,
    ownEntry: heading && firstMarker !== undefined ? entry(firstMarker.start) : null,
    asEntry,
    units,
    bare,
    quotations,
    mayLeadIn: leadIn,
    tableHead,
    cells: tableHead === -1 ? 0 : headCells.length,
    // `---` alone (no `|`) is a rule or a heading's underline; a block quote's `>` is no part of the row.
    delimiterCells: rowCells.every((cell) => DELIMITER_CELL.test(cell)) ? rowCells.length : 0,
    depth: quote.split('>').length,
    indent: tableHead === -1 ? space.length : opener ? space.length + opener.length : 0,
    tail: heading || leadIn || tableHead !== -1 ? null : tail,
    tailQuotation,
    head,
    stray,
    singleOpen,
    through,
    unmarked,
    continues:
      !cut &&
      !blank &&
      !heading &&
      !startsWithMarker &&
      tableHead === -1 &&
      prefix?.groups?.['item'] === undefined &&
      !BLOCK_START.test(line.slice(quoteMarks.length)),
    quoteDepth,
    unseen: !cut && !blank && isBlank(line.slice(quoteMarks.length)),
    paragraph:
      (units.length > 0 || bare !== null) &&
      rest?.code !== true &&
      !(readContainer(container)[3] ?? '').startsWith('#'),
  };
}

/** The quotation the last line queued leaves open at its end while that line waits, else null. */
function openTail(queue: LineQueue): QuotationPart | null {
  const last = queue.waiting[queue.waiting.length - 1];
  return last !== undefined && queue.head < queue.waiting.length ? last.tail : null;
}

/**
 * What starts a block of its own past a line's block-quote marks: an ATX heading, a code fence, a thematic break
 * (three marks, then only marks and spaces: the repeated part one character class, as a repeated group would keep a
 * backtrack entry per mark and overflow V8's stack on a long line of them).
 */
const BLOCK_START = /^[ \t]*(?:#{1,6}(?:[ \t]|$)|```|~~~|(?:[-*_][ \t]*){3}[-*_ \t]*$)/;

/** A `|` that is not escaped: a cell border in a table row. */
const CELL_BORDER = /(?:^|[^\\])\|/;
// A cell's runs are read whole in pieces (`wholeRun`; what follows each cannot start with one of its characters): a
// repeated class kept a backtrack entry per character once V8 compiles patterns without optimizations, and a cell of
// millions of dashes or spaces overflowed its stack.
const DELIMITER_CELL = /* @__PURE__ */ (() =>
  new RegExp(`^(?:${wholeRun('[ \\t]')})?:?${wholeRun('-')}:?(?:${wholeRun('[ \\t]')})?$`))();
const TWO_WORDS = /* @__PURE__ */ (() => new RegExp(`\\S${wholeRun('\\s')}\\S`))();
const SENTENCE_END = /* @__PURE__ */ (() =>
  new RegExp(`[.!?](?:${wholeRun('[*_]')})?(?:${wholeRun('\\s')})?$`))();

/** Whether a cell of two words or more ends like a sentence (a header cell is a label: `No.` is one). */
const endsSentence = (cell: string): boolean => TWO_WORDS.test(cell) && SENTENCE_END.test(cell);

/** A table row's cells: its pieces between unescaped `|`, without the outer pipes. */
function cellsOf(row: string): string[] {
  const cells = row.trim().split(/(?<!\\)\|/);
  if (cells[0] === '') cells.shift();
  if (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/**
 * Adds a finished line (in answer offsets) and decides the waiting lines as far as the lines after them allow. Set
 * `queue.ended` first for the last line.
 */
export function queueLine(queue: LineQueue, line: LineRecord): void {
  // The empty line inside a CR LF is no blank line; a blank line or a list item starts a block.
  if (line.blank && !line.gap) queue.afterBlank = true;
  else if (!line.blank) {
    if (queue.afterBlank || line.item) queue.block++;
    queue.afterBlank = false;
    for (const unit of line.units) BLOCK_OF.set(unit, queue.block);
    if (line.bare !== null) BLOCK_OF.set(line.bare, queue.block);
    if (!line.unseen) {
      queue.paragraph = line.paragraph;
      queue.paragraphDepth = line.quoteDepth;
    }
  }
  const open = openTail(queue);
  const carried = queue.single;
  if (carried !== null && !line.blank) {
    // A later line's first single closer with nothing open on it closes the quotation carried (pairs of single marks
    // before it are quotations inside it); a single mark it leaves open instead takes its place (the innermost open
    // mark is the one a closer pairs with). The line is looked at once.
    if (line.stray) checkPart(queue, carried.part, carried.line);
    else if (line.singleOpen) queue.single = null;
  }
  if (open !== null) {
    // The empty line inside a CR LF is no line; blank lines wait with the line before them, since the first line
    // after them may close its quotation; a line that goes on with the quotation joins its line.
    if (line.blank && !line.gap && !queue.ended) {
      queue.held.push(line);
      return;
    }
    if (line.gap || joinLine(queue, open, line)) {
      if (!line.gap) queue.held.length = 0;
      decide(queue);
      return;
    }
    // A line that shows nothing but starts another block (an empty block quote, `>`) parts the paragraph as a blank
    // line does: it waits with the line before it, and the first line after it may still close the quotation.
    if (line.unseen && line.units.length === 0 && !queue.ended) {
      queue.held.push(line);
      return;
    }
    if (open.family === SINGLE) {
      const last = queue.waiting[queue.waiting.length - 1]!;
      if (line.stray) checkPart(queue, open, last);
      // A line that closes it nowhere (a list item, a fence, a rule, a heading, a row): a later line still may.
      else if (!line.singleOpen) queue.single = { part: open, line: last };
    }
  }
  for (const blank of queue.held) queue.waiting.push(blank);
  queue.held.length = 0;
  queue.waiting.push(line);
  decide(queue);
}

/**
 * Whether the first character from `from` (before `end`) that is no space is a single quotation mark: on a line of
 * bare punctuation, where no word follows it, it can only close.
 */
function closesSingle(text: string, from: number, end: number): boolean {
  let at = from;
  while (at < end && isSpaceCode(text.charCodeAt(at))) at++;
  const mark = at < end ? MARKS.get(text.codePointAt(at)!) : undefined;
  return mark !== undefined && mark >> 3 === SINGLE;
}

/**
 * Joins `line` to the last line queued, whose quotation `open` runs on past its end, when `line` goes on its paragraph
 * and either closes that quotation (then the whole quotation is checked, in place of the stretches each line reads)
 * or holds no mark of its family (then the quotation runs on through it). Returns whether it joined. The last line
 * changes in place: a quotation that runs on through many lines costs no more than they do.
 */
function joinLine(queue: LineQueue, open: QuotationPart, line: LineRecord): boolean {
  const last = queue.waiting[queue.waiting.length - 1]!;
  if (!line.continues || (line.quoteDepth !== 0 && line.quoteDepth !== last.quoteDepth)) return false;
  // A line that starts with a marker is read alone until it is decided to be no entry of a source list (an entry is
  // checked line by line): decided when the lines before it are, since an entry is delivered as soon as it is read.
  if (last.startsWithMarker && queue.head !== queue.waiting.length - 1) return false;
  const closes = line.head !== null && line.head.family === open.family;
  // Past a blank line (a new paragraph) only a line that closes the quotation goes on with it, outside a table.
  const across = queue.held.length > 0;
  if (across && (!closes || queue.inTable)) return false;
  // A line that shows nothing but is no blank line for CommonMark (invisible characters only) is a stretch of
  // nothing the quotation runs on through.
  // So is a line of bare punctuation (no unit, no marker) that holds no mark of its family (`[]()`, a `\` hard break):
  // the quotation is read whole where a later line closes it, never in two parts that each pass alone.
  const bare =
    line.units.length === 0 && line.markerCount === 0 && (line.unmarked & (1 << open.family)) !== 0;
  if (bare && line.bare !== null && last.bare !== null) return false; // one bracket carried per line
  const part = closes ? line.head! : line.unseen || bare ? { ...open, text: '', units: [] } : line.through;
  if (part === null) return false;
  if (bare && line.bare !== null) last.bare = line.bare;
  const shift = last.units.length;
  const text = part.text === '' ? open.text : `${open.text} ${part.text}`;
  const { units } = open;
  for (const u of part.units) units.push(u + shift);
  const { quotations } = last;
  // The whole quotation takes the place of the stretch the first line read alone (one holding it is long enough).
  if (closes) {
    const whole: Quotation = { span: { start: open.span.start, end: part.span.end }, text, units };
    if (last.tailQuotation !== -1) quotations[last.tailQuotation] = whole;
    else if (longEnough(text, queue.options.minQuoteLength!)) quotations.push(whole);
  }
  let tailQuotation = closes ? -1 : last.tailQuotation;
  line.quotations.forEach((quotation, q) => {
    if (closes && sameSpan(quotation.span, part.partial)) return; // the stretch the whole quotation holds
    if (q === line.tailQuotation) tailQuotation = quotations.length;
    quotations.push({ ...quotation, units: quotation.units.map((u) => u + shift) });
  });
  for (const unit of line.units) last.units.push(unit);
  last.markerCount += line.markerCount;
  last.mayLeadIn = line.mayLeadIn;
  last.tail = closes
    ? line.tail && { ...line.tail, units: line.tail.units.map((u) => u + shift) }
    : { ...open, span: { start: open.span.start, end: part.span.end }, text };
  last.tailQuotation = tailQuotation;
  if (line.mayLeadIn) last.tail = null;
  return true;
}

/**
 * Checks the open part of a single-quoted quotation that a block boundary cuts (a list item, a heading, a block quote,
 * a fence, a rule, a table row, maybe with lines between the parts) on its line `last`, from its mark to the line's
 * end, as the lines read a double-quoted one; the line that closes it reads the closed part (`stray`). Each line alone
 * reads neither (an unclosed single mark is an apostrophe), and a quotation checked nowhere would be accepted unread.
 */
function checkPart(queue: LineQueue, open: QuotationPart, last: LineRecord): void {
  queue.single = null;
  if (longEnough(open.text, queue.options.minQuoteLength!))
    last.quotations.push({ span: open.span, text: open.text, units: open.units });
}

const sameSpan = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start === b.start && a.end === b.end;

/**
 * Decides the waiting lines as far as the lines after them allow, adding their parts to `queue.out` in order. It
 * stops at a possible source-list heading with no line after it yet, or at a possible lead-in whose list is not
 * over.
 */
function decide(queue: LineQueue): void {
  const { waiting } = queue;
  while (queue.head < waiting.length) {
    const line = waiting[queue.head]!;
    if (line.blank && !line.gap) queue.inTable = false;
    if (queue.inList) {
      if (showsNothing(line)) {
        next(queue);
        continue;
      }
      if (line.startsWithMarker) {
        deliverEntry(queue, line.asEntry);
        next(queue);
        continue;
      }
      queue.inList = false;
    }
    if (line.heading) {
      if (line.ownEntry !== null) {
        deliverEntry(queue, line.ownEntry);
        queue.inList = true;
        next(queue);
        continue;
      }
      // The next line that is not blank decides: a list when it starts with a marker.
      let look = Math.max(queue.look, queue.head + 1);
      while (look < waiting.length && showsNothing(waiting[look]!)) look++;
      queue.look = look;
      if (look === waiting.length && !queue.ended) return;
      if (look < waiting.length && waiting[look]!.startsWithMarker) {
        queue.inList = true;
        next(queue);
        continue;
      }
      line.heading = false; // decided: no list follows, the line is an ordinary one
    }
    if (line.tableHead !== -1 && !queue.inTable) {
      const head = headsTable(queue);
      if (head === null) return; // undecided: the lines to come decide
      // A header row is no claim, like a heading; its delimiter row has none.
      if (head) {
        line.units = line.units.slice(0, line.tableHead);
        queue.inTable = true;
      }
    }
    // A quotation left open at the line's end: the next line may close it, or go on with it; a single-quoted one
    // that a block boundary cut, a later line.
    if (line.tail !== null && queue.head === waiting.length - 1 && !queue.ended) return;
    if (line === queue.single?.line && !queue.ended) return;
    let leadIn: ClaimUnit | undefined;
    if (line.mayLeadIn) {
      const decided = isLeadIn(queue);
      if (decided === null) return; // undecided: the lines to come decide
      // A lead-in is no unit: a quotation that touches it does not cover it (the delivery drops it).
      if (decided) {
        leadIn = line.units.at(-1);
        line.units = line.units.slice(0, -1);
      }
    }
    deliver(queue, line.units, line.quotations);
    if (leadIn !== undefined) queue.out.push({ kind: 'lead-in', unit: leadIn });
    if (line.bare !== null) queue.out.push({ kind: 'lead-in', unit: line.bare });
    next(queue);
  }
}

/**
 * Whether the last unit of the first waiting line is a lead-in: the next line that is not blank starts a list
 * whose every item carries a marker, up to the first line that is not blank and not an item (or that starts a
 * source list: an entry is no item of the lead-in's, so a lead-in followed by one is a unit). Null while the lines
 * so far allow both. Resumes where it stopped, so each line is looked at once.
 */
function isLeadIn(queue: LineQueue): boolean | null {
  const { waiting } = queue;
  for (queue.look = Math.max(queue.look, queue.head + 1); queue.look < waiting.length; queue.look++) {
    const line = waiting[queue.look]!;
    if (showsNothing(line)) continue;
    // A heading with its own entry starts a source list: the items before it are the lead-in's, and none after.
    if (!line.item || line.ownEntry !== null) return queue.items > 0;
    if (line.markerCount === 0) return false;
    queue.items++;
  }
  return queue.ended ? queue.items > 0 : null;
}

/**
 * Whether the first waiting line is a table's header row: the line after it is a delimiter row of as many cells, and
 * a row after that, before a blank line, holds a unit (a table of no rows keeps its header a claim, so a unit always
 * follows a header). Null while the lines so far allow both. Resumes where it stopped, so each line is looked at once.
 */
function headsTable(queue: LineQueue): boolean | null {
  const { waiting, head } = queue;
  const after = waiting[head + 1]?.gap ? head + 2 : head + 1;
  const delimiter = waiting[after];
  if (delimiter === undefined) return queue.ended ? false : null;
  const header = waiting[head]!;
  // GFM opens a table only where the delimiter row is in the header's container (block quote, list item) and no
  // indented code: not below a line with other block-quote marks, nor before where the rows start or 4 spaces or more
  // past it.
  if (
    delimiter.delimiterCells !== header.cells ||
    delimiter.depth !== header.depth ||
    delimiter.indent < header.indent ||
    delimiter.indent >= header.indent + 4
  )
    return false;
  for (queue.look = Math.max(queue.look, after + 1); queue.look < waiting.length; queue.look++) {
    const row = waiting[queue.look]!;
    if (row.blank && !row.gap) return false;
    if (row.units.length > 0 && !row.heading) return true;
  }
  return queue.ended ? false : null;
}

/** Whether a line shows nothing (a blank line, or one of other spaces or invisible characters): a source list or a
 * lead-in's list goes on past it. */
const showsNothing = (line: LineRecord): boolean => line.blank || line.unseen;

/** Moves past the first waiting line (once every waiting line is decided, the queue starts over). */
function next(queue: LineQueue): void {
  const { waiting } = queue;
  queue.head++;
  queue.look = queue.head;
  queue.items = 0;
  if (queue.head === waiting.length) {
    waiting.length = 0;
    queue.head = 0;
    queue.look = 0;
  }
}

/**
 * Adds units with their quotations to the parts, numbering them; a quotation's units are numbered as the parts are
 * (those it overlaps among `units`: a lead-in left out is none of them).
 */
export function deliver(
  queue: LineQueue,
  units: readonly ClaimUnit[],
  quotations: readonly Quotation[],
): void {
  const first = queue.unitCount;
  const overlapping: Quotation[][] = units.map(() => []);
  for (const quotation of quotations) {
    const numbered: Quotation = {
      span: quotation.span,
      text: quotation.text,
      units: quotation.units.filter((u) => u < units.length).map((u) => first + u),
    };
    // How a page reads its markup: as typed in a code span or on a line of code, as HTML in an HTML block.
    const held = quotation.units.map((u) => units[u]).filter((unit) => unit !== undefined);
    if (quotation.literal || held.some((unit) => CODE_UNITS.has(unit))) numbered.literal = true;
    if (held.some((unit) => HTML_BLOCK_UNITS.has(unit))) numbered.html = true;
    for (const u of quotation.units) if (u < units.length) overlapping[u]!.push(numbered);
  }
  units.forEach((unit, u) => {
    queue.out.push({ kind: 'unit', unit, index: queue.unitCount++, quotations: overlapping[u]! });
  });
}

function deliverEntry(queue: LineQueue, entry: ClaimUnit | null): void {
  if (entry !== null) queue.out.push({ kind: 'entry', unit: entry });
}

/** Whether `line` ends with a run of backslashes of odd length: its last one escapes none but the line break. */
function endsWithHardBreak(line: string): boolean {
  let at = line.length;
  while (at > 0 && line.charCodeAt(at - 1) === 0x5c) at--;
  return (line.length - at) % 2 === 1;
}
