import type { JudgeIdentity } from '@gk/eval-schema';
import { checkArgument, InvalidArgumentError, isObject, readOptions, readArgument } from '@gk/internal';
import {
  checkSettingValues,
  hashPromptTemplate,
  type LanguageModelObject,
  type PromptTemplate,
  resolveModel,
} from '@gk/model-kit';
import type { LanguageModel } from 'ai';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { hashCallSettings, type JudgeCallSettings } from './hash-call-settings.js';
import { checkJudgePrompt, copyTemplate } from './render-judge-prompt.js';

/**
 * Any AI SDK language model: an object, or a model id string resolved the way the AI SDK resolves it; its
 * `provider` and `modelId` become the recorded judge identity.
 */
export type JudgeModel = LanguageModel;

/** Options for {@link describeJudge}: the model, its prompt and the call settings it will be given. */
export interface DescribeJudgeOptions extends JudgeCallSettings {
  model: JudgeModel;
  /** The prompt template the judge will use; defaults to `defaultJudgePrompt`. */
  prompt?: PromptTemplate;
}

/**
 * The identity a judge will record, without calling it: provider and model id read from the model object, the
 * SHA-256 hex of the prompt template (`hashPromptTemplate`) and, when any call setting that may change a verdict is
 * given (temperature, `providerOptions`, ...), `settingsHash`; use it to pre-register before measuring.
 */
export async function describeJudge(options: DescribeJudgeOptions): Promise<JudgeIdentity> {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  const { model, prompt, ...settings } = readOptions(options);
  // A setting the AI SDK would drop (`reasoning` on AI SDK 6) would give an identity no call is ever made with.
  checkSettingValues(settings);
  const template = judgePromptOf(prompt === undefined ? defaultJudgePrompt : prompt, 'options.prompt');
  return identityOf(resolveModel(model), template, settings);
}

/**
 * The identity of an already resolved judge model with a checked template and the call settings it is given: the
 * model with other settings (a temperature, a token limit, a reasoning effort) is another judge to calibrate.
 */
export async function identityOf(
  model: LanguageModelObject,
  template: PromptTemplate,
  settings: Readonly<Record<string, unknown>> = {},
): Promise<JudgeIdentity> {
  const settingsHash = await hashCallSettings(settings);
  return {
    provider: model.provider,
    modelId: model.modelId,
    promptHash: await hashPromptTemplate(template),
    ...(settingsHash === undefined ? {} : { settingsHash }),
  };
}

/**
 * `template` as a plain `{ system, user }` copy, each part read once, or an `InvalidArgumentError` naming `parameter`
 * unless it is a usable judge prompt: the copy is what was checked, so render and hash it, never `template` again.
 */
export function judgePromptOf(template: unknown, parameter: string): PromptTemplate {
  const copy = readArgument(parameter, () => copyTemplate(template));
  const problem = checkJudgePrompt(copy);
  if (problem !== null) {
    throw new InvalidArgumentError({
      parameter,
      expected: `a { system, user } template with {{sources}} and {{answer}} once each and {{question}} at most once (${problem})`,
      received: template,
    });
  }
  return copy as PromptTemplate;
}
