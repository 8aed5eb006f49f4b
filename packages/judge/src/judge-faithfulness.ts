import { type Passage, safeDecodeJson } from '@gk/citations';
import type { JudgeIdentity } from '@gk/eval-schema';
import { type CallSettings, generateText } from 'ai';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { describeJudge, type JudgeModel } from './describe-judge.js';
import { resolveModel } from './resolve-model.js';
import { excerptOf, JudgeError } from './judge-error.js';
import { checkJudgePrompt, renderJudgePrompt } from './render-judge-prompt.js';
import { verdictSchema } from './verdict.js';

/** Options for {@link judgeFaithfulness}; AI SDK call settings pass through, `maxRetries` defaults to 0. */
export interface JudgeFaithfulnessOptions extends CallSettings {
  model: JudgeModel;
  question: string;
  answer: string;
  /** The passages the answer was written from, in the order they were numbered. */
  passages: readonly Passage[];
  /** A template with `{{sources}}` and `{{answer}}` once each and `{{question}}` at most once. */
  prompt?: string;
}

/** A verdict as returned: frozen, its list too. */
export interface FrozenVerdict {
  readonly faithful: boolean;
  readonly unsupportedClaims: readonly string[];
  readonly reasoning: string;
}

/** An advisory verdict and the judge that gave it (`promptHash` is the SHA-256 hex of the template used). */
export interface JudgeFaithfulnessResult {
  verdict: FrozenVerdict;
  judge: JudgeIdentity;
}

/**
 * Asks a second model whether `answer` is supported by `passages`, in one call, and decodes its reply
 * strictly; the verdict is advisory and nothing in this package turns it into a failure.
 *
 * @example
 * const { verdict, judge } = await judgeFaithfulness({ model, question, answer, passages });
 * // verdict: { faithful: false, unsupportedClaims: ['...'], reasoning: '...' }
 * // judge: { provider: 'openai.responses', modelId: 'gpt-4.1-mini', promptHash: 'b94aa865…' }
 */
export async function judgeFaithfulness(options: JudgeFaithfulnessOptions): Promise<JudgeFaithfulnessResult> {
  const { model: requested, question, answer, passages, prompt, ...callSettings } = options;
  const model = resolveModel(requested);
  const template = prompt ?? defaultJudgePrompt;
  const problem = checkJudgePrompt(template);
  if (problem !== null) {
    throw new JudgeError({
      code: 'invalid_prompt',
      message: `Judge prompt template is unusable: ${problem}.`,
    });
  }
  if (passages.length === 0) {
    throw new JudgeError({
      code: 'no_passages',
      message: 'Cannot judge faithfulness against zero passages.',
    });
  }
  if (answer.trim().length === 0) {
    throw new JudgeError({ code: 'empty_answer', message: 'Cannot judge a blank answer.' });
  }
  const judge = await describeJudge({ model, prompt: template });

  const result = await generateText({
    maxRetries: 0,
    ...callSettings,
    model,
    prompt: renderJudgePrompt(template, { question, answer, passages }),
  });

  if (result.text.length === 0) {
    throw new JudgeError({
      code: 'empty_completion',
      message: `The judge returned no text (finish reason: ${result.finishReason}); expected one JSON verdict.`,
      judge,
    });
  }
  const decoded = safeDecodeJson(result.text, verdictSchema);
  if (!decoded.success) {
    const excerpt = excerptOf(result.text);
    throw new JudgeError({
      code: decoded.error.code,
      message: `The judge's reply is not a valid verdict: ${decoded.error.message} Received ${result.text.length} characters starting ${JSON.stringify(excerpt)}.`,
      cause: decoded.error,
      excerpt,
      judge,
    });
  }
  return {
    verdict: Object.freeze({
      faithful: decoded.data.faithful,
      unsupportedClaims: Object.freeze([...decoded.data.unsupportedClaims]),
      reasoning: decoded.data.reasoning,
    }),
    judge,
  };
}
