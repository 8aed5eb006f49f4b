import { excerpt, type StringMap } from '@gk/internal';
import type { Citation, RejectionCode, Span } from '../types.js';
import type { CitedTextFinder, CitedTextPlace } from './create-cited-text-finder.js';
import { foldKeepingExponents } from './create-folded-reader.js';
import type { OffsetConverter, OffsetProblem, OffsetUnit } from './create-offset-converter.js';
import { createWordCuts } from './create-word-cuts.js';
import { lastAtMost } from './last-at-most.js';
import type { ProviderCitation, ProviderDocument, ProviderLocation } from './verify-provider-citations.js';
import { codeSpans } from '../verify/parse-markers.js';
import { normalizeCodePoint } from '../text/normalize-text.js';
import { SOFT_BREAK } from '../text/word-sequence.js';
import { firstAtLeast } from './first-at-least.js';

/** A citation that resolved: the claim span it supports and the citation built from our document. */
export interface ResolvedCitation {
  ok: true;
  claim: Span;
  citation: Citation;
  /** The link label of an inline citation: shown after the claim, which answers for it. */
  label?: Span;
  /** Set when `label` is a whole marker without a URL that reads as no link: it answers for what it quotes and names. */
  whole?: true;
  /** The answer span of an inline citation (`role: 'marker'`), once placed. */
  marker?: Span;
  /**
   * The destination (and title) of a marker without a URL that reads as a link: its claim answers for the identifiers
   * in it, as for a link in its own text. (A marker's `url` is where the citation's document was found from.)
   */
  links?: string;
}

/** A citation that did not resolve; `claim` is null when its answer span could not be placed. */
export interface FailedCitation {
  ok: false;
  claim: Span | null;
  code: RejectionCode;
  message: string;
  markers: number[];
  label?: Span;
  whole?: true;
  marker?: Span;
}

/** A text to look for, and the runs a retrieval chunk's cut dropped before and after it ('' when none). */
export interface CitedPiece {
  text: string;
  before: string;
  after: string;
}

/** Lookups shared by the citations of one verification, each built on first use. */
export interface CitationContext {
  answer: string;
  documents: readonly ProviderDocument[];
  /** Document positions by `documentId` and by `uri`. */
  byId: StringMap<number[]>;
  converter(key: string, text: string, unit: OffsetUnit): OffsetConverter;
  folded(key: string, text: string): (start: number, end: number) => string | null;
  /** Whether a UTF-16 offset of `text` lies between two characters as shown (see clusterEdges), not inside one. */
  edges(key: string, text: string): (index: number) => boolean;
  /** The words of the answer an offset cuts into, or whose sign it leaves out; null at a whole word's edge (see createWordCuts). */
  cuts(at: number): Span | null;
  /**
   * Whether a span of the answer states a word formed across a join, anywhere in it, glued to more or not (see
   * createClaimWordFinder); undefined once the budget for reading claims so is spent.
   */
  states(glued: string, span: Span): boolean | undefined;
  /** The cited-text finder of document `position` (see createCitedTextFinder). */
  finder(position: number): CitedTextFinder;
  /**
   * Of several documents (one id's), the first whose text holds the cited words (with the cut runs beside them: see
   * citedTexts), found in one search over them all.
   */
  among(positions: readonly number[], cited: CitedPiece): number | undefined;
  /**
   * Whether the budget for trying one more document of an id's several, or searching one again past a place it refuses,
   * still lasts (it is charged the document's length).
   */
  spend(position: number): boolean;
  /**
   * `read()`, made once per key while the budget for document spans (8 times the documents' text, as the claim checks
   * read them) lasts: each new key is charged `length`; undefined once it is spent.
   */
  readOnce<T>(key: string, length: number, read: () => T): T | undefined;
  markerClaim(position: number): Span;
  /** The span without the whitespace at its ends. */
  trimAnswer(span: Span): Span;
  /** Whether an answer offset is in code, a tag, a comment, an alt text or a link destination (see hiddenSpans). */
  hidden(at: number): boolean;
}

const UNIT_NAMES: Record<OffsetUnit, string> = {
  utf16: 'UTF-16 code units',
  'code-point': 'code points',
  utf8: 'UTF-8 bytes',
};
const UNITS = Object.keys(UNIT_NAMES) as OffsetUnit[];
const quote = (text: string): string => JSON.stringify(excerpt(text, { length: 80 }));
// No link label is longer (nor holds a line break): such a marker is read as no link.
const MAX_LINK_LABEL = 1000;
// Nor a destination and title (a marker without a URL) longer: such a marker is charged whole.
const MAX_LINK_TAIL = 4096;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
// The longest run a retrieval chunk's cut end may drop (UTF-16 units): the piece of one word a token cut, which runs
// from the cut to the word's end (or start), so up to a long URL or identifier. What decides is that the document
// holds the run right there (see citedTexts); the bound keeps what the provider showed and the citation leaves out
// to one word's piece.
const MAX_CUT = 64;
// How far from each end of a span its edge is read for whole words (see wholeWordsAt), in UTF-16 units.
const EDGE = 256;
// A letter or digit beside a plain space (a separator that glues and signs nothing), and a letter of a script written
// without spaces beside another (an empty separator, the same): the text on either side reads the same without the
// other, so the span can be read in two parts there. Not a modifier letter (`ー`, `ᵃ`, a footnote), nor a digit
// before the space (`Ohio.1 It`, a footnote or not by what follows).
const LETTER_BEFORE = /(?!\p{Lm})\p{L}/u;
const LETTER_OR_DIGIT_AFTER = /(?!\p{Lm})[\p{L}\p{N}]/u;
const SINGLE_LETTER =
  /(?!\p{Lm})(?=\p{L})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const PLAIN_NAME = /^[\w.:-]{1,40}$/;
const PLAIN_LABEL = /^[\x20-\x7e]{1,240}$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isUnit = (value: unknown): value is OffsetUnit => UNITS.includes(value as OffsetUnit);

