import { excerpt, formatNumberList } from '@gk/internal';
import {
  checkSupport,
  DEFAULT_MIN_COVERAGE,
  DEFAULT_STOP_WORDS,
  normalizeStopWords,
  type SupportOptions,
} from './check-support.js';
import {
  DEFAULT_MIN_QUOTE_LENGTH,
  findQuotations,
  QUOTATION_MARK,
  type Quotation,
} from './find-quotations.js';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_IDENTIFIER_RULES,
  findIdentifiers,
  type IdentifierRule,
} from './identifier-rules.js';
import { assertPassages } from './invalid-passage-error.js';
import { normalizeForComparison } from '../text/normalize-text.js';
import { PassageIndex } from './passage-index.js';
import { parseMarkers } from './parse-markers.js';
import { trimSeparators, wordSequence } from '../text/word-sequence.js';
import { type ClaimUnit, splitAnswer } from './split-claims.js';
import { namesPassage } from './source-list.js';
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
  /**
   * Identifier rules: every match in a claim must equal a match of the same rule in a cited passage's text, title
   * or uri (default: ECLI, DOI and strict URL; `'url-loose'` is the looser URL rule).
   */
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

type Rejection = { code: RejectionCode; message: string };
type Outcome = { citations: Citation[] } | Rejection;

interface Context {
  passages: readonly Passage[];
  requireCitations: boolean;
  rules: CompiledIdentifierRule[];
  /** Each cited passage, indexed on first use: the work over a passage is done once per call. */
  indexes: Map<number, PassageIndex>;
  minQuoteLength: number | null;
  support: { minCoverage: number; stopWords: ReadonlySet<string> } | null;
  /** Every quotation of the answer, and the ones each unit overlaps (indexes into `quotations`). */
  quotations: Quotation[];
  quotationsOf: number[][];
  /** Each quotation's citation once looked up (null: found in none of the sources cited where it stands). */
  located: Map<number, Citation | null>;
  /** Each unit's cited numbers. */
  numbersOf: number[][];
}

const EXCERPT_LENGTH = 80;
const defaultStopWords = normalizeStopWords(DEFAULT_STOP_WORDS);
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
    indexes: new Map(),
    minQuoteLength:
      quotes === false
        ? null
        : ((quotes === true ? undefined : quotes.minLength) ?? DEFAULT_MIN_QUOTE_LENGTH),
    support:
      options.support === undefined || options.support === false
        ? null
        : {
            minCoverage: options.support.minCoverage ?? DEFAULT_MIN_COVERAGE,
            stopWords: options.support.stopWords
              ? normalizeStopWords(options.support.stopWords)
              : defaultStopWords,
          },
    quotations: [],
    quotationsOf: [],
    located: new Map(),
    numbersOf: [],
  };
  const { units, sourceEntries } = splitAnswer(answer, markers, options, (unit) =>
    holdsSomethingToCheck(unit, context),
  );
  context.numbersOf = units.map(uniqueNumbers);
  context.quotationsOf = units.map((): number[] => []);
  if (context.minQuoteLength !== null && QUOTATION_MARK.test(answer)) {
    context.quotations = findQuotations(answer, units, context.minQuoteLength);
    context.quotations.forEach((quotation, q) => {
      for (const u of quotation.units) context.quotationsOf[u]!.push(q);
    });
  }

  const claims: Claim[] = [];
  const rejected: RejectedClaim[] = [];
  const acceptedByKey = new Map<string, Claim>();
  const rejectedByKey = new Map<string, RejectedClaim>();
  let duplicatesMerged = 0;
  const reject = (unit: ClaimUnit, numbers: number[], outcome: Rejection, key: string | null): void => {
    // Identical claims rejected for the same reason merge, whatever lies between them.
    const rejectedKey = key === null ? null : `${outcome.code}\u0000${key}`;
    const first = rejectedKey === null ? undefined : rejectedByKey.get(rejectedKey);
    if (first !== undefined) {
      first.markers = [...new Set([...first.markers, ...numbers])];
      addDuplicate(first, unit.span);
      duplicatesMerged++;
      return;
    }
    const { text, span } = unit;
    const claim: RejectedClaim = {
      text,
      span,
      code: outcome.code,
      markers: numbers,
      message: outcome.message,
    };
    rejected.push(claim);
    if (rejectedKey !== null) rejectedByKey.set(rejectedKey, claim);
  };
  // A source list the answer writes is checked entry by entry, in its place, and never accepted as a claim.
  let entry = 0;
  const checkEntriesBefore = (position: number): void => {
    for (; entry < sourceEntries.length && sourceEntries[entry]!.span.start < position; entry++) {
      const unit = sourceEntries[entry]!;
      const numbers = uniqueNumbers(unit);
      const outcome = checkSourceEntry(unit, numbers, context);
      const key = `\u0001${normalizeForComparison(unit.textWithoutMarkers)}`; // never merged with a claim
      if (outcome !== null) reject(unit, numbers, outcome, key);
    }
  };
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    checkEntriesBefore(unit.span.start);
    const numbers = context.numbersOf[u]!;
    const outcome = checkUnit(u, unit, numbers, context);
    const key = unit.hasContent ? normalizeForComparison(unit.textWithoutMarkers) : null;
    if (!('citations' in outcome)) {
      reject(unit, numbers, outcome, key);
      continue;
    }
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
  }
  checkEntriesBefore(Number.POSITIVE_INFINITY);
  const citations = dedupeCitations(claims.flatMap((claim) => claim.citations));
  const status = claims.length > 0 ? 'answered' : rejected.length > 0 ? 'rejected' : 'abstained';
  return { status, claims, rejected, citations, duplicatesMerged };
}

