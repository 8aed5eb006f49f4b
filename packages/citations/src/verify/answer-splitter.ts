import {
  closeQuotationScan,
  copyQuotationScan,
  isQuotationOpen,
  type Quotation,
  type QuotationScan,
  scanQuotations,
  shiftQuotationScan,
  startQuotationScan,
} from './find-quotations.js';
import { type Marker, parseMarkers } from './parse-markers.js';
import { isFastCut, TERMINATOR } from './sentence-starts.js';
import {
  type ClaimUnit,
  CONTENT,
  continuesAfterAbbreviation,
  isSpaceCode,
  LIST_PREFIX,
  lineContent,
  MAX_HEADING_LENGTH,
  maskLine,
  mayLeadIn,
  pushUnit,
  sentenceSegmenter,
  splitSentences,
} from './split-line.js';
import { isSourceHeading, mayBeSourceHeading } from './source-list.js';

/** Options for {@link createAnswerSplitter}. */
export interface AnswerSplitterOptions {
  unit?: 'sentence' | 'line';
  locale?: string;
  ranges?: boolean;
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
interface OpenLine {
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
// A line whose content may still become a source-list heading is looked at only this far.
const HEADING_WINDOW = 4 * MAX_HEADING_LENGTH + 16;
// Failed attempts may cost this many times the text they look at, so the total work stays linear.
const WASTE_FACTOR = 4;
const BULLET_SO_FAR =
  /^[ \t\u00a0]*(?:\d{1,3}[.)]?|[a-zA-Z][.)]?|#{1,6}|[-*+>\u2022\u2023\u25e6\u25aa\u2043])$/;

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

  /**
   * Returns the units of the open line before its last certain sentence end, when nothing before the line is
   * waiting and the line cannot be a source-list heading or entry.
   */
  function cutOpenLine(): void {
    if (segmenter === null || head < waiting.length || !open.space) return;
    open.space = false;
    // The budget first, on lengths alone: reading the text costs as much as an attempt.
    if (open.lastTerminator < Math.max(open.splitFrom, 0)) return;
    if (open.wasted > WASTE_FACTOR * (open.text.length - Math.max(open.splitFrom, 0))) return;
    const { text } = open;
    if (open.splitFrom === -1) {
      // The content start is certain once text follows a bullet, or, without one, once enough text follows for no
      // bullet (at most six characters and a space) to be still in the making.
      const { contentStart } = lineContent(text);
      const bullet = text.slice(0, contentStart).trim() !== '';
      if (bullet ? contentStart >= text.length : text.length - contentStart < 8) return;
      open.splitFrom = contentStart;
    }
    const from = open.splitFrom;
    if (open.lastTerminator < from) return;
    // Text up to the last space is settled: nothing after that space changes how the text before it splits.
    let settled = text.length - 1;
    while (settled > from && !SPACE.test(text[settled]!)) settled--;
    if (settled <= from) return;
    const cost = settled - from;
    const markers = parseMarkers(text.slice(from, settled), { ranges }).map((marker) => ({
      ...marker,
      start: marker.start + from,
      end: marker.end + from,
    }));
    const cutAt = lastFastCut(text, maskLine(text, from, settled, markers), from);
    if (cutAt === -1 || !mayCutLine(text, from, cutAt)) {
      open.wasted += cost;
      return;
    }
    const units: ClaimUnit[] = [];
    if (!splitSentences(units, text, segmenter, from, cutAt, markers, settled)) {
      open.wasted += cost;
      return;
    }
    const quotations: Quotation[] = [];
    let scan = open.scan;
    if (options.minQuoteLength !== null && (units.length > 0 || open.scan !== null)) {
      scan = copyQuotationScan(open.scan ?? startQuotationScan(units[0]!.span.start));
      // Up to the sentence end: marks between the last unit and it (in bare punctuation) count too.
      scanQuotations(text, units, 0, units.length - 1, scan, cutAt, options.minQuoteLength, quotations);
      // A quotation still open may close after the sentence end and cover the units before it: not final yet.
      if (isQuotationOpen(scan)) {
        open.wasted += cost;
        return;
      }
    }
    if (units.length > 0) deliver(open.start, units, quotations);
    if (markers.some((marker) => marker.end <= cutAt)) markerFound = true;
    // The line goes on from the sentence end as a line of its own: the text before it is dropped.
    open.text = text.slice(cutAt);
    open.start += cutAt;
    open.splitFrom = 0;
    open.scan = scan === null ? null : shiftQuotationScan(scan, cutAt);
    open.lastTerminator -= cutAt;
    open.wasted = 0;
    open.cut = true;
  }

  /** Whether the open line may be cut before `cutAt`: it is neither a source-list heading nor, in a list, an entry. */
  function mayCutLine(text: string, from: number, cutAt: number): boolean {
    if (open.cut) return true; // decided at the first cut
    if (inList && text[from] === '[') return false;
    // A heading is only heading words up to its first marker: with a sentence end before the first marker (or no
    // marker yet) the line is none; with a marker before it, the words before the marker decide.
    const firstMarker = parseMarkers(text.slice(from, cutAt), { ranges })[0];
    if (firstMarker === undefined) return true;
    return !isSourceHeading(text.slice(from, from + firstMarker.start));
  }

  /** Whether the open line is certain to hold a unit, whatever follows (once true, it stays true). */
  function openLineHoldsUnit(): boolean {
    if (open.holdsUnit || open.cut) return true;
    const window = open.head;
    const prefix = LIST_PREFIX.exec(window)?.[0] ?? '';
    const content = window.slice(prefix.length);
    if (!CONTENT.test(content)) return false;
    // Without a list prefix yet, the start may still become one (`1` before `1. `).
    if (prefix.trim() === '' && BULLET_SO_FAR.test(window)) return false;
    // After a source-list heading or entry, a line whose content starts with a marker is an entry.
    if (inList && (content === '' || content[0] === '[')) return false;
    // The title is the content before the first marker; a `[` that may still become one ends it too.
    const firstMarker = parseMarkers(content, { ranges })[0];
    const bracket = content.indexOf('[');
    const end = firstMarker?.start ?? (bracket === -1 ? content.length : bracket);
    const title = content.slice(0, end);
    if (firstMarker === undefined ? mayBeSourceHeading(title) : isSourceHeading(title)) return false;
    open.holdsUnit = true;
    return true;
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
      cutOpenLine();
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
      return openLineHoldsUnit();
    },
    markerSeen() {
      return markerFound;
    },
  };
}

/**
 * The last certain sentence end in `masked` (the line's text from `from`, as the sentence scan reads it), or -1. A
 * real space must come right before it, not a masked marker, so that the unit before it ends before it: a
 * quotation that starts at the sentence end then touches no unit before it.
 */
function lastFastCut(text: string, masked: string, from: number): number {
  for (let at = masked.length - 1; at > 0; at--) {
    // Only the first character after a run of spaces can start a sentence on its own.
    if (isSpaceCode(masked.charCodeAt(at)) || !isSpaceCode(text.charCodeAt(from + at - 1))) continue;
    // A candidate after an abbreviation or an initial (`Dr. Smith`) would only be merged: try the one before.
    if (isFastCut(masked, at) && !continuesAfterAbbreviation(masked, 0, at)) return from + at;
  }
  return -1;
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