/** Checks one provider citation against the answer and the documents; `index` is its position in the list. */
export function checkProviderCitation(
  citation: ProviderCitation,
  index: number,
  context: CitationContext,
): ResolvedCitation | FailedCitation {
  const type = isObject(citation) && typeof citation.type === 'string' && PLAIN_NAME.test(citation.type);
  const who = `Citation ${index + 1}${type ? ` (${citation.type})` : ''}`;
  // The link label and the answer span of an inline citation, once placed.
  let shown: { label?: Span; whole?: true; marker?: Span } = {};
  const fail = (code: RejectionCode, message: string, claim: Span | null = null, markers: number[] = []) =>
    ({ ok: false, claim, code, message: `${who} ${message}`, markers, ...shown }) as const;
  if (!isObject(citation) || !isObject(citation.answer)) {
    return fail('invalid_citation', 'is not shaped { document, answer: { start, end }, ... }.');
  }
  if (citation.citedText !== undefined && typeof citation.citedText !== 'string') {
    return fail('invalid_citation', 'has a citedText that is not a string.');
  }
  if (citation.chunk !== undefined && typeof citation.chunk !== 'boolean') {
    return fail('invalid_citation', 'has a chunk flag that is not a boolean.');
  }
  const answer = placeAnswer(citation, context);
  if ('code' in answer) {
    // A marker placed but refused is the refused citation's text: no more uncited than its claim.
    if (answer.marker !== undefined) shown = { marker: answer.marker };
    return fail(answer.code, answer.message, answer.claim ?? null);
  }
  const { claim, label: placed, whole, marker, links, cut } = answer;
  if (placed !== undefined) shown = whole ? { label: placed, whole } : { label: placed };
  if (marker !== undefined) shown = { ...shown, marker };
  const linked = links === undefined ? {} : { links };
  const reference = citation.document as unknown;
  const label =
    typeof citation.label !== 'string'
      ? undefined
      : PLAIN_LABEL.test(citation.label)
        ? citation.label
        : quote(citation.label);
  let candidates: number[];
  if (reference === undefined) return fail('invalid_citation', 'has no document reference.', claim);
  if (!isObject(reference)) {
    return fail(
      'unknown_document',
      `names ${label ?? 'a source'}, which is none of the documents sent.`,
      claim,
    );
  } else if ('index' in reference) {
    const position = reference.index;
    const safe = typeof position === 'number' && Number.isSafeInteger(position) && position >= 0;
    if (!safe || position >= context.documents.length) {
      const count = context.documents.length;
      return fail(
        'unknown_document',
        `names document ${describeNumber(position)}${label === undefined ? '' : ` (${label})`}, which was never sent; expected an index in ${count === 0 ? 'nothing: no documents were sent' : `0..${count - 1}`}.`,
        claim,
        safe ? [position + 1] : [],
      );
    }
    candidates = [position];
  } else if (Array.isArray(reference.ids)) {
    const ids = reference.ids.filter((id): id is string => typeof id === 'string');
    const match = ids.map((id) => context.byId.get(id)).find((found) => found !== undefined);
    if (match === undefined) {
      const shown = ids.length === 0 ? 'no identifier' : ids.slice(0, 3).map(quote).join(' / ');
      return fail(
        'unknown_document',
        `names ${label ?? shown}${label === undefined || ids.every((id) => label.includes(id)) ? '' : ` (${shown})`}, which matches no document's documentId or uri; expected one of the documents sent.`,
        claim,
      );
    }
    candidates = match;
  } else {
    return fail('invalid_citation', 'has a document that is neither { index } nor { ids }.', claim);
  }
  // Several documents under one id (the chunks of one file): one search over all of them finds the one where the cited
  // words first occur (a retrieval chunk's whole, else without its cut edge words), tried first. Without a location
  // that search decides; with one, the others are tried in order while the documents' budget lasts, so citations
  // times chunks is never read in full.
  const cited = citation.citedText;
  const picked =
    candidates.length > 1 && cited !== undefined && LETTER_OR_DIGIT.test(cited)
      ? citedTexts(cited, citation.chunk).reduce<number | undefined>(
          (found, piece) => found ?? context.among(candidates, piece),
          undefined,
        )
      : undefined;
  let first: FailedCitation | undefined;
  for (let i = picked === undefined ? 0 : -1; i < candidates.length; i++) {
    const position = i < 0 ? picked! : candidates[i]!;
    if (i >= 0 && position === picked) continue;
    if (first !== undefined && (citation.location === undefined || !context.spend(position))) break;
    const located = locate(citation, position, claim, context);
    if (!('code' in located)) {
      // An answer span that cuts a word (see placeAnswer) is refused once its citation would be accepted: its other
      // problems, if any, are told first.
      if (cut !== undefined) return fail(cut.code, cut.message, claim, [position + 1]);
      const document = context.documents[position]!;
      return {
        ok: true,
        claim,
        ...shown,
        ...linked,
        citation: {
          source: position + 1,
          documentId: document.documentId,
          chunkId: document.chunkId,
          start: document.start + located.start,
          end: document.start + located.end,
          text: document.text.slice(located.start, located.end),
        },
      };
    }
    first ??= fail(located.code, located.message, claim, [position + 1]);
  }
  return first!;
}

type Problem = { code: RejectionCode; message: string };

