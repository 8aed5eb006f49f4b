import { checkArgument, checkOptions, InvalidArgumentError, StringMap } from '@gk/internal';
import { checkVerifyOptions } from '../verify/check-verify-options.js';
import { clusterEdges } from '../text/cluster-edges.js';
import { createMergeKeys } from '../text/merge-key.js';
import type { Citation, Claim, Passage, RejectedClaim, Span, Verification } from '../types.js';
import type { SupportOptions } from '../verify/check-support.js';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_RULES,
  type IdentifierRule,
} from '../verify/identifier-rules.js';
import { assertPassages, InvalidPassageError } from '../verify/invalid-passage-error.js';
import { DEFAULT_MIN_QUOTE_LENGTH } from '../verify/find-quotations.js';
import { codeSpans, hiddenSpans } from '../verify/parse-markers.js';
import { dedupeCitations } from '../verify/verify-answer.js';
import { type ClaimToCheck, checkProviderClaims } from './check-provider-claims.js';
import { controlsBesideClaims } from './controls-beside-claims.js';
import { uncitedTextRejections } from './uncited-text-rejections.js';
import { identifiersPastClaims, type PastIdentifier } from './identifiers-past-claims.js';
import { foldIdentifierText, matchIdentifiers } from '../verify/identifier-rules.js';
import { joinMarkerClaims } from './join-marker-claims.js';
import { joinSpans } from './join-spans.js';
import { quotationsPastClaims } from './quotations-past-claims.js';
import {
  type CitationContext,
  checkProviderCitation,
  type FailedCitation,
} from './check-provider-citation.js';
import { type CitedText, type CitedTextFinder, createCitedTextFinder } from './create-cited-text-finder.js';
import { createFoldedReader } from './create-folded-reader.js';
import { createMarkerClaimFinder } from './create-marker-claim-finder.js';
import {
  createOffsetConverter,
  type OffsetConverter,
  type OffsetUnit,
  splitsPair,
} from './create-offset-converter.js';
import { createSpanTrimmer } from './create-span-trimmer.js';
import { createClaimWordFinder } from './create-claim-word-finder.js';
import { createWordCuts } from './create-word-cuts.js';
import { firstAtLeast } from './first-at-least.js';
import { lastAtMost } from './last-at-most.js';

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
  /**
   * `true` when `citedText` is a retrieval chunk (OpenAI's file search results, Gemini File Search's
   * `retrievedContext.text`): cut by tokens, so its first or last word may be part of a word of the document. When
   * the chunk is not found as whole words, it is located without the run of non-space characters at its cut end or
   * ends, and the citation is that shorter span of whole words. Otherwise (default) the cited text, or the span
   * offsets name, must be whole words of the document, as a provider's exact cited text (Anthropic's `cited_text`) is.
   */
  chunk?: boolean;
  /** The provider's name for the citation (`char_location`, `url_citation`, `grounding_support`), for messages. */
  type?: string;
  /** How the provider named the document (`document_index 7`, `grounding chunk 4`), for messages. */
  label?: string;
}

