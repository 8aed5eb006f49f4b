import { checkArgument, isObject } from '@gk/internal';
import type { JudgeVerdictLabel } from './synthesis-report.js';

/** One judge call as a report sees it: the verdict it returned, or the error it threw instead. */
export type JudgeOutcome = { verdict: { faithful: boolean } } | { error: unknown };

/**
 * The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. Throws
 * `InvalidArgumentError` for anything but `{ verdict: { faithful: boolean } }` or `{ error }` (one, never both).
 */
export function verdictLabelOf(outcome: JudgeOutcome): JudgeVerdictLabel {
  const verdict: unknown = isObject(outcome) ? (outcome as { verdict?: unknown }).verdict : undefined;
  // A call either returned a verdict or threw: an outcome with both is ambiguous, so it is refused, not guessed.
  const both = verdict !== undefined && isObject(outcome) && 'error' in outcome;
  checkArgument(!both, 'outcome', '{ verdict } or { error }, not both', outcome);
  if (isObject(verdict)) {
    const { faithful } = verdict;
    checkArgument(typeof faithful === 'boolean', 'outcome.verdict.faithful', 'a boolean', faithful);
    return faithful ? 'faithful' : 'unfaithful';
  }
  checkArgument(isObject(outcome) && 'error' in outcome, 'outcome', '{ verdict } or { error }', outcome);
  return 'judge_error';
}
