import { type Passage, safeDecodeJson } from '@gk/citations';
import type { JudgeIdentity } from '@gk/eval-schema';
import { excerpt, InvalidArgumentError, isBlank, readOptions } from '@gk/internal';
import {
  checkModel,
  checkSettingKeys,
  describeFinish,
  generateCompletion,
  isUnfinished,
  type LanguageModelObject,
  ModelStreamError,
  type PromptTemplate,
  resolveModel,
} from '@gk/model-kit';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { identityOf, type JudgeModel, judgePromptOf } from './describe-judge.js';
import type { JudgeCallSettings } from './hash-call-settings.js';
import { JudgeError } from './judge-error.js';
import { renderJudgePrompt } from './render-judge-prompt.js';
import { verdictSchema } from './verdict.js';

/**
 * Options for {@link judgeFaithfulness}; AI SDK call settings and `providerOptions` pass through (`maxRetries`
 * defaults to 0), and those that may change a verdict are hashed into the judge's `settingsHash`.
 */
export interface JudgeFaithfulnessOptions extends JudgeCallSettings {
  model: JudgeModel;
  question: string;
  answer: string;
  /** The passages the answer was written from, in the order they were numbered. */
  passages: readonly Passage[];
  /** A `{ system, user }` template with `{{sources}}` and `{{answer}}` once each and `{{question}}` at most once. */
  prompt?: PromptTemplate;
}

/** A verdict as returned: frozen, its list too. */
export interface FrozenVerdict {
  readonly faithful: boolean;
  readonly unsupportedClaims: readonly string[];
  readonly reasoning: string;
}

/**
 * An advisory verdict and the judge that gave it (`promptHash` is the SHA-256 hex of the template used,
 * `settingsHash` that of the call settings, present when any was given).
 */
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
 * // judge: { provider: 'openai.responses', modelId: 'gpt-4.1-mini', promptHash: '4fc595f9…' }
 */
export async function judgeFaithfulness(options: JudgeFaithfulnessOptions): Promise<JudgeFaithfulnessResult> {
  const { model, ...rest } = checkOptions(options);
  return judgeWith(resolveModel(model), rest);
}

/** {@link judgeFaithfulness} with the model already resolved and the options already checked. */
export async function judgeWith(
  model: LanguageModelObject,
  options: Omit<JudgeFaithfulnessOptions, 'model'>,
): Promise<JudgeFaithfulnessResult> {
  const { question, answer, passages, prompt: template = defaultJudgePrompt, ...settings } = options;
  if (passages.length === 0) {
    throw new JudgeError({
      code: 'no_passages',
      message: 'Cannot judge faithfulness against zero passages.',
    });
  }
  if (isBlank(answer)) {
    throw new JudgeError({ code: 'empty_answer', message: 'Cannot judge a blank answer.' });
  }
  const prompt = renderJudgePrompt(template, { question, answer, passages });
  const judge = await identityOf(model, template, settings);
  const { text, finishReason, rawFinishReason } = await generateCompletion({
    model,
    prompt,
    settings: { maxRetries: 0, ...settings },
    // A verdict is decoded whole, as strict JSON: a reply one of the caller's stop sequences cut inside it never
    // decodes, and one cut after it holds the whole verdict. So no sentence's end is asked of it.
    endsWhole: () => true,
  }).catch((error: unknown) => {
    // A reply with a tool call or a second step is no verdict: refused as such, the ModelStreamError its cause.
    if (!ModelStreamError.isInstance(error)) throw error;
    // A whole reply holds no interleaved text parts (a stream's refusal): its codes are these two.
    const code = error.code as 'tool_call' | 'part_after_finish';
    throw new JudgeError({ code, message: error.message, cause: error, judge });
  });

  if (finishReason === 'content-filter') {
    throw new JudgeError({
      code: 'content_filter',
      message:
        "The provider stopped the judge's reply with finish reason 'content-filter'; a filtered reply is never a verdict.",
      judge,
    });
  }
  // A reply cut at the output limit, by an error or a closed connection is no verdict, even when it decodes (ADR 0032).
  if (isUnfinished(finishReason, rawFinishReason)) {
    throw new JudgeError({
      code: 'unfinished',
      message: `The judge did not finish its reply (finish reason ${describeFinish(finishReason, rawFinishReason)}); an unfinished reply is never a verdict.`,
      judge,
    });
  }
  if (text.length === 0) {
    throw new JudgeError({
      code: 'empty_completion',
      message: `The judge returned no text (finish reason: ${finishReason}); expected one JSON verdict.`,
      judge,
    });
  }
  const decoded = safeDecodeJson(text, verdictSchema);
  if (!decoded.success) {
    const shown = excerpt(text);
    throw new JudgeError({
      code: decoded.error.code,
      message: `The judge's reply is not a valid verdict: ${decoded.error.message} Received ${text.length} characters starting ${JSON.stringify(shown)}.`,
      cause: decoded.error,
      excerpt: shown,
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

/**
 * `judgeFaithfulness`'s own options and `providerOptions` (hashed into the judge's identity); any other key must be
 * an AI SDK call setting: `tools` or `stopWhen` would make the judge an agent whose last step alone is read.
 */
const JUDGE_OPTION_KEYS: ReadonlySet<string> = new Set([
  'model',
  'question',
  'answer',
  'passages',
  'prompt',
  'providerOptions',
]);

/**
 * Refuses options of the wrong shape with an `InvalidArgumentError` naming the option, before any call; returns them
 * as a copy, each option read once (the prompt a plain `{ system, user }` copy), so what was checked is what is used.
 */
export function checkOptions(options: JudgeFaithfulnessOptions): JudgeFaithfulnessOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError({
      parameter: 'options',
      expected: 'an options object',
      received: options,
    });
  }
  // Each option read once, into a copy (a getter that throws is refused, naming it): `options` is not read again.
  const { model, question, answer, passages, prompt, ...settings } = readOptions(options);
  checkSettingKeys(settings, JUDGE_OPTION_KEYS);
  checkModel(model, 'options.model');
  for (const [name, value] of [
    ['question', question],
    ['answer', answer],
  ] as const) {
    if (typeof value !== 'string') {
      throw new InvalidArgumentError({ parameter: `options.${name}`, expected: 'a string', received: value });
    }
  }
  if (!Array.isArray(passages)) {
    throw new InvalidArgumentError({
      parameter: 'options.passages',
      expected: 'an array of passages',
      received: passages,
    });
  }
  return {
    ...settings,
    model,
    question,
    answer,
    // One read of the list (its length, each item): the count checked is the list the prompt shows.
    passages: Array.prototype.slice.call(passages) as Passage[],
    ...(prompt === undefined ? {} : { prompt: judgePromptOf(prompt, 'options.prompt') }),
  };
}