/** The claim span of the citation's answer span, in UTF-16 offsets of the whole answer. */
function placeAnswer(
  citation: ProviderCitation,
  context: CitationContext,
):
  | {
      claim: Span;
      label?: Span;
      whole?: true;
      marker?: Span;
      links?: string;
      cut?: Problem | undefined;
    }
  | (Problem & { claim?: Span; marker?: Span }) {
  const span = citation.answer;
  const unit = span.unit ?? 'utf16';
  if (!isUnit(unit))
    return { code: 'invalid_citation', message: `has an answer unit ${describeValue(unit)}.` };
  // A role that is no role is not read as a claim, nor a text or url that is no string as absent: each is refused.
  if (span.role !== undefined && span.role !== 'claim' && span.role !== 'marker')
    return {
      code: 'invalid_citation',
      message: `has an answer role ${describeValue(span.role)}; expected 'claim' or 'marker'.`,
    };
  const field = (['text', 'url'] as const).find(
    (key) => span[key] !== undefined && typeof span[key] !== 'string',
  );
  if (field !== undefined)
    return {
      code: 'invalid_citation',
      message: `has an answer ${field} ${describeValue(span[field])}; expected a string.`,
    };
  const { answer } = context;
  const within = span.within === undefined ? { start: 0, end: answer.length } : span.within;
  const whole = context.converter('answer:utf16', answer, 'utf16');
  const [from, to] = isObject(within) ? [whole.toUtf16(within.start), whole.toUtf16(within.end)] : [];
  if (typeof from !== 'number' || typeof to !== 'number' || from > to) {
    return {
      code: 'answer_out_of_range',
      message: `counts its answer offsets from a part of the answer that is not a span of it (0..${answer.length} UTF-16 code units).`,
    };
  }
  // One converter for the whole answer, however many parts citations count from: offsets in a part are offsets
  // from where the part starts, in the same unit.
  const converter = context.converter(`answer:${unit}`, answer, unit);
  const base = converter.fromUtf16(from);
  const length = converter.fromUtf16(to) - base;
  const edge = context.edges('answer', answer);
  const place = (offset: number): number | OffsetProblem => {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset > length) return 'outside';
    const at = converter.toUtf16(base + offset);
    if (typeof at !== 'number') return at;
    // The ends of the part are its own text's ends, whatever the answer joins to them.
    return at === from || at === to || edge(at) ? at - from : 'inside';
  };
  const start = place(span.start);
  const end = place(span.end);
  const range = `${describeNumber(span.start)}..${describeNumber(span.end)} (${UNIT_NAMES[unit]})`;
  if (typeof start !== 'number' || typeof end !== 'number') {
    const inside = start === 'inside' || end === 'inside';
    return {
      code: 'answer_out_of_range',
      message: inside
        ? `has answer offsets ${range} that fall inside a character; expected character boundaries.`
        : `has answer offsets ${range} outside the answer${from === 0 && to === answer.length ? '' : "'s part"} (0..${length}); expected integers within it.`,
    };
  }
  const role = span.role ?? 'claim';
  if (start > end || (start === end && role !== 'marker')) {
    return {
      code: 'answer_out_of_range',
      message: `has answer offsets ${range} that ${start > end ? 'are reversed' : 'span nothing'}; expected start < end.`,
    };
  }
  const absolute = { start: from + start, end: from + end };
  const held = answer.slice(absolute.start, absolute.end);
  const claim = (): Span =>
    role === 'marker' ? context.markerClaim(absolute.start) : context.trimAnswer(absolute);
  // An answer span is whole words of the answer, as a document span is of its document: a span cut out of a word or
  // number (`effective` of `ineffective`, `300` of `7300`), or without a sign beside it (`40` of `-40`), would have
  // the claim checks read a fragment the answer does not say. The ends of a part are its own text's ends, as above.
  const cuts = (at: number): Span | null => (at === from || at === to ? null : context.cuts(at));
  const words = cuts(absolute.start) ?? cuts(absolute.end);
  const cut =
    words === null
      ? undefined
      : {
          code: 'answer_out_of_range' as const,
          message: `has answer offsets ${range} that cut into ${quote(answer.slice(words.start, words.end))}; expected offsets at the edges of whole words, with the signs beside them.`,
        };
  if (span.text !== undefined && !sameText(held, span.text, absolute, context)) {
    return {
      claim: claim(),
      code: 'answer_mismatch',
      message: `says the answer holds ${quote(span.text)} at ${range}, but it holds ${quote(held)} there; expected the same text.`,
    };
  }
  if (role !== 'marker') return { claim: claim(), cut };
  const marker = absolute;
  const { url } = span;
  // A marker without a URL that reads as no link (`[a](b) "made up"`) is shown whole: the claim answers for all of it.
  let link = linkLabel(held, url);
  if (link !== null && !linkWhereItStands(absolute.start, held, link, url, context)) link = null;
  const label = link ?? (url === undefined ? [0, held.length] : null);
  if (url !== undefined && label === null) {
    return {
      claim: claim(),
      marker,
      code: 'answer_mismatch',
      message: `marks ${quote(held)} at ${range} as its inline citation, which is not a link to ${quote(url)}; expected the URL, bare or as a markdown link.`,
    };
  }
  // Without a URL, where a link goes is the claim's to answer for, as a link in its text (`[report](https://evil.example)`
  // names no document): its destination and title, from after the label's `](` to the last `)`.
  if (url === undefined && link !== null) {
    const outer = held.startsWith('(') && held.endsWith(')') ? 1 : 0;
    // A destination in `<…>` is read without its brackets, which would make it an autolink of any scheme.
    const links = held.slice(link[1] + 2, held.length - outer - 1).replace(/^(\s*)<([^>]*)>/, '$1 $2 ');
    const shown = { start: absolute.start + link[0], end: absolute.start + link[1] };
    return link[0] === link[1]
      ? { claim: claim(), marker, links, cut }
      : { claim: claim(), label: shown, marker, links, cut };
  }
  // A link's label is shown with the claim: the claim answers for what it says. A label that is the host of the link it
  // wraps (`[www.reuters.com](https://www.reuters.com/…)`) says only where the link goes, which the marker's URL is.
  if (label === null || label[0] === label[1]) return { claim: claim(), marker, cut };
  if (link !== null && url !== undefined && isHostOf(held.slice(label[0], label[1]), url))
    return { claim: claim(), marker, cut };
  const shown = { start: absolute.start + label[0], end: absolute.start + label[1] };
  return link === null
    ? { claim: claim(), label: shown, whole: true, marker, cut }
    : { claim: claim(), label: shown, marker, cut };
}

/**
 * The document span a citation's location and cited text resolve to in one candidate document (`claim`: the answer span
 * it supports). Without a cited text, the span located is held to whole words as offsets are (see wholeWordsAt).
 */