/**
 * An entry of a source list the answer writes: null when it names, for each number it carries, passage n (its
 * title, uri or document id) and nothing else; otherwise the rejection.
 */
function checkSourceEntry(entry: ClaimUnit, numbers: readonly number[], context: Context): Rejection | null {
  const { passages } = context;
  const outOfRange = numbers.filter((n) => !(Number.isInteger(n) && n >= 1 && n <= passages.length));
  if (outOfRange.length > 0) {
    return {
      code: 'marker_out_of_range',
      message: `Source list entry "${shown(entry.text)}" lists ${listNumbers(outOfRange)}, which ${outOfRange.length === 1 ? 'is' : 'are'} not a source shown; expected numbers${range(passages.length)}.`,
    };
  }
  const wrong = numbers.filter(
    (n) => !namesPassage(entry.textWithoutMarkers, index(context, n), context.rules),
  );
  if (wrong.length === 0) return null;
  return {
    code: 'source_list_mismatch',
    message: `Source list entry "${shown(entry.text)}" does not name source ${listNumbers(wrong)}; expected each entry to name the passage its number stands for (its title, uri or document id) and nothing else.`,
  };
}

/** Whether a would-be lead-in holds a quotation mark or an identifier: then it is checked as a claim. */
function holdsSomethingToCheck(unit: ClaimUnit, context: Context): boolean {
  return (
    QUOTATION_MARK.test(unit.textWithoutMarkers) ||
    context.rules.some((rule) => findIdentifiers(unit.textWithoutMarkers, [rule]).length > 0)
  );
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

function checkUnit(u: number, unit: ClaimUnit, numbers: readonly number[], context: Context): Outcome {
  const { passages } = context;
  if (!unit.hasContent) {
    return {
      code: 'empty_claim',
      message: `Claim "${shown(unit.text)}" has markers but no statement; expected text before its markers.`,
    };
  }
  if (numbers.length === 0) {
    if (!context.requireCitations) return { citations: [] };
    return {
      code: 'no_marker',
      message: `Claim "${shown(unit.text)}" has no citation marker; expected at least one [n] naming a source${range(passages.length)}.`,
    };
  }
  const outOfRange: number[] = [];
  for (const n of numbers) {
    if (!(Number.isInteger(n) && n >= 1 && n <= passages.length)) outOfRange.push(n);
  }
  if (outOfRange.length > 0) {
    return {
      code: 'marker_out_of_range',
      message: `Claim "${shown(unit.text)}" cites ${listNumbers(outOfRange)}, which ${outOfRange.length === 1 ? 'is' : 'are'} not a source shown; expected numbers${range(passages.length)}.`,
    };
  }
  const text = unit.textWithoutMarkers;
  for (const rule of context.rules) {
    for (const identifier of findIdentifiers(text, [rule])) {
      if (numbers.some((n) => index(context, n).identifiers(rule).has(identifier.value))) continue;
      return {
        code: 'unknown_identifier',
        message: `Claim "${shown(unit.text)}" names ${identifier.rule} "${shown(identifier.value)}", which does not occur in its cited sources ${listNumbers(numbers)}; expected every identifier to come from a cited passage.`,
      };
    }
  }
  let narrowed: Map<number, Citation[]> | null = null;
  for (const q of context.quotationsOf[u]!) {
    const located = locateQuotation(q, context);
    if (located === null) {
      const { text: quoted, units } = context.quotations[q]!;
      const where =
        units.length === 1
          ? `its cited sources ${listNumbers(numbers)}`
          : `the sources cited by the ${units.length} claims it spans, ${listNumbers(citedBy(units, context))}`;
      return {
        code: 'quote_not_found',
        message: `Claim "${shown(unit.text)}" quotes "${shown(quoted)}", which was not found in ${where}; expected its words verbatim (up to case, whitespace, quote and dash variants).`,
      };
    }
    if (!numbers.includes(located.source)) continue; // found where another claim the quotation spans cites
    narrowed ??= new Map();
    const list = narrowed.get(located.source);
    if (list === undefined) narrowed.set(located.source, [located]);
    else list.push(located);
  }
  if (context.support !== null) {
    const cited = numbers.map((n) => index(context, n));
    const result = checkSupport(text, cited, context.support.minCoverage, context.support.stopWords);
    if (!result.supported) {
      const coverage =
        result.coverage === null
          ? 'no content words'
          : `${Math.round(result.coverage * 100)}% of its content words`;
      return {
        code: 'unsupported',
        message: `Claim "${shown(unit.text)}" is not supported by its cited sources ${listNumbers(numbers)}: not contained verbatim and ${coverage} found; expected at least ${Math.round(context.support.minCoverage * 100)}%.`,
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

/**
 * The citation of quotation `q`: the first source (in the order the claims it spans cite them) whose passage holds
 * its words, at their span; null when none does. Looked up once, whichever claim asks first.
 */
function locateQuotation(q: number, context: Context): Citation | null {
  let located = context.located.get(q);
  if (located !== undefined) return located;
  located = null;
  const { text, units } = context.quotations[q]!;
  const { items } = wordSequence(text);
  const words = trimSeparators(items);
  const pattern = words.length > 0 ? words : items; // a quotation of punctuation alone is one separator
  for (const n of citedBy(units, context)) {
    const span = index(context, n).locate(pattern);
    if (span !== null) {
      const passage = context.passages[n - 1]!;
      located = {
        source: n,
        documentId: passage.documentId,
        chunkId: passage.chunkId,
        start: passage.start + span.start,
        end: passage.start + span.end,
        text: passage.text.slice(span.start, span.end),
      };
      break;
    }
  }
  context.located.set(q, located);
  return located;
}

/** The sources the given units cite (numbers in range only), without repeats, in order. */
function citedBy(units: readonly number[], context: Context): number[] {
  const cited = new Set<number>();
  for (const u of units) {
    for (const n of context.numbersOf[u]!) {
      if (Number.isInteger(n) && n >= 1 && n <= context.passages.length) cited.add(n);
    }
  }
  return [...cited];
}

function wholePassage(passage: Passage, source: number): Citation {
  const { documentId, chunkId, start, end, text } = passage;
  return { source, documentId, chunkId, start, end, text };
}

function index(context: Context, n: number): PassageIndex {
  let found = context.indexes.get(n);
  if (found === undefined) {
    found = new PassageIndex(context.passages[n - 1]!);
    context.indexes.set(n, found);
  }
  return found;
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

/**
 * A claim, quotation or identifier in a message: whitespace runs as one space (over the first 320 characters, so
 * a long text costs no more than a short one), then at most 80 characters, never half a surrogate pair.
 */
function shown(text: string): string {
  const limit = 4 * EXCERPT_LENGTH;
  let head = text;
  if (text.length > limit) {
    const cut = isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
    head = `${text.slice(0, cut)}…`;
  }
  return excerpt(head.replace(/\s+/g, ' '), { length: EXCERPT_LENGTH });
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** The numbers a claim cites, for a message: `[1], [2] and [3]`, a number past 2^53 named in words. */
function listNumbers(numbers: readonly number[]): string {
  const safe = numbers.filter((n) => Number.isSafeInteger(n)); // parsed from digits: never negative
  const huge = numbers.length - safe.length;
  const list = formatNumberList(safe, { max: 5 });
  if (huge === 0) return list;
  const words = huge === 1 ? 'a number past 2^53' : `${huge} numbers past 2^53`;
  return list === '' ? words : `${list} and ${words}`;
}

function range(count: number): string {
  return count === 0 ? ' (but no sources were shown)' : ` in 1..${count}`;
}
