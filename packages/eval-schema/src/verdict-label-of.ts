import type { JudgeVerdictLabel } from './synthesis-report.js';

/** One judge call as a report sees it: the verdict it returned, or the error it threw instead. */
export type JudgeOutcome = { verdict: { faithful: boolean } } | { error: unknown };

/** The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. */
export function verdictLabelOf(outcome: JudgeOutcome): JudgeVerdictLabel {
  if (!('verdict' in outcome)) return 'judge_error';
  return outcome.verdict.faithful === true ? 'faithful' : 'unfaithful';
}
