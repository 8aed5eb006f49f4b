import { checkArgument, checkOptions, InvalidArgumentError } from '@gk/internal';
import { checkVerifyOptions } from '../verify/check-verify-options.js';
import { clusterEdges } from '../text/cluster-edges.js';
import { normalizeForComparison } from '../text/normalize-text.js';
import type { Citation, Claim, Passage, RejectedClaim, Span, Verification } from '../types.js';
import type { SupportOptions } from '../verify/check-support.js';
import { compileIdentifierRules, type IdentifierRule } from '../verify/identifier-rules.js';
import { assertPassages, InvalidPassageError } from '../verify/invalid-passage-error.js';
import { DEFAULT_MIN_QUOTE_LENGTH } from '../verify/find-quotations.js';
import { dedupeCitations } from '../verify/verify-answer.js';
import { checkProviderClaims } from './check-provider-claims.js';
import { quotationsPastClaims } from './quotations-past-claims.js';
import {
  type CitationContext,
  checkProviderCitation,
  type FailedCitation,
} from './check-provider-citation.js';
import { createCitedTextFinder } from './create-cited-text-finder.js';
import { createFoldedReader } from './create-folded-reader.js';
import { createMarkerClaimFinder } from './create-marker-claim-finder.js';
import {
  createOffsetConverter,
  type OffsetConverter,
  type OffsetUnit,
  splitsPair,
} from './create-offset-converter.js';
import { createSpanTrimmer } from './create-span-trimmer.js';

/**
 * A document as it was sent to the provider: a passage whose `text` is exactly what was sent, with the page
 * or content-block boundaries that page and block locations need.
 */
export interface ProviderDocument extends Passage {
  /** Where each page sits in `text` (UTF-16 spans, in order, not overlapping, splitting no character): `pages[0]` is page 1. */
  pages?: readonly Span[];
  /** Where each content block sits in `text` (UTF-16 spans, in order, not overlapping, splitting no character): `blocks[0]` is block 0. */
  blocks?: readonly Span[];
}

/**
 * Which document a citation names: its 0-based position in the documents sent (Anthropic's `document_index`),
 * or identifiers matched against each document's `documentId` and `uri` (a file id, a URL, a title), the
 * first identifier that matches any document deciding.
 */
export type ProviderDocumentReference = { index: number } | { ids: readonly string[] };

/** The part of the answer a citation belongs to, in the provider's unit. */
export interface ProviderAnswerSpan {
  start: number;
  /** Exclusive. */
  end: number;
  /** What `start` and `end` count (default `'utf16'`). */
  unit?: OffsetUnit;
  /** The part of the answer (UTF-16 span) the offsets count from, such as one text part; default the whole answer. */
  within?: Span;
  /**
   * `'claim'` (default): the span is the text the citation supports. `'marker'`: the span is an inline citation
   * placed after the claim (empty: an insertion point), such as OpenAI's annotations; the claim is the
   * sentence before it.
   */
  role?: 'claim' | 'marker';
  /** The provider's copy of the span's text (Gemini's `segment.text`): it must be what the answer holds there. */
  text?: string;
  /** For a marker: the URL it must link to, bare or as a markdown link (OpenAI's `url_citation`). */
  url?: string;
}

/** Where in the document a citation points, in the provider's terms. */
export type ProviderLocation =
  /** Offsets into the document's text (Anthropic's `char_location`). */
  | { type: 'offsets'; start: number; end: number; unit: OffsetUnit }
  /** Pages `start..end-1`: 0-based indexes into `document.pages` (Anthropic's 1-based page numbers minus one). */
  | { type: 'pages'; start: number; end: number }
  /** Content blocks `start..end-1`: 0-based indexes into `document.blocks`. */
  | { type: 'blocks'; start: number; end: number };

