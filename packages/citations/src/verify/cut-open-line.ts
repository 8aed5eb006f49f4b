import type { CutContext, OpenLine } from './answer-splitter.js';
import {
  copyQuotationScan,
  isQuotationOpen,
  type Quotation,
  scanQuotations,
  shiftQuotationScan,
  startQuotationScan,
} from './find-quotations.js';
import { mayBeAlertLine } from './alert-line.js';
import { containerMarksEnd } from './container-marks-end.js';
import { fenceAfter } from './code-fence.js';
import { HIDDEN_OPENER } from './html-comments.js';
import {
  codeSpans,
  findSpanMarkers,
  htmlTags,
  linkParts,
  mayOpenHtmlBlock,
  opensHtmlBlock,
} from './parse-markers.js';
import { quoteDepthOf } from './quote-depth.js';
import { readContainer } from './read-container.js';
import { isFastCut } from './sentence-starts.js';
import { isSourceHeading, mayBeSourceHeading } from './source-list.js';
import {
  type ClaimUnit,
  CONTENT,
  continuesAfterAbbreviation,
  isSpaceCode,
  LIST_PREFIX,
  maskLine,
  splitSentences,
} from './split-line.js';

// Failed attempts may cost this many times the text they look at, so the total work stays linear.
const WASTE_FACTOR = 4;
const BULLET_SO_FAR =
  /^[ \t\u00a0]*(?:\d{1,3}[.)]?|[a-zA-Z][.)]?|#{1,6}|[-*+>\u2022\u2023\u25e6\u25aa\u2043])$/;
