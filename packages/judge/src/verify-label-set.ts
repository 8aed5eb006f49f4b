import { checkLabelSetHash, type LabelSet, safeParseLabelSet } from '@gk/eval-schema';

/** Why a label set cannot be trusted. */
export type LabelSetProblemCode = 'schema' | 'hash_mismatch' | 'rubric_not_in_prompt';

/** One reason a label set failed verification. */
export interface LabelSetProblem {
  code: LabelSetProblemCode;
  message: string;
}

/** Options for {@link verifyLabelSet}. */
export interface VerifyLabelSetOptions {
  /** The judge prompt template; when given, the set's rubric must occur in it verbatim. */
  prompt?: string;
}

/** A verified label set, or the problems that make it untrustworthy. */
export type VerifyLabelSetResult =
  | { valid: true; labelSet: LabelSet }
  | { valid: false; problems: LabelSetProblem[] };

/**
 * Checks a label set (parsed or raw JSON) before use: strict schema, stored hash equal to the recomputed one,
 * and, with `prompt`, the rubric the labellers followed is the one the judge is given.
 */
export async function verifyLabelSet(
  input: unknown,
  options: VerifyLabelSetOptions = {},
): Promise<VerifyLabelSetResult> {
  const parsed = safeParseLabelSet(input);
  if (!parsed.success) {
    return { valid: false, problems: [{ code: 'schema', message: parsed.error.message }] };
  }
  const labelSet = parsed.data;
  const problems: LabelSetProblem[] = [];
  const check = await checkLabelSetHash(labelSet);
  if (!check.success) problems.push({ code: 'hash_mismatch', message: check.error.message });
  if (options.prompt !== undefined && !options.prompt.includes(labelSet.rubric)) {
    problems.push({
      code: 'rubric_not_in_prompt',
      message:
        'the label set rubric does not occur verbatim in the judge prompt; labels and judge use different rubrics',
    });
  }
  return problems.length === 0 ? { valid: true, labelSet } : { valid: false, problems };
}