function locate(
  citation: ProviderCitation,
  position: number,
  claim: Span,
  context: CitationContext,
): Span | Problem {
  const document = context.documents[position]!;
  const { text } = document;
  const name = `document [${position + 1}] (${quote(document.documentId)})`; // numbered as sources are
  const cited = citation.citedText;
  // As quoted rows refuse a quote without words: punctuation alone cites nothing, yet it is found almost anywhere.
  if (cited !== undefined && !LETTER_OR_DIGIT.test(cited)) {
    return {
      code: 'span_mismatch',
      message: `cites ${quote(cited)}, which has no letter or digit; expected words of ${name}.`,
    };
  }
  const location = citation.location as ProviderLocation | undefined;
  if (location === undefined) {
    if (cited === undefined)
      return wholeWordsAt(
        { start: 0, end: text.length },
        undefined,
        citation.chunk === true,
        position,
        context,
        `cites the whole of ${name}, which holds`,
      );
    // Its words with their edges (as verifyAnswer locates a quotation): not part of a word or number, no sign dropped.
    const found = findWhole(citedTexts(cited, citation.chunk), position, 0, text.length, context).span;
    return found ?? notFound(cited, position, context, name);
  }
  if (!isObject(location))
    return { code: 'invalid_citation', message: 'has a location that is not an object.' };
  if (location.type === 'offsets')
    return locateOffsets(location, cited, citation.chunk === true, position, context, name);
  if (location.type !== 'pages' && location.type !== 'blocks') {
    const type = (location as { type?: unknown }).type;
    return { code: 'invalid_citation', message: `has a location of type ${describeValue(type)}.` };
  }
  const pages = location.type === 'pages';
  const list = pages ? document.pages : document.blocks;
  const noun = pages ? 'page' : 'block';
  // Pages are shown as the 1-based numbers providers use, blocks as their 0-based indexes (last one included).
  const origin = pages ? 1 : 0; // the number shown for index 0
  const { start, end } = location;
  const shift = (value: unknown, by: number): unknown => (typeof value === 'number' ? value + by : value);
  const range = `${noun}s ${describeNumber(shift(start, origin))}..${describeNumber(shift(end, origin - 1))}`;
  if (list === undefined) {
    return {
      code: 'offsets_out_of_range',
      message: `cites ${range} of ${name}, which has no ${noun} boundaries (${pages ? 'pages' : 'blocks'}); expected the document's ${noun} spans to resolve the location.`,
    };
  }
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    start >= end ||
    end > list.length
  ) {
    return {
      code: 'offsets_out_of_range',
      message: `cites ${range} of ${name}, which has ${list.length} ${noun}${list.length === 1 ? '' : 's'}; expected a non-empty range within them.`,
    };
  }
  const from = list[start]!.start;
  const to = list[end - 1]!.end;
  const cites = `cites ${range} of ${name}`;
  const holds = `${cites}, which holds`;
  if (cited === undefined)
    return wholeWordsAt(
      { start: from, end: to },
      undefined,
      citation.chunk === true,
      position,
      context,
      holds,
    );
  const { span: found, first: elsewhere } = findWhole(
    citedTexts(cited, citation.chunk),
    position,
    from,
    to,
    context,
  );
  if (found !== null) return found;
  // A block range's cited text is its blocks' texts concatenated (Anthropic's `cited_text`), however the document
  // joins them.
  if (!pages && citation.chunk !== true && end - start > 1) {
    const joined = blocksJoined(list, start, end, cited, position, claim, context, cites);
    if (joined !== null) return joined;
  }
  if (elsewhere === null) return notFound(cited, position, context, name);
  // First found in the range named, but not as whole words there: no other place to name.
  if (elsewhere.start >= from && elsewhere.end <= to)
    return {
      code: 'span_mismatch',
      message: `cites ${quote(cited)} on ${range} of ${name}, which hold it only as part of a longer word or number, or without a sign that stands beside it; expected whole words of the ${noun}s named.`,
    };
  const at = (offset: number) => spanHolding(list, offset);
  const actual = at(elsewhere.start);
  const last = elsewhere.end > elsewhere.start ? at(elsewhere.end - 1) : actual;
  const where =
    actual === -1
      ? `occurs outside every ${noun}`
      : last === actual
        ? `occurs on ${noun} ${actual + origin}`
        : last === -1
          ? `runs from ${noun} ${actual + origin} past its end`
          : `runs across ${noun}s ${actual + origin}..${last + origin}`;
  return {
    code: 'location_mismatch',
    message: `cites ${quote(cited)} on ${range} of ${name}, but it ${where}; expected the ${noun}s named to hold it.`,
  };
}

// What may lie between two blocks cited together: whitespace only, so nothing that is not (one class, not `^\s*$` with
// the `u` flag, which overflows V8's stack on millions of spaces in a text with a character outside Latin-1).
const NOT_SEPARATOR = /\S/;

/**
 * The index of the span of `list` (ordered, not overlapping: see ProviderDocument) that holds `offset`, or -1: a
 * binary search, so that many citations cost time linear in their count, not in their count times the spans.
 */
function spanHolding(list: readonly Span[], offset: number): number {
  let low = 0;
  let high = list.length;
  // The first span that ends after `offset`: the only one that can hold it (an empty span holds nothing).
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.end <= offset) low = middle + 1;
    else high = middle;
  }
  return low < list.length && list[low]!.start <= offset ? low : -1;
}

/**
 * The span of blocks `start..end-1` of document `position` when `cited` is their texts concatenated in order (each
 * block's own text, nothing between them, only whitespace between the blocks in the document), exactly or up to
 * whitespace, quote and dash variants as offsets' texts are compared (see sameText); null when it is not. Each join
 * is read as the answer's and the documents' words are (see createWordCuts): where a word or number runs across it
 * (`about 7` · `300 tonnes`, `in` · `\u200beffective`, `2.` · `5 patients`, `7` · `,300`, `-` · `40`, invisible
 * characters read as nothing), the run-together text is the provider's, not the document's, so the claim (`claim`, an
 * answer span) must not state that word, alone or glued to more (see createClaimWordFinder): `three months` · `Fees: waived` cites a claim
 * `three months and fees are waived`, not one that says `monthsFees`. The span runs from the first block's start to
 * the last one's end, and is held to whole words as offsets are (see wholeWordsAt). Reads no more than about the
 * cited text's length of the document (and nothing when there are more blocks than cited characters), so many
 * citations cost time linear in their texts.
 */
/**
 * The digits and number separators around `join` inside `word` of `joined` when digits stand on both sides of the join
 * (`7` · `300mAh` → `7300`, `2.` · `5mg` → `2.5`), invisible characters included; `null` when the join forms no number.
 * Reads at most the word.
 */
function numberAcross(joined: string, join: number, word: Span): string | null {
  const part = /[\p{Nd}.,\p{Cf}\u00ad]/u;
  let left = join;
  while (left > word.start && part.test(joined[left - 1]!)) left -= 1;
  let right = join;
  while (right < word.end && part.test(joined[right]!)) right += 1;
  const digit = /\p{Nd}/u;
  if (!digit.test(joined.slice(left, join)) || !digit.test(joined.slice(join, right))) return null;
  return joined.slice(left, right);
}

