import { excerpt, formatNumberList } from '@gk/internal';
import { locateQuote } from '../text/locate-quote.js';
import type { Citation, Passage, RejectionCode } from '../types.js';
import { checkSupport, type PreparedPassage, preparePassage } from '../verify/check-support.js';
import { findQuotations } from '../verify/find-quotations.js';
import {
  type CompiledIdentifierRule,
  findIdentifiers,
  foldIdentifierText,
} from '../verify/identifier-rules.js';

// The claim-level checks of verifyAnswer (identifiers, direct quotations, lexical support), run with the
// verifier's own functions against the spans the provider cited rather than against whole passages.

/** The claim-level checks to run, compiled once per verification. */
export interface ClaimChecks {
  rules: readonly CompiledIdentifierRule[];
  minQuoteLength: number | null;
  support: { minCoverage: number; stopWords: ReadonlySet<string> } | null;
}

/** Caches shared by the claims of one verification (one entry per cited span, however many claims cite it). */
export interface ClaimCheckCache {
  identifierHaystacks: Map<string, string>;
  prepared: Map<string, PreparedPassage>;
}

const CONTENT = /[\p{L}\p{N}]/u;
const QUOTE_MARK = /["\uff02\u2033\u201c\u201e\u00ab\u00bb\u300c\u300e]/;

/**
 * Runs the claim-level checks on a claim and its verified citations; null when it passes, else the code and
 * message of the first check it fails.
 */
export function checkProviderClaim(
  claim: string,
  citations: readonly Citation[],
  documents: readonly Passage[],
  checks: ClaimChecks,
  cache: ClaimCheckCache,
): { code: RejectionCode; message: string } | null {
  const shown = `Claim ${JSON.stringify(excerpt(claim, { length: 80 }))}`;
  const sources = formatNumberList(citations.map((citation) => citation.source));
  if (!CONTENT.test(claim)) {
    return {
      code: 'empty_claim',
      message: `${shown} has no statement; expected text in the answer span its citations support.`,
    };
  }
  for (const identifier of findIdentifiers(claim, checks.rules)) {
    const rule = checks.rules.find((candidate) => candidate.name === identifier.rule)!;
    const present = citations.some((citation) =>
      identifierHaystack(citation, documents, rule, cache).includes(identifier.value),
    );
    if (!present) {
      return {
        code: 'unknown_identifier',
        message: `${shown} names ${identifier.rule} ${JSON.stringify(excerpt(identifier.value, { length: 80 }))}, which does not occur in the spans cited from ${sources}; expected every identifier to come from a cited span.`,
      };
    }
  }
  if (checks.minQuoteLength !== null && QUOTE_MARK.test(claim)) {
    for (const quotation of findQuotations(claim, checks.minQuoteLength)) {
      if (!citations.some((citation) => locateQuote(quotation, citation.text, { ignoreCase: true }))) {
        return {
          code: 'quote_not_found',
          message: `${shown} quotes ${JSON.stringify(excerpt(quotation, { length: 80 }))}, which is not in the spans cited from ${sources}; expected the quotation verbatim (up to whitespace, quote and dash variants).`,
        };
      }
    }
  }
  if (checks.support !== null) {
    const prepared = citations.map((citation) => preparedSpan(citation, cache));
    const result = checkSupport(claim, prepared, checks.support.minCoverage, checks.support.stopWords);
    if (!result.supported) {
      const coverage =
        result.coverage === null
          ? 'no content words'
          : `${Math.round(result.coverage * 100)}% of its content words`;
      return {
        code: 'unsupported',
        message: `${shown} is not supported by the spans cited from ${sources}: not contained verbatim and ${coverage} found; expected at least ${Math.round(checks.support.minCoverage * 100)}%.`,
      };
    }
  }
  return null;
}

const spanKey = (citation: Citation): string => `${citation.source}:${citation.start}:${citation.end}`;

function identifierHaystack(
  citation: Citation,
  documents: readonly Passage[],
  rule: CompiledIdentifierRule,
  cache: ClaimCheckCache,
): string {
  const key = `${rule.name}\u0000${spanKey(citation)}`;
  let haystack = cache.identifierHaystacks.get(key);
  if (haystack === undefined) {
    const document = documents[citation.source - 1]!;
    haystack = rule.haystack(
      foldIdentifierText([citation.text, document.uri ?? '', document.title ?? ''].join('\n')),
    );
    cache.identifierHaystacks.set(key, haystack);
  }
  return haystack;
}

function preparedSpan(citation: Citation, cache: ClaimCheckCache): PreparedPassage {
  const key = spanKey(citation);
  let prepared = cache.prepared.get(key);
  if (prepared === undefined) {
    prepared = preparePassage(citation.text);
    cache.prepared.set(key, prepared);
  }
  return prepared;
}
