import type { PromptTemplate } from '@gk/model-kit';

/**
 * The rubric a human labeller and the default judge prompt share, verbatim; a label set records it so its
 * labels and the judge are measured against the same definition of faithful.
 */
export const faithfulnessRubric =
  'The answer is faithful only if every claim it makes is supported by the sources. A claim is unsupported ' +
  'if the sources do not state it, if it contradicts them, or if it adds a detail (a number, a name, a ' +
  'condition, an exception) that they do not contain. General knowledge does not count as support. ' +
  'Citation markers are not evidence by themselves; check the cited text.';

/**
 * The pinned default judge prompt: the instructions and rubric in `system`; `{{question}}`, `{{sources}}` (the
 * numbered passages from `formatSources`) and `{{answer}}` in `user`, filled in one pass (substituted text is
 * never scanned again). Changing one character of it changes `promptHash` and invalidates every calibration
 * made with it.
 */
export const defaultJudgePrompt: PromptTemplate = Object.freeze({
  system: `You are checking whether an answer is faithful to a fixed set of numbered sources.

Rubric: ${faithfulnessRubric}

Reply with exactly one JSON object and nothing else: no prose, no second object. It has exactly these keys:
- "faithful": the JSON boolean true or false (not a string);
- "unsupportedClaims": an array of strings, each an unsupported claim from the answer; empty when faithful is
  true, at least one entry when faithful is false;
- "reasoning": a short, non-empty explanation of the verdict.
Example shape: {"faithful": false, "unsupportedClaims": ["A claim the sources do not support."], "reasoning": "Why."}`,
  user: `Question:
<question>
{{question}}
</question>

Sources:
<sources>
{{sources}}
</sources>

Answer to check:
<answer>
{{answer}}
</answer>`,
});