const SPACE = /\s/;
// A line that is so far only block-quote marks and list items' bullets or numbers, nested in any order (`> 1. > `,
// `- - `, `  > `), then a bullet or number, or backticks or tildes, still being written: it may yet be a fence
// (code-fence.ts's fenceParts), which holds no unit, however its `1` or `> 1.` would read as content now.
// The marks are scanned (containerMarksEnd), the rest read from where they end.
const MAY_BE_FENCE = /[ \t]*(?:\d{1,9}[.)]?|[-*+]|`*|~*)$/y;
const mayBeFence = (window: string): boolean => {
  MAY_BE_FENCE.lastIndex = containerMarksEnd(window);
  return MAY_BE_FENCE.test(window);
};

/**
 * How an answer verified as it streams releases units before their line ends: the units (line-local, with their
 * quotations) before the last sentence end of the line still being written that no later text can move (a full
 * stop, spaces, a capital letter; no abbreviation or open quotation before it), when the line can be neither a
 * source-list heading nor, in a list, an entry; the line then goes on from that sentence end. Also whether a marker
 * was among them. Null when no such end is there yet. Called only when no finished line is waiting. An answer that
 * arrives whole needs none: its lines end at once, and the units come out the same.
 */
export function cutOpenLine(
  open: OpenLine,
  context: CutContext,
): { units: ClaimUnit[]; quotations: Quotation[]; markers: boolean } | null {
  const { segmenter, ranges, minQuoteLength } = context;
  if (segmenter === null || !open.space) return null;
  // A line of a fenced code block is code, and one an HTML comment runs into may hide all it holds: it ends before it
  // is read.
  if (context.hidden) return null;
  open.space = false;
  // The budget first, on lengths alone: reading the text costs as much as an attempt.
  if (open.lastTerminator < Math.max(open.splitFrom, 0)) return null;
  if (open.wasted > WASTE_FACTOR * (open.text.length - Math.max(open.splitFrom, 0))) return null;
  const { text } = open;
  if (open.splitFrom === -1) {
    // The content start is certain once text follows a bullet, or, without one, once enough text follows for no
    // bullet (at most six characters and a space) to be still in the making.
    const contentStart = LIST_PREFIX.exec(text)![0].length;
    const bullet = text.slice(0, contentStart).trim() !== '';
    if (bullet ? contentStart >= text.length : text.length - contentStart < 8) return null;
    open.splitFrom = contentStart;
  }
  const from = open.splitFrom;
  if (open.lastTerminator < from) return null;
  // Text up to the last space is settled: nothing after that space changes how the text before it splits.
  let settled = text.length - 1;
  while (settled > from && !SPACE.test(text[settled]!)) settled--;
  // So is a line that opens a fence (whether it does is certain once a sentence end may follow its content start),
  // and one that may open a comment, a CDATA section, a declaration or a processing instruction. A line that opens an
  // HTML block reads no markdown, which the rest of it read alone would.
  if ((!open.cut && (fenceAfter(null, text).code || opensHtmlBlock(text))) || HIDDEN_OPENER.test(text)) {
    open.wasted += text.length;
    return null;
  }
  // A string of backticks still unpaired may yet open a code span, which would hide the markers after it.
  const { spans, unpaired } = codeSpans(text.slice(from, settled));
  if (unpaired !== -1) {
    open.wasted += settled - from; // the scan for it counts as an attempt
    settled = from + unpaired;
  }
  // So may a `[` after a `!` or a `(` after a `]` still unclosed: an image's alt text or a link's destination hides the
  // markers in it. And a `[` still unclosed may open a link: a cut in its text would leave its destination and title
  // to a line read without its `[`, where they hide nothing.
  const links = linkParts(text.slice(from, settled));
  const held =
    links.open === -1
      ? links.bracket
      : links.bracket === -1
        ? links.open
        : Math.min(links.open, links.bracket);
  if (held !== -1) {
    open.wasted += settled - from;
    settled = from + held;
  }
  // And a `<` that may still start an HTML tag, whose attributes hide the markers in them.
  const tags = htmlTags(text.slice(from, settled));
  if (tags.open !== -1) {
    open.wasted += settled - from;
    settled = from + tags.open;
  }
  if (settled <= from) return null;
  const markers = findSpanMarkers(text.slice(from, settled), ranges).map((marker) => ({
    ...marker,
    start: marker.start + from,
    end: marker.end + from,
  }));
  let cutAt = lastFastCut(text, maskLine(text, from, settled, markers), from);
  // The line goes on from the cut as a line of its own: a code span, an image, a link (its label too: the rest would
  // read its `](…)` without the `[`) or a tag the cut splits would read differently there.
  for (const found of [spans, links.spans, links.links, tags.spans])
    for (let k = 0; k < found.length; k += 2)
      if (from + found[k]! < cutAt && cutAt < from + found[k + 1]!) cutAt = -1;
  // Nor may the line from the cut on open an HTML block (`… 1. <div>`), which the whole line does not.
  if (cutAt !== -1 && mayOpenHtmlBlock(text.slice(cutAt))) cutAt = -1;
  const units: ClaimUnit[] = [];
  const quotations: Quotation[] = [];
  let scan = open.scan;
  const certain =
    cutAt !== -1 &&
    mayCutLine(open, context, from, cutAt) &&
    splitSentences(units, text, segmenter, from, cutAt, markers, settled);
  if (certain && minQuoteLength !== null && (units.length > 0 || open.scan !== null)) {
    scan = copyQuotationScan(open.scan ?? startQuotationScan(units[0]!.span.start, '', false)); // no HTML block
    // Up to the sentence end: marks between the last unit and it (in bare punctuation) count too.
    scanQuotations(text, units, scan, cutAt, minQuoteLength, quotations);
  }
  // A quotation still open may close after the sentence end and cover the units before it: not final yet.
  if (!certain || (scan !== null && isQuotationOpen(scan))) {
    open.wasted += settled - from;
    return null;
  }
  // The line goes on from the sentence end as a line of its own: the text before it is dropped, but for the block
  // quote it is in.
  if (!open.cut) {
    open.quoteDepth = quoteDepthOf(text);
    open.container = readContainer(text)[0];
  }
  open.text = text.slice(cutAt);
  open.start += cutAt;
  open.splitFrom = 0;
  open.scan = scan === null ? null : shiftQuotationScan(scan, cutAt);
  open.lastTerminator -= cutAt;
  open.wasted = 0;
  open.cut = true;
  return { units, quotations, markers: markers.some((marker) => marker.end <= cutAt) };
}

/** Whether the line still being written is certain to hold a unit, whatever follows (once true, it stays true). */
export function openLineHoldsUnit(open: OpenLine, { ranges, inList, hidden }: CutContext): boolean {
  if (open.holdsUnit || open.cut) return true;
  const window = open.head;
  // A fence holds no unit: in a fenced code block the line may still close it, and a line may open one. A comment
  // may hide the marker that makes the line a source-list entry.
  if (
    hidden ||
    fenceAfter(null, window).code ||
    window.includes('<!--') ||
    window.includes('](') ||
    window.includes('<')
  )
    return false;
  const prefix = LIST_PREFIX.exec(window)?.[0] ?? '';
  const content = window.slice(prefix.length);
  if (!CONTENT.test(content)) return false;
  // Nor may the line still become a fence behind any block quotes and list items, or a GitHub alert's title.
  if (mayBeFence(window) || mayBeAlertLine(window)) return false;
  // Without a list prefix yet, the start may still become one (`1` before `1. `).
  if (prefix.trim() === '' && BULLET_SO_FAR.test(window)) return false;
  // After a source-list heading or entry, a line whose content starts with a marker is an entry.
  if (inList && (content === '' || content[0] === '[')) return false;
  // The title is the content before the first marker; a `[` that may still become one ends it too.
  const firstMarker = findSpanMarkers(content, ranges)[0];
  const bracket = content.indexOf('[');
  const end = firstMarker?.start ?? (bracket === -1 ? content.length : bracket);
  const title = content.slice(0, end);
  if (firstMarker === undefined ? mayBeSourceHeading(title) : isSourceHeading(title)) return false;
  open.holdsUnit = true;
  return true;
}

/** Whether the open line may be cut before `cutAt`: it is neither a source-list heading nor, in a list, an entry. */
function mayCutLine(open: OpenLine, { ranges, inList }: CutContext, from: number, cutAt: number): boolean {
  if (open.cut) return true; // decided at the first cut
  const { text } = open;
  if (inList && text[from] === '[') return false;
  // A heading is only heading words up to its first marker: with a sentence end before the first marker (or no
  // marker yet) the line is none; with a marker before it, the words before the marker decide.
  const firstMarker = findSpanMarkers(text.slice(from, cutAt), ranges)[0];
  if (firstMarker === undefined) return true;
  return !isSourceHeading(text.slice(from, from + firstMarker.start));
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