function blocksJoined(
  blocks: readonly Span[],
  start: number,
  end: number,
  cited: string,
  position: number,
  claim: Span,
  context: CitationContext,
  cites: string,
): Span | Problem | null {
  if (end - start > cited.length) return null;
  const { text } = context.documents[position]!;
  let joined = '';
  // Where each block's text starts in `joined`.
  const at: number[] = [];
  for (let i = start; i < end; i++) {
    const block = blocks[i]!;
    // Only what separates blocks may lie between them: text there is in the span cited but not in the cited text.
    if (i > start) {
      const gap = block.start - blocks[i - 1]!.end;
      if (gap > 4 * cited.length + 64 || NOT_SEPARATOR.test(text.slice(blocks[i - 1]!.end, block.start)))
        return null;
    }
    if (joined.length + block.end - block.start > 4 * cited.length + 64) return null;
    at.push(joined.length);
    joined += text.slice(block.start, block.end);
  }
  if (joined !== cited && foldKeepingExponents(joined).text !== foldKeepingExponents(cited).text) return null;
  const cuts = createWordCuts(joined);
  // A document offset of the joined text's `offset` (the end of a block's text at a join when `end`).
  const inDocument = (offset: number, isEnd: boolean): number => {
    const k = lastAtMost(at, isEnd ? offset - 1 : offset);
    return blocks[start + k]!.start + offset - at[k]!;
  };
  // The word asked about last: one word across many joins (`a` · `a` · `a` …) is asked about once.
  let asked: Span | null = null;
  for (let k = 1; k < at.length; k++) {
    const word = cuts(at[k]!);
    if (word === null || (asked !== null && word.start === asked.start && word.end === asked.end)) continue;
    asked = word;
    const glued = joined.slice(word.start, word.end);
    // The word as a whole, and the number the join forms inside it (`7` · `300mAh` forms 7300 too).
    const number = numberAcross(joined, at[k]!, word);
    let stated = context.states(glued, claim);
    if (stated === false && number !== null) stated = context.states(number, claim);
    if (stated === false) continue;
    const shown = text.slice(inDocument(word.start, false), inDocument(word.end, true));
    return {
      code: stated === undefined ? 'unsupported' : 'span_mismatch',
      message:
        stated === undefined
          ? `${cites}, whose texts run together form ${quote(glued)} across a join, which the document shows apart (${quote(shown)}): more claim text than can be read for it (8 times the answer); not checked.`
          : `${cites}, whose texts run together form ${quote(glued)} across a join, which the claim states but the document shows apart (${quote(shown)}); expected words the document shows.`,
    };
  }
  return wholeWordsAt(
    { start: blocks[start]!.start, end: blocks[end - 1]!.end },
    undefined,
    false,
    position,
    context,
    `${cites}, which holds`,
  );
}

/** Why a cited text's words are not in the document: not there at all, or not as whole words with their edges. */
function notFound(cited: string, position: number, context: CitationContext, name: string): Problem {
  const words = context.finder(position).occurs(cited) !== false;
  return {
    code: 'span_mismatch',
    message: `cites ${quote(cited)}, which does not occur in ${name}${words ? ' as whole words with their signs' : ''}; expected ${words ? 'whole words' : 'text'} of the document.`,
  };
}

function locateOffsets(
  location: { start: number; end: number; unit: OffsetUnit },
  cited: string | undefined,
  chunk: boolean,
  position: number,
  context: CitationContext,
  name: string,
): Span | Problem {
  const { text } = context.documents[position]!;
  const unit = location.unit;
  if (!isUnit(unit))
    return { code: 'invalid_citation', message: `has a location unit ${describeValue(unit)}.` };
  const edge = context.edges(`document:${position}`, text);
  // A letter cut from its accent (`esta` in `esta\u0301`) or half an emoji sequence is no text the document shows.
  const toBoundary = (converter: OffsetConverter, offset: number): number | OffsetProblem => {
    const at = converter.toUtf16(offset);
    return typeof at !== 'number' || edge(at) ? at : 'inside';
  };
  const converter = context.converter(`document:${position}:${unit}`, text, unit);
  const start = toBoundary(converter, location.start);
  const end = toBoundary(converter, location.end);
  const range = `${describeNumber(location.start)}..${describeNumber(location.end)} (${UNIT_NAMES[unit]})`;
  if (typeof start !== 'number' || typeof end !== 'number' || start >= end) {
    const why =
      start === 'inside' || end === 'inside'
        ? 'fall inside a character; expected character boundaries'
        : typeof start === 'number' && typeof end === 'number'
          ? `${start > end ? 'are reversed' : 'span nothing'}; expected start < end`
          : `lie outside it (0..${converter.length}); expected integers within it`;
    return { code: 'offsets_out_of_range', message: `cites ${range} of ${name}, which ${why}.` };
  }
  if (cited === undefined || sameText(text.slice(start, end), cited, { start, end }, context, position)) {
    return wholeWordsAt(
      { start, end },
      cited,
      chunk,
      position,
      context,
      `cites ${range} of ${name}, which holds`,
    );
  }
  const hint = UNITS.filter((other) => other !== unit).find((other) => {
    const alternative = context.converter(`document:${position}:${other}`, text, other);
    const a = toBoundary(alternative, location.start);
    const b = toBoundary(alternative, location.end);
    return (
      typeof a === 'number' &&
      typeof b === 'number' &&
      a < b &&
      sameText(text.slice(a, b), cited, { start: a, end: b }, context, position)
    );
  });
  return {
    code: 'span_mismatch',
    message: `cites ${range} of ${name}, which holds ${quote(text.slice(start, end))}, but its cited text is ${quote(cited)}; expected the same text up to whitespace, quote and dash variants${hint === undefined ? '' : `. Read as ${UNIT_NAMES[hint]}, the same offsets do hold the cited text`}.`,
  };
}

/**
 * The span of document `position` that offsets resolved to, once it is known to be whole words as a cited text
 * without a location is found ({@link createCitedTextFinder}): not cut out of a longer word or number, no sign beside
 * it left out, or the claim checks would read the fragment alone (`300 tonnes` of `7300 tonnes`). A retrieval chunk
 * is the span of its whole words instead (see {@link citedTexts}). The words looked for are the cited text's, which
 * the span holds (time proportional to it), then the span's own: for a span that is no chunk, only the words at its
 * two edges (see edgeWindows), so a long span costs a bounded read; a chunk's span whole, to drop its cut runs.
 */
