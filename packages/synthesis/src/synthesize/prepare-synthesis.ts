import { createAnswerVerifier, type Passage, type VerifyOptions } from '@gk/citations';
import {
  checkArgument,
  isBlank,
  isObject,
  isOptional,
  isPlainObject,
  readArgument,
  readOptions,
} from '@gk/internal';
import {
  checkModel,
  checkOptionKeys,
  checkSettingKeys,
  type LanguageModelObject,
  type PromptTemplate,
  resolveModel,
} from '@gk/model-kit';
import type { CallSettings, LanguageModel } from 'ai';
import type { SynthesisPolicy } from './apply-synthesis-policy.js';
import {
  assertPromptTemplate,
  DEFAULT_PROMPT,
  NO_SOURCE_TOKEN,
  type RenderedPrompt,
  renderPrompt,
} from './default-prompt.js';
import { copyPassages } from './copy-passages.js';
import { SynthesisError } from './synthesis-error.js';

/**
 * Options for `synthesize`; every AI SDK call setting (`temperature`, `maxOutputTokens`, ...) passes through, and
 * any other key (`tools`, `stopWhen`, `providerOptions`, `experimental_*`, ...) is refused.
 */
export interface SynthesizeOptions extends CallSettings {
  /**
   * Any AI SDK language model: a model object, or a model id string resolved the way the AI SDK resolves it
   * (global default provider, else the gateway); its `provider` and `modelId` are recorded in the result.
   */
  model: LanguageModel;
  question: string;
  /** The retrieved passages, shown to the model as sources `[1]..[n]`; `[n]` resolves to `passages[n - 1]`. */
  passages: readonly Passage[];
  /** A custom template (default `DEFAULT_PROMPT`); its SHA-256 is `promptHash`. */
  prompt?: PromptTemplate;
  /**
   * Options for `verifyAnswer`. The lexical support check is off unless you pass `support` (it over-refuses
   * paraphrase); `noSourceToken` defaults to `NO_SOURCE_TOKEN`.
   */
  verify?: VerifyOptions;
  /** `'reject-answer'` (default): any rejected claim fails the answer. `'drop-claims'`: survivors are kept. */
  policy?: SynthesisPolicy;
  /**
   * Opt-in: total model calls allowed when an attempt ends in a post-call `SynthesisError` (1..5, default 1).
   * The same prompt is sent again, nothing is repaired, and `attempts` records how many calls were made.
   * `maxRetries` is the AI SDK's transport retry (network errors, rate limits); it never re-prompts.
   */
  retry?: { maxAttempts: number };
}

/** Everything a synthesis call needs, checked once before any model call. */
export interface PreparedSynthesis {
  /** The model that answers, resolved once. */
  model: LanguageModelObject;
  /** The passages as read once: frozen plain copies, the only ones the prompt, the checks and the citations use. */
  passages: readonly Passage[];
  prompt: RenderedPrompt;
  /** Options for `verifyAnswer`, with the synthesis defaults applied. */
  verify: VerifyOptions;
  policy: SynthesisPolicy;
  maxAttempts: number;
  /** The AI SDK call settings, everything in the options that is not synthesis's own. */
  settings: CallSettings;
}

const RETRY_LIMIT = 5;

/** `synthesize`'s own options; every other key must be an AI SDK call setting. */
export const SYNTHESIS_OPTION_KEYS: ReadonlySet<string> = new Set([
  'model',
  'question',
  'passages',
  'prompt',
  'verify',
  'policy',
  'retry',
]);

/**
 * Refuses bad `synthesize` options with an `InvalidArgumentError`, synchronously and before any model call: a
 * key that is neither one of `own` (default `synthesize`'s) nor an AI SDK call setting (`tools` or `stopWhen` would
 * make the call a multi-step agent whose last step alone is read), the model, each option's type, the prompt
 * template and every `verify` option (a verifier is built to check them).
 */