// Between the texts of the documents one id names, searched as one: a separator item that no cited text's words hold.
const JOINT = '\n\ufffc\n';
// How many times over the claims of one answer may cover it before further claims are refused unread.
const OVERLAP = 8;
const OVERLAP_SLACK = 1_048_576; // 2^20, as a literal: a bundle that does not use it drops it
const NONE: Span = { start: 0, end: 0 }; // no span (joinSpans drops an empty one)

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
  /** Direct quotations of at least `minLength` (default 12), or holding a digit, must be in a cited span (default on). */
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
  // Every argument is read once, each field into a plain object, before anything is checked: a getter or Proxy of the
  // caller's cannot show the checks one text and the accepted citation another (rt10 #8), and one that throws is
  // refused with a code (the document or option it belongs to named).
  const count = readArgument('citations', 'an array of provider citations', () =>
    Array.isArray(citations) ? citations.length : -1,
  );
  checkArgument(count >= 0, 'citations', 'an array of provider citations', citations);
  documents = readDocuments(documents);
  assertProviderDocuments(documents);
  let rules: readonly CompiledIdentifierRule[];
  ({ options, rules } = validateOptions(options));
  if (count === 0) {
    const { outside } = identifiersPastClaims(answer, [], rules);
    return summarize([], uncitedTextRejections(answer, [], rules, outside).rejected, 0);
  }

  const context = createContext(answer, documents, options);
  const outcomes: Array<ReturnType<typeof checkProviderCitation>> = [];
  let held: number[] | undefined; // the indexes a sparse list holds, once a hole is met
  // An index loop: a hole in a sparse list is read as `undefined` and refused, not skipped as `map` would skip it. A
  // run of holes is refused as one, found from the indexes the list holds: a sparse list declares a length (up to
  // 2^32 - 1) that nothing fills, and walking it would cost that much time and memory.
  for (let index = 0; index < count; index++) {
    // Only the caller's reads are caught (a getter or Proxy that throws: refused with a code, as malformed). An error
    // the check itself throws is no fault of the citation's and is not filed as one: it is thrown, as verifyAnswer's.
    let citation: unknown;
    let read: ProviderCitation;
    let hole: boolean;
    try {
      citation = citations[index];
      read = readCitation(citation);
      hole = citation === undefined && !(index in citations);
    } catch {
      outcomes.push(unreadable(`Citation ${index + 1} could not be read (reading one of its fields threw).`));
      continue;
    }
    let outcome = checkProviderCitation(read, index, context);
    if (hole) {
      if (held === undefined) {
        try {
          held = Object.keys(citations)
            .map(Number)
            .filter((key) => Number.isSafeInteger(key) && key > index && key < count)
            .sort((a, b) => a - b);
        } catch {
          // A Proxy whose keys cannot be listed: the rest of the list is refused as one run, unread.
          outcomes.push(
            unreadable(
              `Citations ${index + 1} to ${count} could not be read (listing the list's indexes threw).`,
            ),
          );
          break;
        }
      }
      const next = held[firstAtLeast(held, index + 1)] ?? count;
      if (next > index + 1 && !outcome.ok)
        outcome = { ...outcome, message: `Citations ${index + 1} to ${next} are holes in a sparse list.` };
      index = next - 1;
    }
    outcomes.push(outcome);
  }
  joinMarkerClaims(answer, outcomes, options.unit !== 'line', context.trimAnswer);
  // One group per claim span, in answer order; citations whose answer span could not be placed come first.
  const groups = new Map<
    string,
    {
      span: Span;
      order: number;
      verified: Citation[];
      failed: FailedCitation[];
      labels: Map<string, Span>;
      markers: Map<string, Span>;
    }
  >();
  outcomes.forEach((outcome, order) => {
    const span = outcome.claim ?? { start: 0, end: 0 };
    const key = outcome.claim === null ? 'unplaced' : `${span.start}:${span.end}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        span,
        order: outcome.claim === null ? -1 : order,
        verified: [],
        failed: [],
        labels: new Map(),
        markers: new Map(),
      };
      groups.set(key, group);
    }
    if (outcome.ok) group.verified.push(outcome.citation);
    else group.failed.push(outcome);
    // The link label of each inline citation after the claim, once however many citations share its marker.
    const { label, whole } = outcome;
    if (label !== undefined) (whole ? group.markers : group.labels).set(`${label.start}:${label.end}`, label);
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
  const toCheck: Array<ClaimToCheck & { span: Span; citations: Citation[] }> = [];
  // Claim checks read each claim's text. Spans from one provider tile the answer, but nothing stops a response
  // from sending thousands that each cover most of it: past OVERLAP times the answer, a claim is refused unread.
  let budget = OVERLAP * answer.length + OVERLAP_SLACK;
  for (const { span, verified, failed, labels: shown, markers: whole } of ordered) {
    const text = answer.slice(span.start, span.end);
    const labels = [...shown.values()].map((label) => answer.slice(label.start, label.end));
    const charged = [...whole.values()].map((marker) => answer.slice(marker.start, marker.end));
    const length = [...labels, ...charged].reduce((sum, label) => sum + label.length, span.end - span.start);
    if (length > budget) {
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
    budget -= length;
    for (const failure of failed) {
      rejected.push({ text, span, code: failure.code, markers: failure.markers, message: failure.message });
    }
    if (verified.length === 0 || (failed.length > 0 && options.policy !== 'drop-citation')) continue;
    toCheck.push({ text, span, citations: dedupeCitations(verified), labels, markers: charged });
  }
  const { identifiers, support, quotes } = options;
  // What stands beside a claim is the claim's to answer for: quotations whose marks stand in the uncited text beside
  // it, identifiers its text runs into, and bidi controls that reorder it.
  const spans = toCheck.map((claim) => claim.span);
  const minLength = (typeof quotes === 'object' && quotes.minLength) || DEFAULT_MIN_QUOTE_LENGTH;
  const quotations = quotes === false ? [] : quotationsPastClaims(answer, spans, minLength);
  // What no citation covers is read for identifiers and markup too: shown beside the claims, it is checked by nothing
  // else (the spans each claim is shown with, grouped: a tag inside one group is its claim check's).
  const shownWith = outcomes.map(({ claim, label, marker }) =>
    [claim, label, marker].filter((span): span is Span => span != null),
  );
  const past = identifiersPastClaims(answer, spans, rules, shownWith.flat());
  const uncited = uncitedTextRejections(answer, shownWith, rules, past.outside, spans);
  // One at a time: a spread of more than about 125,000 items overflows the stack.
  for (const claim of uncited.rejected) rejected.push(claim);
  const controls = controlsBesideClaims(answer, spans);
  // The markers and labels the citations place, for a claim that holds some (`A [1] and B [2]`: B's claim holds `[1]`).
  const placed = joinSpans(outcomes.flatMap(({ label, marker }) => [label ?? NONE, marker ?? NONE]));
  const placedEnds = placed.map(({ end }) => end);
  // Where an inline citation links is its claim's to answer for (see placeAnswer), as a link in its text.
  const linked = new Map<string, PastIdentifier[]>();
  for (const outcome of outcomes) {
    if (!outcome.ok || outcome.links === undefined) continue;
    const key = `${outcome.claim.start}:${outcome.claim.end}`;
    const folded = foldIdentifierText(outcome.links);
    for (const rule of rules)
      for (const value of matchIdentifiers(folded, rule)) {
        const list = linked.get(key) ?? [];
        if (!list.some((known) => known.rule === rule && known.value === value)) list.push({ rule, value });
        linked.set(key, list);
      }
  }
  toCheck.forEach((claim, i) => {
    claim.quotations = quotations[i];
    claim.identifiers = [
      ...past.claims[i]!,
      ...uncited.charged[i]!,
      ...(linked.get(`${claim.span.start}:${claim.span.end}`) ?? []),
    ];
    claim.control = controls[i];
    const { start, end } = claim.span;
    const inside: Span[] = [];
    for (let k = firstAtLeast(placedEnds, start + 1); k < placed.length && placed[k]!.start < end; k++)
      inside.push({
        start: Math.max(placed[k]!.start, start) - start,
        end: Math.min(placed[k]!.end, end) - start,
      });
    claim.placed = inside;
  });
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
  const memo = <T>(cache: Map<string, T> | StringMap<T>, key: string, make: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make();
      cache.set(key, value);
    }
    return value;
  };
  // An id names the documents whose `documentId` it is; only an id no `documentId` is names those whose `uri` it is.
  // Ids, uris and cited texts are keyed in StringMaps: strings past 16,383 units of one length all collide in a Map.
  const byId = new StringMap<number[]>();
  documents.forEach(({ documentId }, position) => {
    if (documentId) memo(byId, documentId, () => []).push(position);
  });
  const byUri = new StringMap<number[]>();
  const uris: Array<[string, number[]]> = [];
  documents.forEach(({ uri }, position) => {
    if (uri && !byId.has(uri))
      memo(byUri, uri, () => {
        const positions: number[] = [];
        uris.push([uri, positions]);
        return positions;
      }).push(position);
  });
  for (const [uri, positions] of uris) byId.set(uri, positions);
  const converters = new Map<string, OffsetConverter>();
  const readers = new Map<string, (start: number, end: number) => string | null>();
  const edges = new Map<string, (index: number) => boolean>();
  const finders = new Map<string, ReturnType<typeof createCitedTextFinder>>();
  const read = new StringMap<CitedText>();
  // One finder over the texts of the documents one id names, joined by a separator no cited text's words hold.
  const groups = new Map<readonly number[], [CitedTextFinder, number[]]>();
  let budget = 8 * documents.reduce((sum, document) => sum + document.text.length, 0) + 65_536;
  // The document spans read once each (see readOnce), within a budget of their own.
  const spans = new Map<string, unknown>();
  let spanBudget = budget;
  const trimAnswer = createSpanTrimmer(answer);
  let hidden: number[] | undefined;
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
      memo(finders, `${position}`, () => createCitedTextFinder(documents[position]!.text, read)),
    among: (positions, cited) => {
      let group = groups.get(positions);
      if (group === undefined) {
        const starts: number[] = [];
        let joined = '';
        for (const position of positions) {
          if (joined !== '') joined += JOINT;
          starts.push(joined.length);
          joined += documents[position]!.text;
        }
        group = [createCitedTextFinder(joined, read), starts];
        groups.set(positions, group);
      }
      const span = group[0].find(cited.text, 0, Number.MAX_SAFE_INTEGER).span;
      if (span === null || !group[0].adjoins(span, cited.before, cited.after)) return undefined;
      return positions[lastAtMost(group[1], span.start)];
    },
    spend: (position) => {
      budget -= documents[position]!.text.length;
      return budget >= 0;
    },
    readOnce: <T>(key: string, length: number, read: () => T): T | undefined => {
      if (spans.has(key)) return spans.get(key) as T;
      spanBudget -= length;
      if (spanBudget < 0) return undefined;
      const value = read();
      spans.set(key, value);
      return value;
    },
    markerClaim: createMarkerClaimFinder(answer, splitOptions, trimAnswer),
    trimAnswer,
    cuts: createWordCuts(answer),
    states: createClaimWordFinder(answer),
    // Flat start and end offsets, in order: inside one when an odd count of them is at most `at`.
    hidden: (at) => {
      hidden ??= hiddenSpans(answer, '', answer.includes('`') ? codeSpans(answer).spans : []).spans;
      return firstAtLeast(hidden, at + 1) % 2 === 1;
    },
  };
}

