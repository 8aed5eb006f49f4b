import { checkArgument, isObject, refuseFirstIssue } from '@gk/internal';
import { JudgeVerdict } from './judge-verdict.js';
import { readArgument } from './read-argument.js';
import type { JudgeVerdictLabel } from './synthesis-report.js';

/** One judge call as a report sees it: the verdict it returned (a `JudgeVerdict`), or the error it threw instead. */
export type JudgeOutcome =
  | { verdict: { faithful: boolean; unsupportedClaims: readonly string[]; reasoning: string } }
  | { error: unknown };

/**
 * The `SynthesisRow.verdict` label for one judge call: `faithful`, `unfaithful` or `judge_error`. Throws
 * `InvalidArgumentError` for anything but `{ verdict }` or `{ error }` (one, never both), for a verdict the judge
 * would refuse (`judgeFaithfulness` as `schema`, `buildCalibrationReport` as a bad argument: an unknown or missing
 * field, `faithful: true` with unsupported claims, `faithful: false` without, blank reasoning or a blank claim; the
 * parameter names the field), and for an outcome that throws when read.
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
      // The verdict is parsed once, into a copy, and only the copy is read.
      const parsed = JudgeVerdict.safeParse(verdict);
      if (!parsed.success) {
        throw refuseFirstIssue(
          'outcome.verdict',
          'a judge verdict { faithful, unsupportedClaims, reasoning }',
          parsed.error,
          verdict,
        );
      }
      return parsed.data.faithful ? 'faithful' : 'unfaithful';
    }
    checkArgument(error, 'outcome', '{ verdict } or { error }', outcome);
    return 'judge_error';
  });
}
