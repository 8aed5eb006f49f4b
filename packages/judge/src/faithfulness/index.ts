export { judgeFaithfulness } from './judge-faithfulness.js';
export type {
  FrozenVerdict,
  JudgeFaithfulnessOptions,
  JudgeFaithfulnessResult,
} from './judge-faithfulness.js';
export { describeJudge } from './describe-judge.js';
export type { DescribeJudgeOptions, JudgeModel } from './describe-judge.js';
export type { JudgeCallSettings } from './hash-call-settings.js';
export { verdictSchema } from './verdict.js';
export type { Verdict } from './verdict.js';
export { JudgeError } from './judge-error.js';
export type { JudgeErrorCode, JudgeErrorOptions } from './judge-error.js';
export { defaultJudgePrompt, faithfulnessRubric } from './default-judge-prompt.js';
export { checkJudgePrompt, judgePromptPlaceholders, renderJudgePrompt } from './render-judge-prompt.js';
export type { RenderJudgePromptInput } from './render-judge-prompt.js';
export { countVerdicts, createVerdictCounter } from './count-verdicts.js';
export type { VerdictCounter, VerdictCounts } from './count-verdicts.js';
