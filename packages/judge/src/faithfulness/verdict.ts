import { JudgeVerdict } from '@gk/eval-schema';

/**
 * The strict shape of a judge verdict: unknown keys are rejected, nothing is coerced, and `faithful` must agree
 * with `unsupportedClaims` (faithful ⇔ no unsupported claim listed). The one verdict rule, `JudgeVerdict` of
 * `@gk/eval-schema`, which counts verdicts in reports by the same rule.
 */
export const verdictSchema = JudgeVerdict;

/** A decoded judge verdict: advisory, a yes or no with the claims behind a no, never a number. */
export type Verdict = JudgeVerdict;