/**
 * The options checked, read once into a plain object (a nested getter that throws is refused as a bad option too),
 * and the identifier rules compiled once from that copy.
 */
function validateOptions(given: VerifyProviderCitationsOptions): {
  options: VerifyProviderCitationsOptions;
  rules: readonly CompiledIdentifierRule[];
} {
  checkOptions(given);
  const options = readArgument('options', 'options whose fields can be read', () => {
    // Every key is copied, so that one that is no option is refused (checkVerifyOptions), not dropped unread.
    const copy = pick(given, ownKeys(given)) as Record<string, unknown>;
    copy['identifiers'] = list(copy['identifiers'], (given) => {
      const rule = pick(given, ['name', 'pattern']);
      // A custom pattern's source and flags read once, into a plain RegExp: a subclass whose getters change cannot be
      // checked as one pattern and run as another (the claim checks compile the rules again from this copy).
      const pattern = isObject(rule) ? rule['pattern'] : undefined;
      if (isObject(rule) && pattern instanceof RegExp)
        rule['pattern'] = new RegExp(pattern.source, pattern.flags);
      return rule;
    });
    const support = pick(copy['support'], ownKeys(copy['support']));
    if (isObject(support)) support['stopWords'] = list(support['stopWords']);
    copy['support'] = support;
    copy['quotes'] = pick(copy['quotes'], ownKeys(copy['quotes']));
    return copy as VerifyProviderCitationsOptions;
  });
  const { policy, identifiers } = options;
  checkArgument(
    policy === undefined || policy === 'reject-claim' || policy === 'drop-citation',
    'options.policy',
    "'reject-claim' or 'drop-citation'",
    policy,
  );
  // unit, locale, support and quotes mean what they mean to verifyAnswer, and are checked the same way.
  checkVerifyOptions(options, OPTIONS);
  let rules: readonly CompiledIdentifierRule[] = DEFAULT_RULES;
  if (identifiers !== undefined) {
    // The verifier's own compiler says whether a rule is one it knows; its rules are what the checks run.
    try {
      rules = compileIdentifierRules(identifiers);
    } catch (error) {
      throw new InvalidArgumentError({
        parameter: 'options.identifiers',
        expected: 'built-in rule names or { name: string, pattern: RegExp }',
        received: identifiers,
        cause: error,
      });
    }
  }
  return { options, rules };
}

