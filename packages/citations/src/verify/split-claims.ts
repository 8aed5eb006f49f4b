import { isUnicodeSpace } from '../text/is-unicode-space.js';
import { type Marker, parseMarkers } from './parse-markers.js';
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
const CONTENT = /[\p{L}\p{N}]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr jr st vs etc e.g i.e cf al no nos fig figs vol pp inc ltd co corp dept approx est gen col lt sgt rev hon jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
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
 * the sentence before it, and one at the start of a line belongs to the sentence it starts.
 */
export function splitClaims(answer: string, options: SplitClaimsOptions = {}): SplitClaimsResult {
  return splitWithMarkers(answer, parseMarkers(answer, { ranges: options.ranges === true }), options);
}

/** {@link splitClaims} over markers that were already parsed (sorted, non-overlapping). */
export function splitWithMarkers(
  answer: string,
  markers: readonly Marker[],
  options: SplitClaimsOptions = {},
): ClaimUnit[] {
  const units: ClaimUnit[] = [];
  const byLine = options.unit === 'line';
  const segmenter = byLine ? null : sentenceSegmenter(options.locale ?? 'en');
  let next = 0; // first marker not yet assigned
  let lineStart = 0;
  while (lineStart <= answer.length) {
    LINE_BREAK.lastIndex = lineStart;
    const lineEnd = LINE_BREAK.test(answer) ? LINE_BREAK.lastIndex - 1 : answer.length;
    const firstMarker = next;
    while (next < markers.length && markers[next]!.start < lineEnd) next++;
    const lineMarkers = markers.slice(firstMarker, next);
    const line = answer.slice(lineStart, lineEnd);
    const contentStart = lineStart + (LIST_PREFIX.exec(line)?.[0].length ?? 0);
    if (segmenter === null) {
      pushUnit(units, answer, contentStart, lineEnd, lineMarkers);
    } else {
      splitSentences(units, answer, segmenter, contentStart, lineEnd, lineMarkers);
    }
    lineStart = lineEnd + 1;
  }
  return units;
}

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
    if (segmentEnd < end && endsWithAbbreviation(masked, starts[k]!, segmentEnd - start)) {
      pendingStart = segmentStart;
      continue;
    }
    pendingStart = -1;
    const first = markerIndex;
    while (markerIndex < markers.length && markers[markerIndex]!.start < segmentEnd) markerIndex++;
    pushUnit(units, answer, segmentStart, segmentEnd, markers.slice(first, markerIndex));
  }
}

/** Whether `text[from, to)` ends with an abbreviation or an initial ("Dr.", "e.g.", "U.S.", "J."). */
function endsWithAbbreviation(text: string, from: number, to: number): boolean {
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
  return ABBREVIATIONS.has(word) || /^(?:[a-z]\.)*[a-z]$/.test(word);
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
