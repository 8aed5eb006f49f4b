import { cutOpenLine, openLineHoldsUnit } from './cut-open-line.js';
import type { Quotation, QuotationPart, QuotationScan } from './find-quotations.js';
import {
  type AnswerPart,
  createLineQueue,
  deliver,
  type LineQueue,
  type LineQueueOptions,
  type LineRecord,
  queueLine,
  readLine,
  startsParagraph,
} from './line-queue.js';
import { type Marker, type MarkerScan, type Ranges, SEPARATOR, scanLineMarkers } from './parse-markers.js';
import { TERMINATOR } from './sentence-starts.js';
import { MAX_HEADING_LENGTH } from './source-list.js';
import {
  BLOCK_OF,
  type ClaimUnit,
  CODE_UNITS,
  HARD_BREAK_ENDS,
  HTML_BLOCK_UNITS,
  PARAGRAPH_STARTS,
} from './split-line.js';

export type { AnswerPart } from './line-queue.js';

/** Options for {@link createAnswerSplitter}: those of the line queue. */
export type AnswerSplitterOptions = LineQueueOptions;

/** What an early cut of the line still being written may read besides the line. */
export interface CutContext {
  segmenter: Intl.Segmenter | null;
  ranges: Ranges;
  minQuoteLength: number | null;
  /** The last decided line belongs to a source list. */
  inList: boolean;
  /** A fenced code block, an HTML comment or an HTML block is open: the line is never cut. */
  hidden: boolean;
}

/** An answer split as it arrives. */
export interface AnswerSplitter {
  /** The next piece of the answer: returns the parts that became final, in answer order. */
  push(text: string): AnswerPart[];
  /** The end of the answer: returns the remaining parts. */
  finish(): AnswerPart[];
  /** Whether a claim unit is certain to come after the last part returned (what has arrived proves it). */
  unitFollows(): boolean;
  /** Whether a citation marker was found in a finished line or a part returned (every marker is in a part). */
  markerSeen(): boolean;
}