function wholeWordsAt(
  span: Span,
  cited: string | undefined,
  chunk: boolean,
  position: number,
  context: CitationContext,
  holds: string,
): Span | Problem {
  const { start, end } = span;
  const { text } = context.documents[position]!;
  const held = (): string => text.slice(start, end);
  const problem = (why: string): Problem => ({
    code: 'span_mismatch',
    message: `${holds} ${quote(held())}: ${why}.`,
  });
  const check = (words: string, from = start, to = end): Span | Problem => {
    if (!LETTER_OR_DIGIT.test(words)) return problem('no letter or digit; expected words of the document');
    const whole = findWhole(citedTexts(words, chunk), position, from, to, context).span;
    if (whole === null)
      return problem(
        'part of a longer word or number, or without a sign that stands beside it; expected offsets at the edges of whole words',
      );
    return chunk ? whole : span;
  };
  // The cited text's words first (time proportional to the text sent); the span's own settle a cited text read
  // otherwise on its own (an apostrophe or quotation mark its neighbours decide).
  const quick = cited === undefined ? undefined : check(cited);
  if (quick !== undefined && !('code' in quick)) return quick;
  // The span's own words: for a span that is no chunk, only those at its two edges (a bounded read); a chunk's whole,
  // to drop its cut runs. Each span is charged its length once: the claim checks read it whole with the claim, within
  // 8 times the documents' text, so past that a citation is refused unchecked and the claims keep the spans before.
  const own = (): Span | Problem => {
    if (chunk || end - start <= 2 * EDGE) return check(held());
    const windows = edgeWindows(text, start, end);
    if (windows === null) return check(held());
    const [head, tail] = windows;
    const first = check(text.slice(start, head), start, head);
    return 'code' in first ? first : check(text.slice(tail, end), tail, end);
  };
  return (
    context.readOnce(`${position}:${start}:${end}:${chunk}`, end - start, own) ?? {
      code: 'unsupported',
      message: `${holds} ${quote(held())}: more text than the claim checks can read with the spans before it (8 times the documents' text); not checked.`,
    }
  );
}

/**
 * Where a long span `start..end` of `text` can be read as two edge parts, `start..head` and `tail..end`, each
 * within EDGE of its end: at a plain space between a letter and a letter or digit (head before it, tail after it),
 * or between two letters of a script written without spaces. The document's words on either side of such a place
 * are tagged the same without the other side (no glue, no sign across it), so the parts' words are whole where the
 * span's are. Null when no such place lies near an edge (a long run of digits and signs): the span is read whole.
 */
function edgeWindows(text: string, start: number, end: number): [number, number] | null {
  const cut = (at: number): number | null =>
    text[at] === ' ' && LETTER_BEFORE.test(text[at - 1]!) && LETTER_OR_DIGIT_AFTER.test(text[at + 1] ?? '')
      ? 1
      : SINGLE_LETTER.test(text[at - 1]!) && SINGLE_LETTER.test(text[at]!)
        ? 0
        : null;
  let head = -1;
  for (let at = start + 1; at < start + EDGE && head < 0; at++) if (cut(at) !== null) head = at;
  let tail = -1;
  for (let at = end - 1; at > end - EDGE && tail < 0; at--) {
    const width = cut(at);
    if (width !== null) tail = at + width;
  }
  return head < 0 || tail < 0 ? null : [head, tail];
}

/**
 * The texts to look for, in order: the cited text; for a retrieval chunk (cut by tokens, so its first or last word
 * may be part of one) then the chunk without the run of non-space characters at its end, at its start, and at both,
 * each with a letter or digit left, and with the runs dropped: each must be the piece of a word the cut left, the
 * document's text right before (or after) the words found ending (or starting) with it (see findWhole), or the chunk
 * would differ from the document by a whole made-up word (`Dosage-is-50-mg-daily.The drug…`), in a script without
 * spaces a made-up sentence. No run longer than MAX_CUT is dropped. Linear in the text.
 */
function citedTexts(cited: string, chunk: boolean | undefined): CitedPiece[] {
  const whole = { text: cited, before: '', after: '' };
  if (chunk !== true) return [whole];
  let head = 0;
  while (head < cited.length && !SPACE.test(cited[head]!)) head++;
  if (head === cited.length) return [whole];
  let tail = cited.length;
  while (!SPACE.test(cited[tail - 1]!)) tail--;
  const before = cited.slice(0, head);
  const after = cited.slice(tail);
  const pieces = [
    whole,
    { text: cited.slice(0, tail), before: '', after },
    { text: cited.slice(head), before, after: '' },
    { text: cited.slice(head, tail), before, after },
  ];
  return pieces.filter(
    (piece, i) =>
      (i === 0 || piece.text !== cited) &&
      piece.before.length <= MAX_CUT &&
      piece.after.length <= MAX_CUT &&
      LETTER_OR_DIGIT.test(piece.text),
  );
}

/**
 * Where the first of `pieces` found in `from..to` of document `position` with its dropped runs beside it lies, and
 * where the first found at all first occurs.
 */
function findWhole(
  pieces: readonly CitedPiece[],
  position: number,
  from: number,
  to: number,
  context: CitationContext,
): CitedTextPlace {
  let first: Span | null = null;
  const finder = context.finder(position);
  const document = context.documents[position]!;
  for (const { text, before, after } of pieces) {
    const place = finder.find(text, from, to);
    // A place whose word runs across a block or page boundary at a soft hyphen is none: the words after it are
    // searched, each time within the documents' budget, so many such places cost time linear in the documents.
    let span = place.span;
    let crossing = span === null ? -1 : softBreakAcross(document, span);
    while (crossing >= 0 && context.spend(position)) {
      span = finder.find(text, crossing + 1, to).span;
      crossing = span === null ? -1 : softBreakAcross(document, span);
    }
    if (span !== null && crossing < 0 && finder.adjoins(span, before, after))
      return { span, first: place.first };
    first ??= place.first;
  }
  return { span: null, first };
}

