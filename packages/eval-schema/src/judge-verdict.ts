import { isBlank } from '@gk/internal';
import { z } from 'zod';

// Visible means what `isBlank` says: whitespace and invisible characters (Default_Ignorable_Code_Point and the
// bidi controls) do not count as content; the text itself is kept unchanged.
const nonBlank = (what: string): z.ZodString =>
  z.string().refine((text) => !isBlank(text), `${what} must contain visible text`);

/**
 * The one verdict rule: the strict shape of a judge verdict, as `judgeFaithfulness` of `@gk/judge` decodes it (its
 * `verdictSchema` is this schema) and as a report counts it. Unknown keys are rejected, nothing is coerced, and
 * `faithful` must agree with `unsupportedClaims` (faithful ⇔ no unsupported claim listed).
 */
export const JudgeVerdict = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Whether every claim in the answer is supported by the numbered passages. */
      faithful: z.boolean(),
      /** The answer's claims the judge found unsupported, quoted or paraphrased; empty when faithful. */
      unsupportedClaims: z.array(nonBlank('an unsupported claim')),
      /** The judge's explanation, kept for a human reader; never parsed for meaning. */
      reasoning: nonBlank('reasoning'),
    })
    .check((context) => {
      const { faithful, unsupportedClaims } = context.value;
      if (faithful && unsupportedClaims.length > 0) {
        context.issues.push({
          code: 'custom',
          input: context.value,
          path: ['unsupportedClaims'],
          message: 'a faithful verdict must not list unsupported claims',
        });
      }
      // An unfaithful verdict must name what is unsupported, or nobody can check or act on it.
      if (!faithful && unsupportedClaims.length === 0) {
        context.issues.push({
          code: 'custom',
          input: context.value,
          path: ['unsupportedClaims'],
          message: 'an unfaithful verdict must list at least one unsupported claim',
        });
      }
    }))();

/** A decoded judge verdict: advisory, a yes or no with the claims behind a no, never a number. */
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;
