import type { JudgeIdentity } from '@gk/eval-schema';
import type { LanguageModel } from 'ai';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { hashText } from './hash-text.js';
import { resolveModel } from './resolve-model.js';

/**
 * Any AI SDK language model: an object, or a model id string resolved the way the AI SDK resolves it; its
 * `provider` and `modelId` become the recorded judge identity.
 */
export type JudgeModel = LanguageModel;

/** Options for {@link describeJudge}. */
export interface DescribeJudgeOptions {
  model: JudgeModel;
  /** The prompt template the judge will use; defaults to `defaultJudgePrompt`. */
  prompt?: string;
}

/**
 * The identity a judge will record, without calling it: provider and model id read from the model object and
 * the SHA-256 hex of the prompt template; use it to pre-register before measuring.
 */
export async function describeJudge(options: DescribeJudgeOptions): Promise<JudgeIdentity> {
  const model = resolveModel(options.model);
  return {
    provider: model.provider,
    modelId: model.modelId,
    promptHash: await hashText(options.prompt ?? defaultJudgePrompt),
  };
}
