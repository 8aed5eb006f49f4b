import {
  closeQuotationScan,
  type Quotation,
  type QuotationScan,
  scanQuotations,
  startQuotationScan,
} from './find-quotations.js';
import { type Marker, parseMarkers } from './parse-markers.js';
import { TERMINATOR } from './sentence-starts.js';
import {
  type ClaimUnit,
  lineContent,
  MAX_HEADING_LENGTH,
  mayLeadIn,
  pushUnit,
  sentenceSegmenter,
  splitSentences,
} from './split-line.js';
import { isSourceHeading } from './source-list.js';

/** Options for {@link createAnswerSplitter}. */
export interface AnswerSplitterOptions {
  unit?: 'sentence' | 'line';
  locale?: string;
  ranges?: boolean;
  /** Whether a lead-in stays a claim all the same (a lead-in is never one otherwise). */
  keepsLeadIn: (unit: ClaimUnit) => boolean;
  /** The shortest direct quotation to find, or null to find none. */
  minQuoteLength: number | null;
  /** Early cuts of the line still being written, for an answer that streams; none when it arrives whole. */
  cutter?: OpenLineCutter;
}

/** What an early cut of the line still being written may read besides the line. */
export interface CutContext {
  segmenter: Intl.Segmenter | null;
  ranges: boolean;
  minQuoteLength: number | null;
  /** The last decided line belongs to a source list. */
  inList: boolean;
}

/** Releases the units of the line still being written that no later text can change (`cutOpenLine`). */
export interface OpenLineCutter {
  /**
   * The units (line-local, with their quotations) before the last certain sentence end of `line`, which then goes
   * on from there, and whether a marker was among them; null when no sentence end is certain yet. Called only when
   * no finished line is waiting.
   */
  cut(
    line: OpenLine,
    context: CutContext,
  ): { units: ClaimUnit[]; quotations: Quotation[]; markers: boolean } | null;
  /** Whether `line` is certain to hold a unit, whatever follows. */
  holdsUnit(line: OpenLine, context: CutContext): boolean;
}

/**
 * A part of the answer whose place and extent can no longer change: a claim unit with the direct quotations that
 * overlap it, or an entry of a source list the answer writes. `index` numbers the units from 0; a quotation's
 * `units` are such numbers, all of units returned together with it or before.
 */
export type AnswerPart =
  | { kind: 'unit'; unit: ClaimUnit; index: number; quotations: Quotation[] }
  | { kind: 'entry'; unit: ClaimUnit };

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