/** A citation a provider built itself, in one neutral shape; every field is checked before it is believed. */
export interface ProviderCitation {
  /** The document cited; `null` when the provider named something that is no document at all. */
  document: ProviderDocumentReference | null;
  answer: ProviderAnswerSpan;
  /** Absent: the document as a whole, or wherever `citedText` occurs in it. */
  location?: ProviderLocation;
  /** The provider's copy of the cited text (`cited_text`, a grounding chunk's text). */
  citedText?: string;
  /** The provider's name for the citation (`char_location`, `url_citation`, `grounding_support`), for messages. */
  type?: string;
  /** How the provider named the document (`document_index 7`, `grounding chunk 4`), for messages. */
  label?: string;
}

// How many times over the claims of one answer may cover it before further claims are refused unread.
const OVERLAP = 8;
const OVERLAP_SLACK = 1_048_576; // 2^20, as a literal: a bundle that does not use it drops it

/** Options for {@link verifyProviderCitations}. */
export interface VerifyProviderCitationsOptions {
  /**
   * `'reject-claim'` (default): a claim with any failing citation is rejected, as `verifyAnswer` rejects a
   * claim with any bad marker. `'drop-citation'`: the claim keeps the citations that verified.
   */
  policy?: 'reject-claim' | 'drop-citation';
  /** Identifier rules whose matches in a claim must occur in the spans it cites (default: ECLI, DOI and URL). */
  identifiers?: IdentifierRule[];
  /** Lexical support of each claim by the spans it cites; off by default, `{}` turns it on. */
  support?: false | SupportOptions;
  /** Direct quotations of at least `minLength` (default 12) must be in a cited span (default on). */
  quotes?: boolean | { minLength?: number };
  /** How the answer is split when finding the claim before an inline marker (default `'sentence'`). */
  unit?: 'sentence' | 'line';
  /** Locale for that split (default `'en'`). */
  locale?: string;
}

/** The result of {@link verifyProviderCitations}: the same shape as `verifyAnswer`'s. */
export type VerifyProviderCitationsResult = Verification;

/**
 * Checks citations that a provider built itself (Anthropic's document citations, OpenAI's annotations,
 * Gemini's grounding supports) against the answer and the documents that were sent, converting offset units
 * exactly, and builds every accepted `Citation` from those documents; each failure is a rejection with a code.
 *
 * @example
 * const verification = verifyProviderCitations(answer, citations, documents);
 * verification.citations; // built from documents[i], at offsets that hold the provider's cited text
 * verification.rejected; // unknown_document, offsets_out_of_range, span_mismatch, answer_mismatch, ...
 */
