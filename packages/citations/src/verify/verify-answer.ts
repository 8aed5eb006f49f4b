import {
  checkSupport,
  DEFAULT_MIN_COVERAGE,
  DEFAULT_STOP_WORDS,
  type PreparedPassage,
  preparePassage,
  type SupportOptions,
} from './check-support.js';
import { DEFAULT_MIN_QUOTE_LENGTH, findQuotations } from './find-quotations.js';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_IDENTIFIER_RULES,
  findIdentifiers,
  foldIdentifierText,
  type IdentifierRule,
} from './identifier-rules.js';
import { assertPassages } from './invalid-passage-error.js';
import { locateQuote } from '../text/locate-quote.js';
import { normalizeForComparison } from '../text/normalize-text.js';
import { parseMarkers } from './parse-markers.js';
import { type ClaimUnit, splitWithMarkers } from './split-claims.js';
import type { Citation, Claim, Passage, RejectedClaim, RejectionCode, Span, Verification } from '../types.js';

/** Options for {@link verifyAnswer}. */
export interface VerifyOptions {
  /** How the answer is split into claims: `'sentence'` (default) or `'line'`. */
  unit?: 'sentence' | 'line';
  /** Locale for sentence segmentation (default `'en'`). */
  locale?: string;
  /** When false, a claim without a marker is accepted with no citations (default true). */
  requireCitations?: boolean;
  /** Accept `[1-3]` ranges (default false). */
  ranges?: boolean;
  /** Identifier rules whose matches must occur in the cited passages (default: ECLI, DOI and URL). */
  identifiers?: IdentifierRule[];
  /** Lexical support check; off by default, `{}` turns it on with `minCoverage` 0.55 (`DEFAULT_MIN_COVERAGE`). */
  support?: false | SupportOptions;
  /** An answer equal to this token (trimmed) is an abstention. */
  noSourceToken?: string;
  /** Direct quotations of at least `minLength` (default 12) must be found in a cited passage (default on). */
  quotes?: boolean | { minLength?: number };
}

/** Alias of {@link VerifyOptions}, named after the function. */
export type VerifyAnswerOptions = VerifyOptions;
/** The result of {@link verifyAnswer}. */
export type VerifyAnswerResult = Verification;

type Outcome = { citations: Citation[] } | { code: RejectionCode; message: string };

interface Context {
  passages: readonly Passage[];
  requireCitations: boolean;
  rules: CompiledIdentifierRule[];
  identifierHaystacks: Map<string, string>;
  minQuoteLength: number | null;
  support: { minCoverage: number; stopWords: ReadonlySet<string> } | null;
  prepared: Map<number, PreparedPassage>;
}

const EXCERPT_LENGTH = 80;
const QUOTE_MARK = /["\uff02\u2033\u201c\u201e\u00ab\u00bb\u300c\u300e]/;
const defaultStopWords = new Set(DEFAULT_STOP_WORDS);
const defaultRules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);

/**
 * Checks every claim of an answer against the passages it was shown and builds citations from those
 * passages; rejected claims are listed with a code and a message, never repaired.
 *
 * @example
 * const verification = verifyAnswer('Water boils at 100 °C at sea level [1].', passages);
 * verification.status; // 'answered'
 * verification.citations[0]; // { source: 1, documentId, chunkId, start, end, text } from passages[0]
 */
