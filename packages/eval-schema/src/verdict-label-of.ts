import { checkArgument, isObject } from '@gk/internal';
import { readArgument } from './read-argument.js';
import type { JudgeVerdictLabel } from './synthesis-report.js';

/** One judge call as a report sees it: the verdict it returned, or the error it threw instead. */
export type JudgeOutcome = { verdict: { faithful: boolean } } | { error: unknown };

/**
 * The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. Throws
 * `InvalidArgumentError` for anything but `{ verdict: { faithful: boolean } }` or `{ error }` (one, never both), and
 * for an outcome that throws when read.
 */
export function verdictLabelOf(outcome: JudgeOutcome): JudgeVerdictLabel {
  return readArgument('outcome', () => {
    // Each read once: a getter or proxy cannot show one check a verdict (or an error) and the next another.
    const object = isObject(outcome);
    const verdict: unknown = object ? (outcome as { verdict?: unknown }).verdict : undefined;
    const error = object && 'error' in outcome;
    // A call either returned a verdict or threw: an outcome with both is ambiguous, so it is refused, not guessed.
    checkArgument(
      !(verdict !== undefined && error),
      'outcome',
      '{ verdict } or { error }, not both',
      outcome,
    );
    if (isObject(verdict)) {
      const { faithful } = verdict;
      checkArgument(typeof faithful === 'boolean', 'outcome.verdict.faithful', 'a boolean', faithful);
      return faithful ? 'faithful' : 'unfaithful';
    }
    checkArgument(error, 'outcome', '{ verdict } or { error }', outcome);
    return 'judge_error';
  });
}