export function verifyProviderCitations(
  answer: string,
  citations: readonly ProviderCitation[],
  documents: readonly ProviderDocument[],
  options: VerifyProviderCitationsOptions = {},
): Verification {
  checkArgument(typeof answer === 'string', 'answer', 'a string', answer);
  checkArgument(Array.isArray(citations), 'citations', 'an array of provider citations', citations);
  assertProviderDocuments(documents);
  validateOptions(options);
  if (citations.length === 0) return summarize([], [], 0);

  const context = createContext(answer, documents, options);
  const outcomes = citations.map((citation, index) => checkProviderCitation(citation, index, context));
  // One group per claim span, in answer order; citations whose answer span could not be placed come first.
  const groups = new Map<
    string,
    { span: Span; order: number; verified: Citation[]; failed: FailedCitation[] }
  >();
  outcomes.forEach((outcome, order) => {
    const span = outcome.claim ?? { start: 0, end: 0 };
    const key = outcome.claim === null ? 'unplaced' : `${span.start}:${span.end}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { span, order: outcome.claim === null ? -1 : order, verified: [], failed: [] };
      groups.set(key, group);
    }
    if (outcome.ok) group.verified.push(outcome.citation);
    else group.failed.push(outcome);
  });
  const ordered = [...groups.values()].sort(
    (a, b) =>
      (a.order === -1 ? -1 : 0) - (b.order === -1 ? -1 : 0) ||
      a.span.start - b.span.start ||
      a.span.end - b.span.end ||
      a.order - b.order,
  );

  const rejected: RejectedClaim[] = [];
  const unmerged = new Set<RejectedClaim>();
  const toCheck: Array<{
    text: string;
    span: Span;
    citations: Citation[];
    quotations?: Array<{ text: string; claims: number[] }> | null;
  }> = [];
  // Claim checks read each claim's text. Spans from one provider tile the answer, but nothing stops a response
  // from sending thousands that each cover most of it: past OVERLAP times the answer, a claim is refused unread.
  let budget = OVERLAP * answer.length + OVERLAP_SLACK;
  for (const { span, verified, failed } of ordered) {
    const text = answer.slice(span.start, span.end);
    if (span.end - span.start > budget) {
      const markers = [...new Set([...verified.map((c) => c.source), ...failed.flatMap((f) => f.markers)])];
      const count = verified.length + failed.length;
      const claim: RejectedClaim = {
        text,
        span,
        code: 'answer_out_of_range',
        markers,
        message: `${count} citation${count === 1 ? '' : 's'} cite answer span ${span.start}..${span.end}, which with the spans before it covers the answer more than ${OVERLAP} times over; not checked. Expected answer spans that do not overlap this much.`,
      };
      rejected.push(claim);
      unmerged.add(claim);
      continue;
    }
    budget -= span.end - span.start;
    for (const failure of failed) {
      rejected.push({ text, span, code: failure.code, markers: failure.markers, message: failure.message });
    }
    if (verified.length === 0 || (failed.length > 0 && options.policy !== 'drop-citation')) continue;
    toCheck.push({ text, span, citations: dedupeCitations(verified) });
  }
  const { identifiers, support, quotes } = options;
  // Quotations whose marks stand in the uncited text beside a claim are the claim's to answer for.
  if (quotes !== false) {
    const minLength = (typeof quotes === 'object' && quotes.minLength) || DEFAULT_MIN_QUOTE_LENGTH;
    const past = quotationsPastClaims(
      answer,
      toCheck.map((claim) => claim.span),
      minLength,
    );
    toCheck.forEach((claim, i) => {
      claim.quotations = past[i]!;
    });
  }
  const problems = checkProviderClaims(toCheck, documents, { identifiers, support, quotes });
  const claims: Claim[] = [];
  toCheck.forEach(({ text, span, citations: cited }, i) => {
    const problem = problems[i];
    if (problem == null) claims.push({ text, span, citations: cited });
    else {
      const markers = [...new Set(cited.map((citation) => citation.source))];
      rejected.push({ text, span, code: problem.code, markers, message: problem.message });
    }
  });
  // Claim-check rejections join the others in answer order.
  rejected.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return mergeDuplicates(claims, rejected, unmerged);
}

function createContext(
  answer: string,
  documents: readonly ProviderDocument[],
  options: VerifyProviderCitationsOptions,
): CitationContext {
  const memo = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make();
      cache.set(key, value);
    }
    return value;
  };
  const byId = new Map<string, number[]>();
  documents.forEach((document, position) => {
    for (const id of new Set([document.documentId, document.uri])) {
      if (id) memo(byId, id, () => []).push(position);
    }
  });
  const converters = new Map<string, OffsetConverter>();
  const readers = new Map<string, (start: number, end: number) => string | null>();
  const edges = new Map<string, (index: number) => boolean>();
  const finders = new Map<string, ReturnType<typeof createCitedTextFinder>>();
  const trimAnswer = createSpanTrimmer(answer);
  const splitOptions = { unit: options.unit ?? 'sentence', locale: options.locale ?? 'en' };
  return {
    answer,
    documents,
    byId,
    converter: (key, text, unit) => memo(converters, key, () => createOffsetConverter(text, unit)),
    folded: (key, text) => memo(readers, key, () => createFoldedReader(text)),
    edges: (key, text) => memo(edges, key, () => clusterEdges(text)),
    // One finder per document, shared by every citation of it: many supports often cite the same chunk.
    finder: (position) =>
      memo(finders, `${position}`, () => createCitedTextFinder(documents[position]!.text)),
    markerClaim: createMarkerClaimFinder(answer, splitOptions, trimAnswer),
    trimAnswer,
  };
}

function validateOptions(options: VerifyProviderCitationsOptions): void {
  checkOptions(options);
  const { policy, identifiers } = options;
  checkArgument(
    policy === undefined || policy === 'reject-claim' || policy === 'drop-citation',
    'options.policy',
    "'reject-claim' or 'drop-citation'",
    policy,
  );
  // unit, locale, support and quotes mean what they mean to verifyAnswer, and are checked the same way.
  checkVerifyOptions(options);
  if (identifiers !== undefined) {
    // The verifier's own compiler says whether a rule is one it knows; its rules are what the checks run.
    try {
      compileIdentifierRules(identifiers);
    } catch (error) {
      throw new InvalidArgumentError({
        parameter: 'options.identifiers',
        expected: 'built-in rule names or { name: string, pattern: RegExp }',
        received: identifiers,
        cause: error,
      });
    }
  }
}

/** Identical claims merge as `verifyAnswer` merges them: citations (or markers) joined, counted in `duplicatesMerged`. */
function mergeDuplicates(
  claims: Claim[],
  rejected: RejectedClaim[],
  unmerged: ReadonlySet<RejectedClaim>,
): Verification {
  const accepted: Claim[] = [];
  const acceptedByKey = new Map<string, Claim>();
  let duplicatesMerged = 0;
  for (const claim of claims) {
    const key = normalizeForComparison(claim.text);
    const first = acceptedByKey.get(key);
    if (first === undefined) {
      acceptedByKey.set(key, claim);
      accepted.push(claim);
    } else {
      first.citations = dedupeCitations([...first.citations, ...claim.citations]);
      addDuplicate(first, claim.span);
      duplicatesMerged++;
    }
  }
  const kept: RejectedClaim[] = [];
  const rejectedByKey = new Map<string, RejectedClaim>();
  for (const claim of rejected) {
    if (unmerged.has(claim)) {
      kept.push(claim); // its text was never read: it is not compared either
      continue;
    }
    const key = `${claim.code}\u0000${normalizeForComparison(claim.text)}`;
    const first = rejectedByKey.get(key);
    // Several citations failing on one claim keep their own entries: each names a different source.
    const sameSpan =
      first !== undefined && first.span.start === claim.span.start && first.span.end === claim.span.end;
    if (first === undefined || sameSpan) {
      if (first === undefined) rejectedByKey.set(key, claim);
      kept.push(claim);
    } else {
      first.markers = [...new Set([...first.markers, ...claim.markers])];
      addDuplicate(first, claim.span);
      duplicatesMerged++;
    }
  }
  return summarize(accepted, kept, duplicatesMerged);
}

/** Records where a merged duplicate sat, as `verifyAnswer` does. */
function addDuplicate(first: Claim | RejectedClaim, span: Span): void {
  if (first.duplicates === undefined) first.duplicates = [span];
  else first.duplicates.push(span);
}

function summarize(claims: Claim[], rejected: RejectedClaim[], duplicatesMerged: number): Verification {
  const status = claims.length > 0 ? 'answered' : rejected.length > 0 ? 'rejected' : 'abstained';
  const citations = dedupeCitations(claims.flatMap((claim) => claim.citations));
  return { status, claims, rejected, citations, duplicatesMerged };
}

/** Throws {@link InvalidPassageError} unless every document is a valid passage with ordered page and block spans. */
function assertProviderDocuments(documents: readonly ProviderDocument[]): void {
  assertPassages(documents, 'documents');
  documents.forEach((document, index) => {
    for (const field of ['pages', 'blocks'] as const) {
      const spans = document[field];
      if (spans === undefined) continue;
      if (!Array.isArray(spans)) throw new InvalidPassageError(index, `${field} must be an array of spans.`);
      let previous = 0;
      spans.forEach((span: Span, i: number) => {
        const valid =
          Number.isSafeInteger(span?.start) &&
          Number.isSafeInteger(span.end) &&
          previous <= span.start &&
          span.start <= span.end &&
          span.end <= document.text.length &&
          !splitsPair(document.text, span.start) &&
          !splitsPair(document.text, span.end);
        if (!valid) {
          throw new InvalidPassageError(
            index,
            `${field}[${i}] must be a span of text in order after the one before it (0 <= start <= end <= ${document.text.length}) that splits no character.`,
          );
        }
        previous = span.end;
      });
    }
  });
}