/** A finished line, waiting until the lines after it decide what it is. */
interface LineRecord {
  start: number;
  blank: boolean;
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
  /** The line's units not yet returned (line-local offsets), with their quotations (indexes into `units`). */
  units: ClaimUnit[];
  quotations: Quotation[];
  /** The last unit may be a lead-in: the lines after it decide. */
  mayLeadIn: boolean;
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
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const SPACE = /\s/;
/** A line whose content may still become a source-list heading is looked at only this far. */
export const HEADING_WINDOW = 4 * MAX_HEADING_LENGTH + 16;

/**
 * Splits an answer into claim units and source-list entries as it arrives, exactly as `splitAnswer` splits the
 * whole answer. A line's units are final when the line ends; before that, the units before a sentence end that
 * no later text can move (a full stop, spaces, a capital letter; no abbreviation or open quotation before it).
 * A line that may head a source list, a possible lead-in and the list after it wait until the lines after them
 * decide. Work is linear in the answer.
 */
export function createAnswerSplitter(options: AnswerSplitterOptions): AnswerSplitter {
  const segmenter = options.unit === 'line' ? null : sentenceSegmenter(options.locale ?? 'en');
  const ranges = options.ranges === true;
  const { cutter } = options;
  const waiting: LineRecord[] = []; // finished lines, in order: those before `head` are decided
  let head = 0;
  let look = 0; // how far the lines after the first waiting one were looked at
  let items = 0; // the cited list items found so far after a possible lead-in
  let inList = false; // the last decided line belongs to a source list
  let ended = false;
  let unitCount = 0;
  let markerFound = false;
  let open = newLine(0);
  let out: AnswerPart[] = [];

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
    };
  }

  /** Returns units (line-local) with their quotations, numbering them and moving them to answer offsets. */
  function deliver(lineStart: number, units: readonly ClaimUnit[], quotations: readonly Quotation[]): void {
    const first = unitCount;
    const absolute = units.map((unit) => shift(unit, lineStart));
    const overlapping: Quotation[][] = units.map(() => []);
    for (const quotation of quotations) {
      const moved: Quotation = {
        span: { start: quotation.span.start + lineStart, end: quotation.span.end + lineStart },
        text: quotation.text,
        units: quotation.units.filter((u) => u < units.length).map((u) => first + u),
      };
      for (const u of quotation.units) if (u < units.length) overlapping[u]!.push(moved);
    }
    absolute.forEach((unit, u) => {
      out.push({ kind: 'unit', unit, index: unitCount++, quotations: overlapping[u]! });
    });
  }

  function deliverEntry(lineStart: number, entry: ClaimUnit | null): void {
    if (entry !== null) out.push({ kind: 'entry', unit: shift(entry, lineStart) });
  }

  /** Decides the waiting lines as far as the lines after them allow, returning their parts in order. */
  function decide(): void {
    while (head < waiting.length) {
      const line = waiting[head]!;
      if (inList) {
        if (line.blank) {
          next();
          continue;
        }
        if (line.startsWithMarker) {
          deliverEntry(line.start, line.asEntry);
          next();
          continue;
        }
        inList = false;
      }
      if (line.heading) {
        if (line.ownEntry !== null) {
          deliverEntry(line.start, line.ownEntry);
          inList = true;
          next();
          continue;
        }
        // The next line that is not blank decides: a list when it starts with a marker.
        look = Math.max(look, head + 1);
        while (look < waiting.length && waiting[look]!.blank) look++;
        if (look === waiting.length && !ended) return;
        if (look < waiting.length && waiting[look]!.startsWithMarker) {
          inList = true;
          next();
          continue;
        }
        line.heading = false; // decided: no list follows, the line is an ordinary one
      }
      if (line.mayLeadIn) {
        const leadIn = isLeadIn();
        if (leadIn === null) {
          // Undecided: the units before the possible lead-in are final already, unless a quotation touches it.
          const last = line.units.length - 1;
          if (last > 0 && !line.quotations.some((quotation) => quotation.units.includes(last))) {
            deliver(line.start, line.units.slice(0, -1), line.quotations);
            line.units = line.units.slice(-1);
            line.quotations = [];
          }
          return;
        }
        // A lead-in is no unit: a quotation that touches it does not cover it (the delivery drops it).
        if (leadIn) line.units = line.units.slice(0, -1);
      }
      deliver(line.start, line.units, line.quotations);
      next();
    }
  }

  /** Moves past the first waiting line (dropping decided lines now and then, so the queue stays short). */
  function next(): void {
    head++;
    look = head;
    items = 0;
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
      look = 0;
    } else if (head > 1024 && head * 2 > waiting.length) {
      waiting.splice(0, head);
      look -= head;
      head = 0;
    }
  }

  /**
   * Whether the last unit of the first waiting line is a lead-in: the next line that is not blank starts a list
   * whose every item carries a marker, up to the first line that is not blank and not an item. Null while the lines
   * so far allow both. Resumes where it stopped, so each line is looked at once.
   */
  function isLeadIn(): boolean | null {
    look = Math.max(look, head + 1);
    for (; look < waiting.length; look++) {
      const line = waiting[look]!;
      if (line.blank) continue;
      if (!line.item) return items > 0;
      if (line.markerCount === 0) return false;
      items++;
    }
    return ended ? items > 0 : null;
  }

  /** Finishes the open line: its facts, its remaining units and their quotations. */
  function finishLine(): void {
    const { text, start, cut } = open;
    // A line with a certain sentence end was found to be no source-list heading or entry and is no list item's
    // business any more (nothing before it was waiting); what is left of it is its last stretch of sentences.
    const { contentStart, item } = cut ? { contentStart: 0, item: false } : lineContent(text);
    const markers = parseMarkers(text, { ranges });
    if (markers.length > 0) markerFound = true;
    const firstMarker = cut ? undefined : markers[0];
    const heading =
      !cut &&
      text.length - contentStart <= 4 * MAX_HEADING_LENGTH &&
      isSourceHeading(text.slice(contentStart, firstMarker?.start ?? text.length));
    const startsWithMarker = firstMarker !== undefined && firstMarker.start === contentStart;
    const entry = (from: number): ClaimUnit | null => {
      const found: ClaimUnit[] = [];
      pushUnit(found, text, from, text.length, markers);
      return found[0] ?? null;
    };
    const from = open.splitFrom === -1 ? contentStart : open.splitFrom;
    const rest = markers.filter((marker) => marker.start >= from);
    const units: ClaimUnit[] = [];
    if (segmenter === null) pushUnit(units, text, from, text.length, rest);
    else splitSentences(units, text, segmenter, from, text.length, rest);
    const quotations: Quotation[] = [];
    if (options.minQuoteLength !== null && units.length > 0) {
      const scan = open.scan ?? startQuotationScan(units[0]!.span.start);
      const last = units.length - 1;
      scanQuotations(text, units, 0, last, scan, units[last]!.span.end, options.minQuoteLength, quotations);
      closeQuotationScan(text, units, 0, last, scan, options.minQuoteLength, quotations);
    }
    const lastUnit = units[units.length - 1];
    waiting.push({
      start,
      blank: !cut && text.trim() === '',
      item,
      markerCount: markers.length + (cut ? 1 : 0),
      startsWithMarker,
      heading,
      ownEntry: heading && firstMarker !== undefined ? entry(firstMarker.start) : null,
      asEntry: startsWithMarker ? entry(contentStart) : null,
      units,
      quotations,
      mayLeadIn: lastUnit !== undefined && mayLeadIn(text, lastUnit) && !options.keepsLeadIn(lastUnit),
    });
  }

  function cutContext(): CutContext {
    return { segmenter, ranges, minQuoteLength: options.minQuoteLength, inList };
  }

  function absorb(text: string): void {
    let rest = text;
    for (;;) {
      LINE_BREAK.lastIndex = 0;
      const found = LINE_BREAK.exec(rest);
      if (found === null) break;
      open.text += rest.slice(0, found.index);
      finishLine();
      open = newLine(open.start + open.text.length + 1);
      decide();
      rest = rest.slice(found.index + 1);
    }
    if (rest === '') return;
    const at = open.text.length;
    open.text += rest;
    if (open.head.length < HEADING_WINDOW) open.head += rest.slice(0, HEADING_WINDOW - open.head.length);
    if (SPACE.test(rest)) open.space = true;
    for (let i = rest.length - 1; i >= 0; i--) {
      if (TERMINATOR.test(rest[i]!)) {
        open.lastTerminator = at + i;
        break;
      }
    }
  }

  return {
    push(text) {
      if (ended) throw new Error('push() after finish()');
      out = [];
      absorb(text);
      if (cutter !== undefined && head === waiting.length) {
        const { start } = open;
        const cut = cutter.cut(open, cutContext());
        if (cut !== null) {
          if (cut.units.length > 0) deliver(start, cut.units, cut.quotations);
          if (cut.markers) markerFound = true;
        }
      }
      return out;
    },
    finish() {
      out = [];
      if (!ended) {
        ended = true;
        finishLine();
        decide();
      }
      return out;
    },
    unitFollows() {
      // Lines wait only on a possible lead-in (its units, or the items after it, follow) or on a possible source-list
      // heading (whose list may hold nothing a verification shows).
      const first = waiting[head];
      if (first !== undefined) return !first.heading && first.mayLeadIn;
      return cutter?.holdsUnit(open, cutContext()) ?? false;
    },
    markerSeen() {
      return markerFound;
    },
  };
}

function shift(unit: ClaimUnit, by: number): ClaimUnit {
  if (by === 0) return unit;
  return {
    ...unit,
    span: { start: unit.span.start + by, end: unit.span.end + by },
    markers: unit.markers.map((marker: Marker) => ({
      ...marker,
      start: marker.start + by,
      end: marker.end + by,
    })),
  };
}
