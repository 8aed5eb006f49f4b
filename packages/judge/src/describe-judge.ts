import type { JudgeIdentity } from '@gk/eval-schema';
import type { LanguageModel } from 'ai';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { hashText } from './hash-text.js';

/** A language model object; its `provider` and `modelId` become the recorded judge identity. */
export type JudgeModel = Exclude<LanguageModel, string>;

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
  return {
    provider: options.model.provider,
    modelId: options.model.modelId,
    promptHash: await hashText(options.prompt ?? defaultJudgePrompt),
  };
}