/**
 * Identical claims (one key of {@link createMergeKeys}) merge as `verifyAnswer` merges them: citations (or markers) joined, counted in
 * `duplicatesMerged`.
 */
function mergeDuplicates(
  claims: Claim[],
  rejected: RejectedClaim[],
  unmerged: ReadonlySet<RejectedClaim>,
): Verification {
  const accepted: Claim[] = [];
  const acceptedByKey = new StringMap<Claim>();
  const keyOf = createSpanKeys();
  let duplicatesMerged = 0;
  for (const claim of claims) {
    const key = keyOf(claim, '');
    const first = acceptedByKey.get(key);
    if (first === undefined) {
      acceptedByKey.set(key, claim);
      accepted.push(claim);
    } else {
      for (const citation of claim.citations) first.citations.push(citation); // deduplicated once, below
      addDuplicate(first, claim.span);
      duplicatesMerged++;
    }
  }
  // Once per claim, not once per duplicate: many duplicates of one claim stay linear.
  for (const claim of accepted) if (claim.duplicates) claim.citations = dedupeCitations(claim.citations);
  const kept: RejectedClaim[] = [];
  const rejectedByKey = new StringMap<RejectedClaim>();
  for (const claim of rejected) {
    if (unmerged.has(claim)) {
      kept.push(claim); // its text was never read: it is not compared either
      continue;
    }
    const key = keyOf(claim, `${claim.code}\u0000`);
    const first = rejectedByKey.get(key);
    // Several citations failing on one claim keep their own entries: each names a different source.
    const sameSpan =
      first !== undefined && first.span.start === claim.span.start && first.span.end === claim.span.end;
    if (first === undefined || sameSpan) {
      if (first === undefined) rejectedByKey.set(key, claim);
      kept.push(claim);
    } else {
      for (const marker of claim.markers) first.markers.push(marker);
      addDuplicate(first, claim.span);
      duplicatesMerged++;
    }
  }
  for (const claim of kept) if (claim.duplicates) claim.markers = [...new Set(claim.markers)];
  return summarize(accepted, kept, duplicatesMerged);
}

