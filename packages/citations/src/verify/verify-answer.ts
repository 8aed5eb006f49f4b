import { checkArgument } from '@gk/internal';
import { checkParts, endChecks, startChecks, verificationOf } from './answer-checks.js';
import type { SupportOptions } from './check-support.js';
import type { IdentifierRule } from './identifier-rules.js';
import { isAbstention } from './is-abstention.js';
import { queueWholeAnswer } from './line-queue.js';
import { holdsSomethingToCheck } from './split-line.js';
import type { Passage, Verification } from '../types.js';

export { dedupeCitations } from './check-claim-unit.js';

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
  /**
   * Direct quotations must be found in a cited passage (default on): those of at least `minLength` characters
   * (default 12), and those that hold a digit whatever their length (`"90 days"`, `"Version 2.0"`).
   */
  quotes?: boolean | { minLength?: number };
}

/** Alias of {@link VerifyOptions}, named after the function. */
export type VerifyAnswerOptions = VerifyOptions;
/** The result of {@link verifyAnswer}. */
export type VerifyAnswerResult = Verification;

/**
 * Checks every claim of an answer against the passages it was shown and builds citations from those
 * passages; rejected claims are listed with a code and a message, never repaired. `createAnswerVerifier` runs the
 * same line queue and checks on an answer as it streams (adding only the early release of a line's units) and
 * watches for an abstention by the same definition, so an answer verified as it streams gets exactly this
 * verification.
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
  return checkAnswer(answer, passages, options, false);
}

/**
 * {@link verifyAnswer}, or with `unnumbered` for an answer that shows no numbered source (a provider's claims, each a
 * line citing its spans): a number in brackets a claim shows as text is then forged unless a cited passage shows it.
 */
export function checkAnswer(
  answer: string,
  passages: readonly Passage[],
  options: VerifyOptions,
  unnumbered: boolean,
): Verification {
  checkArgument(typeof answer === 'string', 'answer', 'a string', answer);
  const checks = startChecks(passages, options);
  checks.context.unnumbered = unnumbered;
  options = checks.options; // as read once and checked
  // The answer is whole: every line ends at once, and the parts come out as the streaming splitter returns them.
  const lines = queueWholeAnswer(answer, {
    unit: options.unit,
    locale: options.locale,
    // Ranges past the passages name no source shown: their numbers are not expanded one by one (see Ranges).
    ranges: options.ranges === true && checks.context.passages.length,
    keepsLeadIn: (unit) => holdsSomethingToCheck(unit, checks.context.rules),
    minQuoteLength: checks.context.minQuoteLength,
  });
  if (!isAbstention(answer, options, lines.markerFound)) {
    checkParts(checks, lines.out);
    endChecks(checks);
  }
  return verificationOf(checks);
}
