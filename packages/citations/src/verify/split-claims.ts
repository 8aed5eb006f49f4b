import { isUnicodeSpace } from '../text/is-unicode-space.js';
import { QUOTATION_MARK } from './find-quotations.js';
import { compileIdentifierRules, DEFAULT_IDENTIFIER_RULES, findIdentifiers } from './identifier-rules.js';
import { type Marker, parseMarkers } from './parse-markers.js';
import { isSourceHeading } from './source-list.js';
import { sentenceStarts, TERMINATOR } from './sentence-starts.js';
import { TRAILING_PUNCTUATION, trimEnd } from '../text/trim-end.js';
import type { Span } from '../types.js';

/** One unit of an answer: a sentence (or line) with the markers that belong to it. */
export interface ClaimUnit {
  /** `answer.slice(span.start, span.end)`: the unit with its markers, list bullets and outer spaces removed. */
  text: string;
  span: Span;
  markers: Marker[];
  /** The text with markers (and the spaces before them) removed, trimmed. */
  textWithoutMarkers: string;
  /** Whether anything but markers, spaces and punctuation is left (a letter or a digit). */
  hasContent: boolean;
}

/** Options for {@link splitClaims}. */
export interface SplitClaimsOptions {
  /** `'sentence'` (default, `Intl.Segmenter`) or `'line'` for line-per-claim prompts. */
  unit?: 'sentence' | 'line';
  /** Locale for sentence segmentation (default `'en'`). */
  locale?: string;
  /** Accept `[1-3]` ranges as markers. */
  ranges?: boolean;
}

/** The units of an answer in order; blank units and units of bare punctuation are left out. */
export type SplitClaimsResult = ClaimUnit[];

const LIST_PREFIX =
  /^[ \t\u00a0]*(?:(?:[-*+\u2022\u2023\u25e6\u25aa\u2043]|\d{1,3}[.)]|[a-zA-Z][.)]|#{1,6}|>)[ \t\u00a0]+)?/;
/** A list prefix that makes its line a list item (a bullet or a number, not a heading or a block quote). */
const LIST_ITEM =
  /^[ \t\u00a0]*(?:[-*+\u2022\u2023\u25e6\u25aa\u2043]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t\u00a0]+$/;
const MAX_HEADING_LENGTH = 60;
const CONTENT = /[\p{L}\p{N}]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/g;
// Abbreviations that do not end a sentence: titles before a name and Latin ones that introduce more. Any other
// abbreviation (etc., Inc., Ltd., al., Jr., No., months) may end one, and when in doubt the sentence ends there: a
// false no_marker is visible, while a merged claim would hide an uncited sentence behind a cited one.
const NON_FINAL = new Set(
  'mr mrs ms mx dr prof rev hon gen col lt sgt capt cmdr st mt ft sen rep gov pres supt fr e.g i.e cf vs viz'.split(
    ' ',
  ),
);
// Words that open a sentence far more often than they continue a name: after one of these, a boundary the segmenter
// found after an abbreviation or an initial stands ("Acme Inc. The tower", "the U.S. In 2020").
const SENTENCE_OPENERS = new Set(
  (
    'a all also although an and as at because before both but by despite during each either every few for from ' +
    'furthermore he her here hers his how however i if in instead it its many meanwhile more moreover most my ' +
    'neither no nor not of on one only or our overall she since so some such than that the their them then there ' +
    'these they this those thus to today under unlike we what when where whereas which while who why with yet you'
  ).split(' '),
);
const URL_LIKE = /\bhttps?:\/\/[^\s<>"]+/gi;
const maskUrl = (url: string): string => {
  const core = trimEnd(url, TRAILING_PUNCTUATION);
  return 'x'.repeat(core.length) + url.slice(core.length);
};
const segmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    if (segmenters.size < 32) segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** What `String.prototype.trim` removes: ASCII and Unicode spaces, line breaks and the BOM. */
const isSpaceCode = (code: number): boolean =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code >= 0x80 && (isUnicodeSpace(code) || code === 0xfeff));

