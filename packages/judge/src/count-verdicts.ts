import type { JudgeVerdictLabel, SynthesisCounts } from '@gk/eval-schema';
import type { Verdict } from './verdict.js';

/** The judge counts a `SynthesisReport` holds; `faithful + unfaithful + judgeErrors = judged` always. */
export type VerdictCounts = Pick<SynthesisCounts, 'judged' | 'faithful' | 'unfaithful' | 'judgeErrors'>;

/** One judge call as the counter sees it: a verdict, or the error it threw instead. */
export type JudgeOutcome = { verdict: Pick<Verdict, 'faithful'> } | { error: unknown };

/** The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. */
export function verdictLabelOf(outcome: JudgeOutcome): JudgeVerdictLabel {
  if (!('verdict' in outcome)) return 'judge_error';
  return outcome.verdict.faithful === true ? 'faithful' : 'unfaithful';
}

/** An accumulator for judge outcomes; it counts and never throws on an unfaithful verdict. */
export interface VerdictCounter {
  /** Records one judge call. */
  record(outcome: JudgeOutcome): void;
  /** The counts so far, as a fresh object. */
  counts(): VerdictCounts;
}

/** Creates an empty {@link VerdictCounter}; any error thrown by a judge call counts as a judge error. */
export function createVerdictCounter(): VerdictCounter {
  const counts: VerdictCounts = { judged: 0, faithful: 0, unfaithful: 0, judgeErrors: 0 };
  return {
    record(outcome) {
      counts.judged += 1;
      const label = verdictLabelOf(outcome);
      if (label === 'faithful') counts.faithful += 1;
      else if (label === 'unfaithful') counts.unfaithful += 1;
      else counts.judgeErrors += 1;
    },
    counts: () => ({ ...counts }),
  };
}

/** Counts a list of judge outcomes for a `SynthesisReport`. */
export function countVerdicts(outcomes: Iterable<JudgeOutcome>): VerdictCounts {
  const counter = createVerdictCounter();
  for (const outcome of outcomes) counter.record(outcome);
  return counter.counts();
}