export function verifyAnswer(
  answer: string,
  passages: readonly Passage[],
  options: VerifyOptions = {},
): Verification {
  if (typeof answer !== 'string')
    throw new TypeError(`Expected the answer to be a string, received ${typeof answer}.`);
  assertPassages(passages);
  const trimmed = answer.trim();
  if (trimmed === '' || (options.noSourceToken !== undefined && trimmed === options.noSourceToken.trim())) {
    return abstention();
  }
  const requireCitations = options.requireCitations !== false;
  const markers = parseMarkers(answer, { ranges: options.ranges === true });
  if (markers.length === 0 && requireCitations) return abstention();

  const quotes = options.quotes ?? true;
  const context: Context = {
    passages,
    requireCitations,
    rules: options.identifiers === undefined ? defaultRules : compileIdentifierRules(options.identifiers),
    identifierHaystacks: new Map(),
    minQuoteLength:
      quotes === false
        ? null
        : ((quotes === true ? undefined : quotes.minLength) ?? DEFAULT_MIN_QUOTE_LENGTH),
    support:
      options.support === undefined || options.support === false
        ? null
        : {
            minCoverage: options.support.minCoverage ?? DEFAULT_MIN_COVERAGE,
            stopWords: options.support.stopWords ? new Set(options.support.stopWords) : defaultStopWords,
          },
    prepared: new Map(),
  };

  const claims: Claim[] = [];
  const rejected: RejectedClaim[] = [];
  const acceptedByKey = new Map<string, Claim>();
  const rejectedByKey = new Map<string, RejectedClaim>();
  let duplicatesMerged = 0;
  for (const unit of splitWithMarkers(answer, markers, options)) {
    const numbers = uniqueNumbers(unit);
    const outcome = checkUnit(unit, numbers, context);
    const key = unit.hasContent ? normalizeForComparison(unit.textWithoutMarkers) : null;
    if ('citations' in outcome) {
      const first = key === null ? undefined : acceptedByKey.get(key);
      if (first !== undefined) {
        first.citations = dedupeCitations([...first.citations, ...outcome.citations]);
        addDuplicate(first, unit.span);
        duplicatesMerged++;
        continue;
      }
      const claim: Claim = { text: unit.text, span: unit.span, citations: outcome.citations };
      claims.push(claim);
      if (key !== null) acceptedByKey.set(key, claim);
    } else {
      // Identical claims rejected for the same reason merge, whatever lies between them.
      const rejectedKey = key === null ? null : `${outcome.code}\u0000${key}`;
      const first = rejectedKey === null ? undefined : rejectedByKey.get(rejectedKey);
      if (first !== undefined) {
        first.markers = [...new Set([...first.markers, ...numbers])];
        addDuplicate(first, unit.span);
        duplicatesMerged++;
        continue;
      }
      const claim: RejectedClaim = {
        text: unit.text,
        span: unit.span,
        code: outcome.code,
        markers: numbers,
        message: outcome.message,
      };
      rejected.push(claim);
      if (rejectedKey !== null) rejectedByKey.set(rejectedKey, claim);
    }
  }
  const citations = dedupeCitations(claims.flatMap((claim) => claim.citations));
  const status = claims.length > 0 ? 'answered' : rejected.length > 0 ? 'rejected' : 'abstained';
  return { status, claims, rejected, citations, duplicatesMerged };
}

function addDuplicate(first: Claim | RejectedClaim, span: Span): void {
  if (first.duplicates === undefined) first.duplicates = [span];
  else first.duplicates.push(span);
}

function abstention(): Verification {
  return { status: 'abstained', claims: [], rejected: [], citations: [], duplicatesMerged: 0 };
}

function uniqueNumbers(unit: ClaimUnit): number[] {
  const seen = new Set<number>();
  for (const marker of unit.markers) for (const n of marker.numbers) seen.add(n);
  return [...seen];
}

function checkUnit(unit: ClaimUnit, numbers: readonly number[], context: Context): Outcome {
  const { passages } = context;
  if (!unit.hasContent) {
    return {
      code: 'empty_claim',
      message: `Claim "${excerpt(unit.text)}" has markers but no statement; expected text before its markers.`,
    };
  }
  if (numbers.length === 0) {
    if (!context.requireCitations) return { citations: [] };
    return {
      code: 'no_marker',
      message: `Claim "${excerpt(unit.text)}" has no citation marker; expected at least one [n] naming a source${range(passages.length)}.`,
    };
  }
  const outOfRange: number[] = [];
  for (const n of numbers) {
    if (!(Number.isInteger(n) && n >= 1 && n <= passages.length)) outOfRange.push(n);
  }
  if (outOfRange.length > 0) {
    return {
      code: 'marker_out_of_range',
      message: `Claim "${excerpt(unit.text)}" cites ${listNumbers(outOfRange)}, which ${outOfRange.length === 1 ? 'is' : 'are'} not a source shown; expected numbers${range(passages.length)}.`,
    };
  }
  const text = unit.textWithoutMarkers;
  for (const identifier of findIdentifiers(text, context.rules)) {
    let present = false;
    for (const n of numbers)
      present ||= identifierHaystack(context, identifier.rule, n).includes(identifier.value);
    if (!present) {
      return {
        code: 'unknown_identifier',
        message: `Claim "${excerpt(unit.text)}" names ${identifier.rule} "${excerpt(identifier.value)}", which does not occur in its cited sources ${listNumbers(numbers)}; expected every identifier to come from a cited passage.`,
      };
    }
  }
  let narrowed: Map<number, Citation[]> | null = null;
  if (context.minQuoteLength !== null && QUOTE_MARK.test(text)) {
    for (const quotation of findQuotations(text, context.minQuoteLength)) {
      const located = locateInCited(quotation, numbers, passages);
      if (located === null) {
        return {
          code: 'quote_not_found',
          message: `Claim "${excerpt(unit.text)}" quotes "${excerpt(quotation)}", which was not found in its cited sources ${listNumbers(numbers)}; expected the quotation verbatim (up to whitespace, quote and dash variants).`,
        };
      }
      narrowed ??= new Map();
      const list = narrowed.get(located.source);
      if (list === undefined) narrowed.set(located.source, [located]);
      else list.push(located);
    }
  }
  if (context.support !== null) {
    const prepared = numbers.map((n) => preparedPassage(context, n));
    const result = checkSupport(text, prepared, context.support.minCoverage, context.support.stopWords);
    if (!result.supported) {
      const coverage =
        result.coverage === null
          ? 'no content words'
          : `${Math.round(result.coverage * 100)}% of its content words`;
      return {
        code: 'unsupported',
        message: `Claim "${excerpt(unit.text)}" is not supported by its cited sources ${listNumbers(numbers)}: not contained verbatim and ${coverage} found; expected at least ${Math.round(context.support.minCoverage * 100)}%.`,
      };
    }
  }
  const citations: Citation[] = [];
  for (const n of numbers) {
    const located = narrowed?.get(n);
    if (located === undefined) citations.push(wholePassage(passages[n - 1]!, n));
    else citations.push(...located);
  }
  return { citations: dedupeCitations(citations) };
}