/**
 * Splits an answer into claim units. Markers are atomic: a marker group right after a full stop belongs to
 * the sentence before it, and one at the start of a line belongs to the sentence it starts. A lead-in that
 * introduces a list of cited items, and a source list the answer writes under a heading, are no claim units.
 */
export function splitClaims(answer: string, options: SplitClaimsOptions = {}): SplitClaimsResult {
  return splitAnswer(answer, parseMarkers(answer, { ranges: options.ranges === true }), options).units;
}

/** {@link splitClaims} over markers that were already parsed (sorted, non-overlapping). */
export function splitWithMarkers(
  answer: string,
  markers: readonly Marker[],
  options: SplitClaimsOptions = {},
): ClaimUnit[] {
  return splitAnswer(answer, markers, options).units;
}

/** An answer split into claim units, and the entries of a source list it writes, which are no claims. */
export interface AnswerParts {
  /** The claim units, in order. */
  units: ClaimUnit[];
  /** Each line of a source list under a heading such as `Sources:` (`[1] Title, Author, 2020`), in order. */
  sourceEntries: ClaimUnit[];
}

interface Line {
  start: number;
  end: number;
  /** Where the text starts after a list bullet or number, heading hashes or a block-quote mark. */
  contentStart: number;
  markers: Marker[];
  /** Whether the line is an item of a bulleted or numbered list. */
  item: boolean;
}

/**
 * Splits an answer into claim units and source-list entries. `keepsLeadIn` decides whether a lead-in (a unit
 * ending with `:`, last on its line, before a list whose every item carries a marker) stays a claim all the same:
 * by default when it holds a quotation mark or an ECLI, DOI or URL, so nothing that must be checked hides there.
 */
export function splitAnswer(
  answer: string,
  markers: readonly Marker[],
  options: SplitClaimsOptions = {},
  keepsLeadIn: (unit: ClaimUnit) => boolean = holdsSomethingToCheck,
): AnswerParts {
  const lines = linesOf(answer, markers);
  const units: ClaimUnit[] = [];
  const sourceEntries: ClaimUnit[] = [];
  const lastUnitOfLine: number[] = []; // per line, the index in `units` of its last unit, or -1
  const segmenter = options.unit === 'line' ? null : sentenceSegmenter(options.locale ?? 'en');
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const list = sourceListAt(answer, lines, l);
    if (list !== null) {
      for (const [from, to, at] of list.entries)
        pushUnit(sourceEntries, answer, from, to, lines[at]!.markers);
      for (; l < list.next; l++) lastUnitOfLine.push(-1);
      l--;
      continue;
    }
    if (segmenter === null) pushUnit(units, answer, line.contentStart, line.end, line.markers);
    else splitSentences(units, answer, segmenter, line.contentStart, line.end, line.markers);
    lastUnitOfLine.push(
      units.length > 0 && units[units.length - 1]!.span.start >= line.start ? units.length - 1 : -1,
    );
  }
  const leadIns = new Set<number>();
  for (let l = 0; l < lines.length; l++) {
    const u = lastUnitOfLine[l]!;
    if (u !== -1 && isLeadIn(answer, units[u]!, lines, l) && !keepsLeadIn(units[u]!)) leadIns.add(u);
  }
  return { units: leadIns.size === 0 ? units : units.filter((_, u) => !leadIns.has(u)), sourceEntries };
}

function linesOf(answer: string, markers: readonly Marker[]): Line[] {
  const lines: Line[] = [];
  let next = 0; // first marker not yet assigned
  for (let lineStart = 0; lineStart <= answer.length; ) {
    LINE_BREAK.lastIndex = lineStart;
    const lineEnd = LINE_BREAK.test(answer) ? LINE_BREAK.lastIndex - 1 : answer.length;
    const first = next;
    while (next < markers.length && markers[next]!.start < lineEnd) next++;
    const text = answer.slice(lineStart, lineEnd);
    const prefix = LIST_PREFIX.exec(text)?.[0] ?? '';
    lines.push({
      start: lineStart,
      end: lineEnd,
      contentStart: lineStart + prefix.length,
      markers: markers.slice(first, next),
      item: LIST_ITEM.test(prefix),
    });
    lineStart = lineEnd + 1;
  }
  return lines;
}

