import { checkArgument } from '@gk/internal';
import { checkSplitOptions } from './check-verify-options.js';
import { DEFAULT_RULES } from './identifier-rules.js';
import { queueWholeAnswer } from './line-queue.js';
import { type ClaimUnit, holdsSomethingToCheck } from './split-line.js';

export type { ClaimUnit } from './split-line.js';

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

/**
 * Splits an answer into claim units. Markers are atomic: a marker group right after a full stop belongs to
 * the sentence before it, and one at the start of a line belongs to the sentence it starts. A lead-in that
 * introduces a list of cited items, a markdown table's header row (the row before its delimiter row, unless it
 * holds a marker, a quotation or an identifier) and a source list the answer writes under a heading are no claim
 * units.
 */
export function splitClaims(answer: string, options: SplitClaimsOptions = {}): SplitClaimsResult {
  checkArgument(typeof answer === 'string', 'answer', 'a string', answer);
  return splitAnswer(answer, checkSplitOptions(options)).units;
}

/** An answer split into claim units, and the entries of a source list it writes, which are no claims. */
export interface AnswerParts {
  /** The claim units, in order. */
  units: ClaimUnit[];
  /** Each line of a source list under a heading such as `Sources:` (`[1] Title, Author, 2020`), in order. */
  sourceEntries: ClaimUnit[];
}

/**
 * Splits an answer into claim units and source-list entries, as the answer splitter does when the answer arrives
 * at once (the same line queue). `keepsLeadIn` decides whether a lead-in (a unit ending with `:`, last on its line, before a list whose
 * every item carries a marker) stays a claim all the same: by default when it holds a quotation mark or an ECLI,
 * DOI or URL, so nothing that must be checked hides there.
 */
export function splitAnswer(
  answer: string,
  options: SplitClaimsOptions = {},
  keepsLeadIn: (unit: ClaimUnit) => boolean = (unit) => holdsSomethingToCheck(unit, DEFAULT_RULES),
): AnswerParts {
  const units: ClaimUnit[] = [];
  const sourceEntries: ClaimUnit[] = [];
  for (const part of queueWholeAnswer(answer, { ...options, keepsLeadIn, minQuoteLength: null }).out) {
    if (part.kind === 'unit') units.push(part.unit);
    else if (part.kind === 'entry') sourceEntries.push(part.unit);
  }
  return { units, sourceEntries };
}