/**
 * The merge key of a claim (after `prefix`), built once per answer span and prefix: the claims of many citations
 * that share one span (one long sentence cited a thousand times) share one key, so building keys stays linear.
 */
function createSpanKeys(): (claim: Claim | RejectedClaim, prefix: string) => string {
  const keys = new StringMap<string>();
  const mergeKey = createMergeKeys();
  return (claim, prefix) => {
    const at = `${prefix}${claim.span.start}:${claim.span.end}`;
    let key = keys.get(at);
    if (key === undefined) {
      key = mergeKey(claim.text, prefix);
      keys.set(at, key);
    }
    return key;
  };
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

const OPTIONS = ['policy', 'identifiers', 'support', 'quotes', 'unit', 'locale'];
/** The own enumerable keys of an object, none of anything else. */
const ownKeys = (value: unknown): string[] => (isObject(value) ? Object.keys(value) : []);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
/** The fields `keys` of an object, each read once, in a plain object; anything else as it is. */
const pick = (value: unknown, keys: readonly string[]): unknown =>
  isObject(value) ? Object.fromEntries(keys.map((key) => [key, value[key]])) : value;
/**
 * The items of an array (its length and each item read once) in a plain one; else as it is. A hole ends the copy, kept
 * as its last item (`undefined`, which every list here refuses, or for a citation's ids skips): a sparse array declares
 * a length (up to 2^32 - 1) that nothing fills, and copying it whole would fill memory before any check refused it.
 */
const list = (value: unknown, item = (each: unknown): unknown => each): unknown => {
  if (!Array.isArray(value)) return value;
  const copy: unknown[] = [];
  for (let i = 0, length = value.length; i < length; i++) {
    const each = value[i];
    copy.push(item(each));
    if (each === undefined && !(i in value)) break;
  }
  return copy;
};

/** What `read` returns; an InvalidArgumentError naming `parameter` when it throws (a getter or Proxy of the caller's). */
function readArgument<T>(parameter: string, expected: string, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    // Not the value itself: describing it would read it again.
    throw new InvalidArgumentError({ parameter, expected, received: {}, cause });
  }
}