const isBlankLine = (answer: string, line: Line): boolean => answer.slice(line.start, line.end).trim() === '';

/**
 * A source list starting at line `l`: a heading line (`Sources:`, `## References`), then the lines that start with a
 * marker (`[1] Title, Author, 2020`), blank lines between them allowed. Markers on the heading line itself
 * (`Sources: [1][2]`) are an entry too. Null when line `l` opens no source list.
 */
function sourceListAt(
  answer: string,
  lines: readonly Line[],
  l: number,
): { entries: Array<[number, number, number]>; next: number } | null {
  const heading = lines[l]!;
  if (heading.end - heading.contentStart > 4 * MAX_HEADING_LENGTH) return null;
  const firstMarker = heading.markers[0];
  const title = answer.slice(heading.contentStart, firstMarker?.start ?? heading.end);
  if (!isSourceHeading(title)) return null;
  const entries: Array<[number, number, number]> = [];
  if (firstMarker !== undefined) entries.push([firstMarker.start, heading.end, l]);
  let next = l + 1;
  for (let k = l + 1; k < lines.length; k++) {
    const line = lines[k]!;
    if (isBlankLine(answer, line)) continue;
    if (line.markers[0]?.start !== line.contentStart) break;
    entries.push([line.contentStart, line.end, k]);
    next = k + 1;
  }
  return entries.length === 0 ? null : { entries, next };
}

/**
 * Whether `unit`, the last on line `l`, introduces a list of cited items: it has no marker, ends with a colon
 * (emphasis aside), and the next line that is not blank starts a list whose every item carries a marker.
 */
function isLeadIn(answer: string, unit: ClaimUnit, lines: readonly Line[], l: number): boolean {
  if (unit.markers.length > 0 || !LEAD_IN_END.test(unit.text)) return false;
  const line = lines[l]!;
  if (answer.slice(unit.span.end, line.end).trim() !== '') return false;
  let items = 0;
  for (let k = l + 1; k < lines.length; k++) {
    const next = lines[k]!;
    if (isBlankLine(answer, next)) continue;
    if (!next.item) break;
    if (next.markers.length === 0) return false;
    items++;
  }
  return items > 0;
}

const LEAD_IN_END = /[:：][\s*_]*$/;

/** Whether a unit holds a quotation mark or an identifier the default rules read: then it is checked as a claim. */
function holdsSomethingToCheck(unit: ClaimUnit): boolean {
  return (
    QUOTATION_MARK.test(unit.textWithoutMarkers) ||
    findIdentifiers(unit.textWithoutMarkers, defaultRules).length > 0
  );
}

const defaultRules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);

function splitSentences(
  units: ClaimUnit[],
  answer: string,
  segmenter: Intl.Segmenter,
  start: number,
  end: number,
  markers: Marker[],
): void {
  if (start >= end) return;
  if (!TERMINATOR.test(answer.slice(start, end))) {
    pushUnit(units, answer, start, end, markers); // no terminator: one sentence, no segmentation
    return;
  }
  // Markers become spaces for the segmenter, so a group after a full stop trails the sentence before it.
  let masked = '';
  let cursor = start;
  for (const marker of markers) {
    if (marker.start < start) continue;
    masked += answer.slice(cursor, marker.start) + ' '.repeat(marker.end - marker.start);
    cursor = marker.end;
  }
  masked += answer.slice(cursor, end);
  // URLs become letters too: the segmenter would otherwise end a sentence at a '?' or '.' inside one.
  if (masked.includes('://')) masked = masked.replace(URL_LIKE, maskUrl);
  const starts = sentenceStarts(masked, segmenter);
  let pendingStart = -1;
  let markerIndex = 0;
  for (let k = 0; k < starts.length; k++) {
    const segmentStart = pendingStart === -1 ? start + starts[k]! : pendingStart;
    const segmentEnd = k + 1 < starts.length ? start + starts[k + 1]! : end;
    if (segmentEnd < end && continuesAfterAbbreviation(masked, starts[k]!, segmentEnd - start)) {
      pendingStart = segmentStart;
      continue;
    }
    pendingStart = -1;
    const first = markerIndex;
    while (markerIndex < markers.length && markers[markerIndex]!.start < segmentEnd) markerIndex++;
    pushUnit(units, answer, segmentStart, segmentEnd, markers.slice(first, markerIndex));
  }
}