export function checkSynthesisOptions(
  options: unknown,
  own: ReadonlySet<string> = SYNTHESIS_OPTION_KEYS,
): asserts options is SynthesizeOptions {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  checkSettingKeys(options as object, own);
  const { model, question, passages, prompt, verify, policy, retry } = options as Record<string, unknown>;
  checkModel(model, 'options.model');
  checkArgument(Array.isArray(passages), 'options.passages', 'an array of passages', passages);
  checkArgument(typeof question === 'string', 'options.question', 'a string', question);
  checkArgument(
    policy === undefined || policy === 'reject-answer' || policy === 'drop-claims',
    'options.policy',
    "'reject-answer' or 'drop-claims'",
    policy,
  );
  checkArgument(isOptional(verify, 'object'), 'options.verify', 'verifyAnswer options', verify);
  checkArgument(isOptional(retry, 'object'), 'options.retry', 'an object `{ maxAttempts }`', retry);
  if (retry !== undefined) checkOptionKeys(retry as object, ['maxAttempts'], 'options.retry');
  const requested = (retry as { maxAttempts?: unknown } | undefined)?.maxAttempts;
  const maxAttempts = requested === undefined ? 1 : requested;
  checkArgument(
    Number.isSafeInteger(maxAttempts) &&
      (maxAttempts as number) >= 1 &&
      (maxAttempts as number) <= RETRY_LIMIT,
    'options.retry.maxAttempts',
    `an integer in 1..${RETRY_LIMIT}`,
    maxAttempts,
  );
  if (prompt !== undefined) assertPromptTemplate(prompt, 'options.prompt');
  // Building a verifier checks the passages and every verify option now, before the model is called.
  createAnswerVerifier(passages as readonly Passage[], verifyOptionsOf(verify as VerifyOptions | undefined));
}

/**
 * `synthesize`'s (or `streamSynthesize`'s) options read once into a plain copy, so what is checked is what is used:
 * options that are no plain object, or whose fields throw when read (a getter or proxy of the caller's), are an
 * `InvalidArgumentError` naming the option. The passages are copied too, each field read once (`copyPassages`).
 */
export function readSynthesisOptions<T>(options: T): T {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  const copy = readOptions(options as object) as Record<string, unknown>;
  if (Object.hasOwn(copy, 'passages')) copy.passages = copyPassages(copy.passages);
  // The object-valued options are read once too, one level deep: a revoked proxy or a throwing getter among them is
  // refused with a code, naming the option, and what is checked is what is used.
  for (const name of ['verify', 'retry'] as const) {
    if (Object.hasOwn(copy, name))
      copy[name] = readArgument(`options.${name}`, () => shallowCopy(copy[name]));
  }
  if (Object.hasOwn(copy, 'prompt'))
    copy.prompt = readArgument('options.prompt', () => templateCopy(copy.prompt));
  return copy as T;
}

/** A plain object's own fields in a copy; anything else as it is, for the checks to refuse. */
function shallowCopy(value: unknown): unknown {
  return isObject(value) && isPlainObject(value) ? { ...value } : value;
}

/** A template's `system` and `user` (and any other field, for the check to refuse), each read once. */
function templateCopy(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { system, user, ...other } = value as Record<string, unknown>;
  return { ...other, system, user };
}

/**
 * Checks `synthesize`'s options and renders the prompt: bad options are an `InvalidArgumentError`, zero
 * passages and a blank question a `SynthesisError` (`no_passages`, `empty_question`); no model is called. The
 * passages are read once, and only that copy is checked, shown to the model and cited (ADR 0059).
 */
export async function prepareSynthesis(given: SynthesizeOptions): Promise<PreparedSynthesis> {
  const options = readSynthesisOptions(given);
  checkSynthesisOptions(options);
  const {
    model,
    question,
    passages,
    prompt = DEFAULT_PROMPT,
    verify,
    policy = 'reject-answer',
    retry,
    ...settings
  } = options;
  if (passages.length === 0) {
    throw new SynthesisError({
      code: 'no_passages',
      message: 'No passages to answer from; the model was not called.',
    });
  }
  if (isBlank(question)) {
    throw new SynthesisError({
      code: 'empty_question',
      message: 'The question is blank; the model was not called.',
    });
  }
  return {
    model: resolveModel(model),
    passages,
    prompt: await renderPrompt(prompt, { question, passages }),
    verify: verifyOptionsOf(verify),
    policy,
    maxAttempts: retry?.maxAttempts === undefined ? 1 : retry.maxAttempts,
    settings,
  };
}

/** `verify` with the synthesis defaults applied. */
function verifyOptionsOf(verify: VerifyOptions | undefined): VerifyOptions {
  return { noSourceToken: NO_SOURCE_TOKEN, support: false, ...verify };
}
