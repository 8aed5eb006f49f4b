import { checkArgument, isObject } from '@gk/internal';
import type { JudgeVerdictLabel } from './synthesis-report.js';

/** One judge call as a report sees it: the verdict it returned, or the error it threw instead. */
export type JudgeOutcome = { verdict: { faithful: boolean } } | { error: unknown };

/**
 * The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. Throws
 * `InvalidArgumentError` for anything but `{ verdict: { faithful: boolean } }` or `{ error }`.
 */
export function verdictLabelOf(outcome: JudgeOutcome): JudgeVerdictLabel {
  const verdict: unknown = isObject(outcome) ? (outcome as { verdict?: unknown }).verdict : undefined;
  if (isObject(verdict)) {
    const { faithful } = verdict;
    checkArgument(typeof faithful === 'boolean', 'outcome.verdict.faithful', 'a boolean', faithful);
    return faithful ? 'faithful' : 'unfaithful';
  }
  checkArgument(isObject(outcome) && 'error' in outcome, 'outcome', '{ verdict } or { error }', outcome);
  return 'judge_error';
}
