// Public API of @gk/judge. Explicit named exports only; this file is the contract.

// --- the advisory judge ---
export { judgeFaithfulness } from './judge-faithfulness.js';
export type {
  FrozenVerdict,
  JudgeFaithfulnessOptions,
  JudgeFaithfulnessResult,
} from './judge-faithfulness.js';
export { describeJudge } from './describe-judge.js';
export type { DescribeJudgeOptions, JudgeModel } from './describe-judge.js';
export { verdictSchema } from './verdict.js';
export type { Verdict } from './verdict.js';
export { JudgeError } from './judge-error.js';
export type { JudgeErrorCode, JudgeErrorOptions } from './judge-error.js';
export { InvalidArgumentError } from '@gk/internal';
export { defaultJudgePrompt, faithfulnessRubric } from './default-judge-prompt.js';
export { checkJudgePrompt, judgePromptPlaceholders, renderJudgePrompt } from './render-judge-prompt.js';
export type { RenderJudgePromptInput } from './render-judge-prompt.js';
export { hashPromptTemplate } from '@gk/model-kit';
export type { PromptTemplate } from '@gk/model-kit';
export { countVerdicts, createVerdictCounter } from './count-verdicts.js';
export type { VerdictCounter, VerdictCounts } from './count-verdicts.js';
export { verdictLabelOf } from '@gk/eval-schema';
export type { JudgeOutcome } from '@gk/eval-schema';

// --- calibration, in the order it is run ---
export { createLabelSet } from './create-label-set.js';
export type { CreateLabelSetOptions } from './create-label-set.js';
export { verifyLabelSet } from './verify-label-set.js';
export type {
  LabelSetProblem,
  LabelSetProblemCode,
  LabelSetRefusal,
  VerifyLabelSetOptions,
  VerifyLabelSetResult,
} from './verify-label-set.js';
export { preregister } from './preregister.js';
export type { PreregisterOptions } from './preregister.js';
export { checkPreregistration } from './check-preregistration.js';
export type {
  CheckPreregistrationOptions,
  CheckPreregistrationResult,
  PreregistrationProblem,
  PreregistrationProblemCode,
  PreregistrationRefusal,
} from './check-preregistration.js';
export { measureAgreement } from './measure-agreement.js';
export type { MeasureAgreementOptions, MeasureAgreementResult } from './measure-agreement.js';
export { buildCalibrationReport } from './build-calibration-report.js';
export type {
  BuildCalibrationReportOptions,
  BuildCalibrationReportResult,
  CalibrationOutcome,
  CalibrationRefusal,
  OutcomeProblem,
  OutcomesRefusal,
} from './build-calibration-report.js';
export { analyzeDisagreements } from './analyze-disagreements.js';
export type { ClassAnalysis, DisagreementAnalysis, LabelClass } from './analyze-disagreements.js';
export { assessGateReadiness } from './assess-gate-readiness.js';
export type {
  AssessGateReadinessOptions,
  GateReadiness,
  ReadinessCondition,
  ReadinessConditionId,
} from './assess-gate-readiness.js';