// A soft hyphen at a line break, as wordSequence joins a word across it (`exam\u00ad\nple` is `example`).
const SOFT_BREAKS = new RegExp(SOFT_BREAK.source, 'gu');
const WORD_BEFORE = /[\p{L}\p{N}\p{M}]/u;
/** Per document (a copy read for one verification), the soft breaks that join a word across its blocks or pages. */
const crossings = new WeakMap<ProviderDocument, number[]>();

/**
 * The offset of a soft hyphen inside `span` of `document` whose line break (with the spaces around it) holds the edge of
 * a block or page, or -1: there the word wordSequence joins (`7\u00ad` · `300` as `7300`) runs across a boundary a
 * page shows apart, which the document does not say are lines of one paragraph. Within one block, or in a document
 * without blocks and pages, a soft hyphen at a line break joins the word as a page shows it. The soft breaks at edges
 * are found once per document (time linear in it); each call is then a binary search.
 */
function softBreakAcross(document: ProviderDocument, span: Span): number {
  let found = crossings.get(document);
  if (found === undefined) {
    found = [];
    const { text, blocks, pages } = document;
    const lists = [blocks, pages].filter(
      (list): list is readonly Span[] => list !== undefined && list.length > 0,
    );
    if (lists.length > 0 && text.includes('\u00ad')) {
      for (const { index, 0: run } of text.matchAll(SOFT_BREAKS)) {
        const end = index + run.length;
        if (lists.some((list) => edgeWithin(list, index, end)) && wordBefore(text, index)) found.push(index);
      }
    }
    crossings.set(document, found);
  }
  const i = firstAtLeast(found, span.start + 1);
  return i < found.length && found[i]! < span.end ? found[i]! : -1;
}

/** Whether a span of `list` (ordered, not overlapping) starts or ends within `from..to`, both included. */
function edgeWithin(list: readonly Span[], from: number, to: number): boolean {
  let low = 0;
  let high = list.length;
  // The first span that ends at `from` or after: any later one starts at its end or after.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.end < from) low = middle + 1;
    else high = middle;
  }
  const span = list[low];
  return span !== undefined && (span.end <= to || (span.start >= from && span.start <= to));
}

/**
 * Whether a word (a letter, digit or mark) stands before `at` in `text`, past the characters normalisation drops, as
 * wordSequence joins a soft break only after a word. Reads that run, which ends at the soft hyphen.
 */
function wordBefore(text: string, at: number): boolean {
  for (let i = at; i > 0; ) {
    const width =
      i > 1 && /[\udc00-\udfff]/.test(text[i - 1]!) && /[\ud800-\udbff]/.test(text[i - 2]!) ? 2 : 1;
    i -= width;
    const char = text.slice(i, i + width);
    if (normalizeCodePoint(char.codePointAt(0)!, char, false) !== '') return WORD_BEFORE.test(char);
  }
  return false;
}

/** Whether a slice (of the answer, or of document `position`) equals `expected` exactly or after folding. */
function sameText(
  held: string,
  expected: string,
  span: Span,
  context: CitationContext,
  position?: number,
): boolean {
  if (held === expected) return true;
  const reader =
    position === undefined
      ? context.folded('answer', context.answer)
      : context.folded(`document:${position}`, context.documents[position]!.text);
  const folded = reader(span.start, span.end);
  return folded !== null && folded === foldKeepingExponents(expected).text;
}

/**
 * An inline citation read as a link to `url`, bare or as `[label](url)`, either one possibly in parentheses (without a
 * URL, as any `[label](destination "title")` CommonMark reads as one inline link that ends with the marker): where its
 * label lies in it (nowhere for a bare URL), or null when it is no such link. The label's brackets pair as CommonMark
 * pairs them: backslash escapes, code spans and nested brackets (`[Nature \[2023\]]`, ``[`a]` b]``, `[a [b] c]`).
 * Reads at most MAX_LINK_LABEL + MAX_LINK_TAIL characters (or the URL's length), however long the marker: many
 * citations can share one.
 */
function linkLabel(marker: string, url: string | undefined): [number, number] | null {
  const outer = marker.startsWith('(') && marker.endsWith(')') ? 1 : 0;
  const inner = marker.slice(outer, marker.length - outer);
  if (url !== undefined && (inner === url || marker === url)) return [0, 0];
  const tail = url === undefined ? MAX_LINK_TAIL : url.length + 3;
  if (!inner.startsWith('[') || inner.length > MAX_LINK_LABEL + 1 + tail) return null;
  if (url !== undefined && !inner.endsWith(`](${url})`)) return null;
  const close = closingBracket(inner);
  if (close <= 0 || inner[close + 1] !== '(') return null;
  // What follows the label is the URL, or (without one) a destination and title CommonMark reads, then the last `)`.
  return (url === undefined ? destinationAndTitle(inner, close + 2) : close === inner.length - tail)
    ? [outer + 1, outer + close]
    : null;
}

// What may open before a bare URL (GFM's delimiters, quotes, `<`), and what a linkifier leaves out of a URL's end
// (cmark-gfm's autolink_delim: `)` while unbalanced, `;` unless it ends an entity-like `&alnum;`). cmark-gfm ends a bare
// URL only at an ASCII space (cmark_isspace: tab, line feed, vertical tab, form feed, carriage return, space) or `<`:
// any other space (U+00A0, U+3000, …) runs the link on, on either side of the marker.
const OPENERS = '(*_~<"\'';
const TRAILING = '?!.,:*_~\'";)';
const ASCII_SPACE = /[\t\n\v\f\r ]/;
const URL_END = /[\t\n\v\f\r <]/;
const ALNUM = /[A-Za-z0-9]/;
// No more spaces and marks stand beside an honest bare URL (more is refused): many citations can share one marker.
const MAX_BESIDE = 64;

/**
 * Whether a marker linkLabel reads as a link (`label` in `held`, at answer offset `at`) is one where it stands. A
 * markdown link's `[` is no image's (`!`), not escaped and not in code, a tag or a comment. A bare URL is the whole URL
 * a linkifier (GFM's autolink extension, as cmark-gfm reads it) finds there, and no link's label: after the start or a
 * space, then opening marks, with no `[` before those spaces and marks (`[https://a.example/](https://b.example/)` links
 * to b); and before a space, `<` or the end, past only the punctuation a linkifier leaves out (`https://a.example.b.example`,
 * `https://a.example@b.example` and `https://a.example/?to=https://b.example` are other links). Reads at most
 * MAX_BESIDE characters on each side, however many citations share the marker.
 */