function locateInCited(
  quotation: string,
  numbers: readonly number[],
  passages: readonly Passage[],
): Citation | null {
  for (const n of numbers) {
    const passage = passages[n - 1]!;
    const span = locateQuote(quotation, passage.text, { ignoreCase: true });
    if (span !== null) {
      return {
        source: n,
        documentId: passage.documentId,
        chunkId: passage.chunkId,
        start: passage.start + span.start,
        end: passage.start + span.end,
        text: passage.text.slice(span.start, span.end),
      };
    }
  }
  return null;
}

function wholePassage(passage: Passage, source: number): Citation {
  const { documentId, chunkId, start, end, text } = passage;
  return { source, documentId, chunkId, start, end, text };
}

function identifierHaystack(context: Context, rule: string, n: number): string {
  const key = `${rule}\u0000${n}`;
  let haystack = context.identifierHaystacks.get(key);
  if (haystack === undefined) {
    const compiled = context.rules.find((candidate) => candidate.name === rule)!;
    const passage = context.passages[n - 1]!;
    haystack = compiled.haystack(
      foldIdentifierText([passage.text, passage.uri ?? '', passage.title ?? ''].join('\n')),
    );
    context.identifierHaystacks.set(key, haystack);
  }
  return haystack;
}

function preparedPassage(context: Context, n: number): PreparedPassage {
  let prepared = context.prepared.get(n);
  if (prepared === undefined) {
    prepared = preparePassage(context.passages[n - 1]!.text);
    context.prepared.set(n, prepared);
  }
  return prepared;
}

/** Deduplicates citations by (source, start, end), keeping first-mention order. */
export function dedupeCitations(citations: readonly Citation[]): Citation[] {
  if (citations.length <= 16) {
    const out: Citation[] = [];
    for (const c of citations) {
      if (!out.some((o) => o.source === c.source && o.start === c.start && o.end === c.end)) out.push(c);
    }
    return out;
  }
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const citation of citations) {
    const key = `${citation.source}:${citation.start}:${citation.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(citation);
  }
  return out;
}

function excerpt(text: string): string {
  const flat = text.slice(0, EXCERPT_LENGTH * 4).replace(/\s+/g, ' ');
  if (flat.length <= EXCERPT_LENGTH && text.length <= EXCERPT_LENGTH * 4) return flat;
  let cut = EXCERPT_LENGTH - 1;
  const code = flat.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${flat.slice(0, cut)}…`;
}

function listNumbers(numbers: readonly number[]): string {
  const shown = numbers.slice(0, 5).map((n) => `[${Number.isSafeInteger(n) ? n : 'a number past 2^53'}]`); // parsed from digits: never negative
  return numbers.length > 5 ? `${shown.join('')} and ${numbers.length - 5} more` : shown.join('');
}

function range(count: number): string {
  return count === 0 ? ' (but no sources were shown)' : ` in 1..${count}`;
}