/** The line being written. */
export interface OpenLine {
  /** Where `text` starts in the answer. */
  start: number;
  /** The line so far; once a sentence end in it was certain, only the part after it. */
  text: string;
  /** The start of the line, up to the longest text a source-list heading check looks at (kept flat and short). */
  head: string;
  /** Where the content not yet split starts in `text` (-1: at the content start, not known yet). */
  splitFrom: number;
  /** A sentence end was certain on this line: what came before it was returned, and a unit starts at it. */
  cut: boolean;
  /** The line's quotation scan, once its first unit is known. */
  scan: QuotationScan | null;
  /** Where the last sentence terminator in `text` is (-1: none yet). */
  lastTerminator: number;
  /** A space arrived since the last attempt to find a certain sentence end. */
  space: boolean;
  /** Work spent on attempts that found no certain sentence end. */
  wasted: number;
  /** Cached: this line is certain to hold a unit. */
  holdsUnit: boolean;
  /** A `|` arrived on this line: it may be a table's header row, which the line after it decides. */
  pipe: boolean;
  /** The block-quote depth of the line, read at its first cut (0 until then). */
  quoteDepth: number;
  /** What readContainer reads at the line's start (its block quotes, list item or heading), read at its first cut. */
  container: string;
  /** A unit of the line was returned before the line ended. */
  unitsOut: boolean;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const SPACE = /\s/;

/**
 * Splits an answer into claim units and source-list entries as it arrives, exactly as the line queue splits the
 * whole answer (`queueWholeAnswer`). A line's units are final when the line ends; before that, the units before a
 * sentence end that no later text can move (a full stop, spaces, a capital letter; no abbreviation or open
 * quotation before it), found by {@link cutOpenLine}. A line that may head a source list, a possible lead-in and
 * the list after it wait until the lines after them decide. Work is linear in the answer.
 */
export function createAnswerSplitter(options: AnswerSplitterOptions): AnswerSplitter {
  const queue = createLineQueue(options);
  let open = newLine(0);
  let lineBreak = ''; // the line break before the open line
  // What the lines before the open line leave open.
  const scan: MarkerScan = { fence: null, comment: '', html: '', paragraph: false };

  const cutContext = (): CutContext => ({
    segmenter: queue.segmenter,
    ranges: queue.ranges,
    minQuoteLength: options.minQuoteLength,
    inList: queue.inList,
    // A line in an HTML block reads no markdown, which the rest of it after a cut, read alone, would.
    hidden: scan.fence !== null || scan.comment !== '' || scan.html !== '',
  });

  /**
   * Adds the open line, which the line break `end` ends (none at the end of the answer), to the queue, then releases
   * what a possible lead-in does not hold back.
   */
  function finishLine(end = ''): void {
    const { text, start, cut, quoteDepth, container } = open;
    // A line cut early neither opens nor continues a fenced code block or a comment (neither is cut), nor can what is
    // left of it open a fence.
    const joined = SEPARATOR.test(lineBreak + end);
    const { comment } = scan; // open before the line
    const found = scanLineMarkers(scan, text, queue.ranges, cut, joined, cut ? container : text);
    const { markers, delimiter } = found;
    const line = moveLine(
      readLine(queue, text, 0, text.length, markers, {
        cut,
        scan: open.scan,
        quoteDepth,
        container,
        fence: delimiter,
        comment,
        html: found.raw,
        code: found.code,
        first: !open.unitsOut,
      }),
      start,
    );
    line.gap = text === '' && lineBreak === '\r' && end === '\n';
    lineBreak = end;
    queueLine(queue, line);
    dropDecided(queue);
    releaseBeforeLeadIn();
  }

  /**
   * When the queue waits on a possible lead-in, the units before it on its line are final already, unless a
   * quotation touches it: they are returned now, in the order they would be anyway.
   */
  function releaseBeforeLeadIn(): void {
    const line = queue.waiting[queue.head];
    if (line === undefined || line.heading || !line.mayLeadIn) return;
    const last = line.units.length - 1;
    if (last > 0 && !line.quotations.some((quotation) => quotation.units.includes(last))) {
      deliver(queue, line.units.slice(0, -1), line.quotations);
      line.units = line.units.slice(-1);
      line.quotations = [];
    }
  }

  function absorb(text: string): void {
    let rest = text;
    for (;;) {
      LINE_BREAK.lastIndex = 0;
      const found = LINE_BREAK.exec(rest);
      if (found === null) break;
      open.text += rest.slice(0, found.index);
      finishLine(found[0]);
      open = newLine(open.start + open.text.length + 1);
      rest = rest.slice(found.index + 1);
    }
    if (rest === '') return;
    const at = open.text.length;
    open.text += rest;
    // A line whose content may still become a source-list heading is looked at only this far.
    const window = 4 * MAX_HEADING_LENGTH + 16;
    if (open.head.length < window) open.head += rest.slice(0, window - open.head.length);
    if (SPACE.test(rest)) open.space = true;
    if (rest.includes('|')) open.pipe = true;
    for (let i = rest.length - 1; i >= 0; i--) {
      if (TERMINATOR.test(rest[i]!)) {
        open.lastTerminator = at + i;
        break;
      }
    }
  }

  /** The parts decided since the last call. */
  const take = (): AnswerPart[] => queue.out.splice(0);

  return {
    push(text) {
      if (queue.ended) throw new Error('push() after finish()');
      absorb(text);
      // A line that may head a table is not cut: its units from its first `|` on wait for the line after it.
      if (queue.head === queue.waiting.length && !open.pipe) {
        const { start } = open;
        const cut = cutOpenLine(open, cutContext());
        if (cut !== null) {
          if (cut.units.length > 0) {
            const units = cut.units.map((unit) => moveUnit(unit, start));
            // The line's first unit may start a paragraph, as the whole line's reading says (no line was queued since).
            if (!open.unitsOut && startsParagraph(queue, open.container)) PARAGRAPH_STARTS.add(units[0]!);
            open.unitsOut = true;
            deliver(
              queue,
              units,
              cut.quotations.map((quotation) => moveQuotation(quotation, start)),
            );
          }
          if (cut.markers) queue.markerFound = true;
        }
      }
      return take();
    },
    finish() {
      if (!queue.ended) {
        queue.ended = true;
        finishLine();
      }
      return take();
    },
    unitFollows() {
      // Lines wait only on a possible lead-in (its units, or the items after it, follow), a possible table header (its
      // units, or a row's after it), a quotation open at a line's end (its units follow) or a possible source-list
      // heading (whose list may hold nothing a verification shows).
      const first = queue.waiting[queue.head];
      if (first !== undefined)
        return !first.heading && (first.mayLeadIn || first.tableHead !== -1 || first.tail !== null);
      return openLineHoldsUnit(open, cutContext());
    },
    markerSeen() {
      return queue.markerFound;
    },
  };
}

function newLine(start: number): OpenLine {
  return {
    start,
    text: '',
    head: '',
    splitFrom: -1,
    cut: false,
    scan: null,
    lastTerminator: -1,
    space: false,
    wasted: 0,
    holdsUnit: false,
    pipe: false,
    quoteDepth: 0,
    container: '',
    unitsOut: false,
  };
}

/** Drops the decided lines now and then, so that a long list after a possible lead-in keeps the queue short. */
function dropDecided(queue: LineQueue): void {
  if (queue.head > 1024 && queue.head * 2 > queue.waiting.length) {
    queue.waiting.splice(0, queue.head);
    queue.look -= queue.head;
    queue.head = 0;
  }
}

/** A line read on its own, moved to the answer's offsets (it starts at `by`). */
function moveLine(line: LineRecord, by: number): LineRecord {
  if (by === 0) return line;
  const move = (unit: ClaimUnit | null): ClaimUnit | null => (unit === null ? null : moveUnit(unit, by));
  return {
    ...line,
    ownEntry: move(line.ownEntry),
    asEntry: move(line.asEntry),
    units: line.units.map((unit) => moveUnit(unit, by)),
    bare: move(line.bare),
    quotations: line.quotations.map((quotation) => moveQuotation(quotation, by)),
    tail: movePart(line.tail, by),
    head: movePart(line.head, by),
    through: movePart(line.through, by),
  };
}

function movePart(part: QuotationPart | null, by: number): QuotationPart | null {
  if (part === null) return null;
  const { span, partial } = part;
  return {
    ...part,
    span: { start: span.start + by, end: span.end + by },
    partial: { start: partial.start + by, end: partial.end + by },
  };
}

function moveUnit(unit: ClaimUnit, by: number): ClaimUnit {
  if (by === 0) return unit;
  const moved = {
    ...unit,
    span: { start: unit.span.start + by, end: unit.span.end + by },
    markers: unit.markers.map((marker: Marker) => ({
      ...marker,
      start: marker.start + by,
      end: marker.end + by,
    })),
  };
  if (HTML_BLOCK_UNITS.has(unit)) HTML_BLOCK_UNITS.add(moved);
  if (CODE_UNITS.has(unit)) CODE_UNITS.add(moved);
  const block = BLOCK_OF.get(unit);
  if (block !== undefined) BLOCK_OF.set(moved, block);
  if (PARAGRAPH_STARTS.has(unit)) PARAGRAPH_STARTS.add(moved);
  if (HARD_BREAK_ENDS.has(unit)) HARD_BREAK_ENDS.add(moved);
  return moved;
}

function moveQuotation(quotation: Quotation, by: number): Quotation {
  const { span } = quotation;
  return { ...quotation, span: { start: span.start + by, end: span.end + by } };
}