/**
 * Whether the sentence `text[from, to)` goes on past its end, which the segmenter took for a sentence boundary: it
 * ends with a title (`Dr.`) or a Latin abbreviation that introduces more (`e.g.`), or with an initialism (`U.S.`)
 * or a single initial after a capitalised word, another initial or nothing (`John F.`, `J. K.`, not `vitamin C.`)
 * that no sentence opener (`The`, `In`) follows. Anything else ends the sentence: when in doubt, split.
 */
function continuesAfterAbbreviation(text: string, from: number, to: number): boolean {
  let end = to;
  while (end > from && isSpaceCode(text.charCodeAt(end - 1))) end--;
  if (end === from || text.charCodeAt(end - 1) !== 0x2e) return false;
  let begin = end - 1;
  while (begin > from) {
    const code = text.charCodeAt(begin - 1) | 0x20;
    if (!((code >= 0x61 && code <= 0x7a) || code === 0x2e)) break;
    begin--;
  }
  if (begin === end - 1) return false;
  const word = text.slice(begin, end - 1).toLowerCase();
  if (NON_FINAL.has(word)) return true;
  if (!/^(?:[a-z]\.)*[a-z]$/.test(word) || opensSentence(text, to)) return false;
  if (word.length > 1) return true; // an initialism: U.S., U.S.A.
  // One initial: part of a name when another initial follows (`J. K.`), or when what comes before it is a
  // capitalised word, an initial, or nothing (`John F.`).
  if (/^[A-Z]\./.test(text.slice(to, to + 2))) return true;
  let previousEnd = begin;
  while (previousEnd > from && isSpaceCode(text.charCodeAt(previousEnd - 1))) previousEnd--;
  if (previousEnd === from) return true;
  let previousStart = previousEnd;
  while (previousStart > from && isLetterCode(text.charCodeAt(previousStart - 1) | 0x20)) previousStart--;
  if (text.charCodeAt(previousEnd - 1) === 0x2e) return true; // J. K.
  const first = text.charCodeAt(previousStart);
  return previousStart < previousEnd && first >= 0x41 && first <= 0x5a;
}

const isLetterCode = (lower: number): boolean => lower >= 0x61 && lower <= 0x7a;

/** Whether the word after `at` (past spaces, quotes and brackets) is a capitalised sentence opener (`The`, `In`). */
function opensSentence(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && /[\s"'([\u2018\u201c\u00ab]/.test(text[i]!)) i++;
  const first = text.charCodeAt(i);
  if (!(first >= 0x41 && first <= 0x5a)) return false;
  let end = i + 1;
  while (end < text.length && end - i < 16 && isLetterCode(text.charCodeAt(end) | 0x20)) end++;
  return SENTENCE_OPENERS.has(text.slice(i, end).toLowerCase());
}

function pushUnit(units: ClaimUnit[], answer: string, start: number, end: number, markers: Marker[]): void {
  let from = start;
  let to = end;
  while (from < to && isSpaceCode(answer.charCodeAt(from))) from++;
  while (to > from && isSpaceCode(answer.charCodeAt(to - 1))) to--;
  if (from === to) return;
  const text = answer.slice(from, to);
  const textWithoutMarkers = removeMarkers(answer, from, to, markers);
  const hasContent = CONTENT.test(textWithoutMarkers);
  if (!hasContent && markers.length === 0) return; // a rule, a fence or bare punctuation: not a claim
  units.push({ text, span: { start: from, end: to }, markers, textWithoutMarkers, hasContent });
}

function removeMarkers(answer: string, from: number, to: number, markers: readonly Marker[]): string {
  if (markers.length === 0) return answer.slice(from, to);
  let out = '';
  let cursor = from;
  for (const marker of markers) {
    let cut = marker.start;
    while (cut > cursor && isSpaceCode(answer.charCodeAt(cut - 1))) cut--;
    out += answer.slice(cursor, cut);
    cursor = marker.end;
  }
  out += answer.slice(cursor, to);
  return out.trim();
}