function linkWhereItStands(
  at: number,
  held: string,
  label: [number, number],
  url: string | undefined,
  context: CitationContext,
): boolean {
  const { answer } = context;
  if (label[1] > 0) {
    const open = at + label[0] - 1;
    return !'!\\'.includes(answer[open - 1] || '-') && !context.hidden(open);
  }
  const start = at + (held === url ? 0 : 1);
  const end = start + url!.length;
  if (/[\s<]/.test(url!) || context.hidden(start)) return false;
  let spaced = false;
  for (let i = start - 1; i >= 0; i--) {
    const char = answer[i]!;
    if (start - i > MAX_BESIDE) return false;
    if (ASCII_SPACE.test(char)) spaced = true;
    else if (!OPENERS.includes(char)) {
      if (char === '[' || !spaced) return false;
      break;
    }
  }
  if (answer[start - 1] === '<' && answer[end] === '>') return true;
  const open = url!.split('(').length - url!.split(')').length; // parentheses opened and not closed
  const last = url!.at(-1)!;
  if (TRAILING.includes(last) && (last !== ')' || open < 0)) return false;
  for (let j = end; j < answer.length && !URL_END.test(answer[j]!); j++) {
    const char = answer[j]!;
    if (j - end >= MAX_BESIDE || !TRAILING.includes(char) || (char === ')' && open > 0)) return false;
    if (char === ';' && entityBefore(answer, j, start)) return false;
  }
  return true;
}

/**
 * Whether the `;` at `at` ends an entity-like run `&` and alphanumerics, which cmark-gfm's autolink_delim trims whole
 * (so a URL before it is cut at its `&`). Reads back no further than `from`, the URL's start: past the URL's first
 * character only trailing marks (no alphanumerics) stand before a `;`.
 */
function entityBefore(answer: string, at: number, from: number): boolean {
  let i = at - 1;
  while (i > from && ALNUM.test(answer[i]!)) i--;
  return i < at - 1 && answer[i] === '&';
}

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const NOT_IN_DESTINATION = /[\s\x00-\x1f\x7f]/;
const TITLE_CLOSERS: Record<string, string> = { '"': '"', "'": "'", '(': ')' };

/**
 * Whether `text` from `at` (just after a link's `](`) is a link destination, an optional title after spaces, optional
 * spaces and a `)` that ends `text`, as CommonMark reads them: `<…>` without a line break or an unescaped `<`, or a run
 * without spaces or controls whose parentheses balance; a title in `"…"`, `'…'` or `(…)`. No line break anywhere (a
 * link across lines depends on the block it starts in, which the marker does not show: read as no link, charged whole).
 */
function destinationAndTitle(text: string, at: number): boolean {
  const spaces = (from: number): number => {
    while (text[from] === ' ' || text[from] === '\t') from++;
    return from;
  };
  const escaped = (i: number): boolean => text[i] === '\\' && ESCAPABLE.test(text[i + 1] ?? '');
  let i = spaces(at);
  if (text[i] === '<') {
    for (i++; text[i] !== '>'; i++) {
      if (i >= text.length || /[<\n\r]/.test(text[i]!)) return false;
      if (escaped(i)) i++;
    }
    if (text[i - 1] === '<') return false; // `<>`, which renderers differ on
    i++;
  } else {
    let depth = 0;
    for (; i < text.length && !NOT_IN_DESTINATION.test(text[i]!); i++) {
      if (escaped(i)) i++;
      else if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth < 0) break;
    }
    if (depth > 0 || i >= text.length) return false; // a `(` left open
  }
  let j = spaces(i);
  const closer = TITLE_CLOSERS[text[j]!];
  if (closer !== undefined && j > i) {
    for (j++; text[j] !== closer; j++) {
      if (j >= text.length || /[\n\r]/.test(text[j]!) || (closer === ')' && text[j] === '(')) return false;
      if (escaped(j)) j++;
    }
    j = spaces(j + 1);
  }
  return j === text.length - 1 && text[j] === ')';
}

const BRACKET_OR_LINE_BREAK = /\\.|[[\]\n\r\u2028\u2029]/g;

/**
 * Where the `]` that closes the `[` at the start of `text` is, brackets paired as CommonMark pairs them (backslash
 * escapes, code spans, nesting); -1 when none does within MAX_LINK_LABEL on its line, or when a link comes first (a
 * label holds no link: CommonMark reads the brackets around one as text). Linear in the text.
 */
function closingBracket(text: string): number {
  const code = text.includes('`') ? codeSpans(text).spans : [];
  const scan = new RegExp(BRACKET_OR_LINE_BREAK);
  let depth = 0;
  let span = 0;
  for (
    let found = scan.exec(text);
    found !== null && found.index <= MAX_LINK_LABEL;
    found = scan.exec(text)
  ) {
    const at = found.index;
    while (span < code.length && code[span + 1]! <= at) span += 2;
    if (span < code.length && code[span]! <= at)
      scan.lastIndex = code[span + 1]!; // a code span's brackets are none
    else if (text[at] === '[') depth++;
    else if (text[at] === ']') {
      if (--depth === 0) return at;
      if (text[at + 1] === '(') return -1;
    } else if (text[at] !== '\\') return -1; // a line break
  }
  return -1;
}

/**
 * Whether a link label is the host of `url`, an http(s) URL as a browser parses it (so `https://a.example@b.example/` is
 * b.example's), with or without a leading `www.` on either, in any case.
 */
function isHostOf(label: string, url: string): boolean {
  if (label.length > 253 || !/^[A-Za-z0-9.-]+$/.test(label)) return false;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    host = parsed.hostname;
  } catch {
    return false;
  }
  const bare = (name: string): string => name.toLowerCase().replace(/^www\./, '');
  return host !== '' && bare(label) === bare(host);
}

/** A string or number for a message; anything else described by its type, never printed (nor converted). */
function describeValue(value: unknown): string {
  return typeof value === 'string' ? quote(value) : describeNumber(value);
}

/** A number for a message; anything else described by its type, never printed. */
function describeNumber(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const type = value === null ? 'null' : typeof value;
  return `${/^[ou]/.test(type) ? 'an' : 'a'} ${type}`;
}