/** Each document's fields read once into a plain object (its page and block spans too); a document that throws is named. */
function readDocuments(documents: readonly ProviderDocument[]): ProviderDocument[] {
  const count = readArgument('documents', 'an array of documents', () =>
    Array.isArray(documents) ? documents.length : -1,
  );
  if (count < 0) assertPassages(documents, 'documents'); // throws: no array
  const copies: ProviderDocument[] = [];
  for (let index = 0; index < count; index++) {
    try {
      const document = pick(documents[index], DOCUMENT);
      if (isObject(document)) {
        const spans = (value: unknown) => list(value, (span) => pick(span, ['start', 'end']));
        document['pages'] = spans(document['pages']);
        document['blocks'] = spans(document['blocks']);
      }
      copies.push(document as ProviderDocument);
      // What is no object (a hole of a sparse array too) is refused at its index below: nothing after it is read.
      if (!isObject(document)) break;
    } catch (cause) {
      throw new InvalidPassageError(index, 'could not be read (reading one of its fields threw).', { cause });
    }
  }
  return copies;
}
const DOCUMENT = ['documentId', 'chunkId', 'text', 'start', 'end', 'title', 'uri', 'pages', 'blocks'];

/** The outcome of a citation the caller's getter or Proxy kept from being read. */
function unreadable(message: string): ReturnType<typeof checkProviderCitation> {
  return { ok: false, claim: null, code: 'invalid_citation', message, markers: [] };
}

/** A citation's fields read once into plain objects, as `checkProviderCitation` reads them. */
function readCitation(citation: unknown): ProviderCitation {
  const copy = pick(citation, ['document', 'answer', 'location', 'citedText', 'chunk', 'type', 'label']);
  if (isObject(copy)) {
    const { document } = copy;
    copy['document'] =
      isObject(document) && 'index' in document
        ? { index: document['index'] }
        : isObject(document)
          ? { ids: list(document['ids']) }
          : document;
    const answer = pick(copy['answer'], ['start', 'end', 'unit', 'within', 'role', 'text', 'url']);
    if (isObject(answer)) answer['within'] = pick(answer['within'], ['start', 'end']);
    copy['answer'] = answer;
    copy['location'] = pick(copy['location'], ['type', 'start', 'end', 'unit']);
  }
  return copy as ProviderCitation;
}
