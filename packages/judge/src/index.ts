// Public API of @gk/judge. Explicit named exports only; this file is the contract.

// --- the advisory judge ---
export { judgeFaithfulness } from './faithfulness/index.js';
export type {
  FrozenVerdict,
  JudgeFaithfulnessOptions,
  JudgeFaithfulnessResult,
} from './faithfulness/index.js';
export { describeJudge } from './faithfulness/index.js';
export type { DescribeJudgeOptions, JudgeCallSettings, JudgeModel } from './faithfulness/index.js';
export { verdictSchema } from './faithfulness/index.js';
export type { Verdict } from './faithfulness/index.js';
export { JudgeError } from './faithfulness/index.js';
export type { JudgeErrorCode, JudgeErrorOptions } from './faithfulness/index.js';
export { InvalidArgumentError } from '@gk/internal';
export { defaultJudgePrompt, faithfulnessRubric } from './faithfulness/index.js';
export { checkJudgePrompt, judgePromptPlaceholders, renderJudgePrompt } from './faithfulness/index.js';
export type { RenderJudgePromptInput } from './faithfulness/index.js';
export { hashPromptTemplate } from '@gk/model-kit';
export type { PromptTemplate } from '@gk/model-kit';
export { countVerdicts, createVerdictCounter } from './faithfulness/index.js';
export type { VerdictCounter, VerdictCounts } from './faithfulness/index.js';
export { verdictLabelOf } from '@gk/eval-schema';
export type { JudgeOutcome } from '@gk/eval-schema';

// --- calibration, in the order it is run ---
export { createLabelSet } from './calibration/index.js';
export type { CreateLabelSetOptions } from './calibration/index.js';
export { verifyLabelSet } from './calibration/index.js';
export type {
  LabelSetProblem,
  LabelSetProblemCode,
  LabelSetRefusal,
  VerifyLabelSetOptions,
  VerifyLabelSetResult,
} from './calibration/index.js';
export { preregister } from './calibration/index.js';
export type { PreregisterOptions } from './calibration/index.js';
export { checkPreregistration } from './calibration/index.js';
export type {
  CheckPreregistrationOptions,
  CheckPreregistrationResult,
  PreregistrationProblem,
  PreregistrationProblemCode,
  PreregistrationRefusal,
} from './calibration/index.js';
export { measureAgreement } from './calibration/index.js';
export type { MeasureAgreementOptions, MeasureAgreementResult } from './calibration/index.js';
export { buildCalibrationReport } from './calibration/index.js';
export type {
  BuildCalibrationReportOptions,
  BuildCalibrationReportResult,
  CalibrationOutcome,
  CalibrationRefusal,
  OutcomeProblem,
  OutcomesRefusal,
} from './calibration/index.js';
export { analyzeDisagreements } from './calibration/index.js';
export type { ClassAnalysis, DisagreementAnalysis, LabelClass } from './calibration/index.js';
export { assessGateReadiness, MIN_LABELS_PER_CLASS } from './calibration/index.js';
export type {
  AssessGateReadinessOptions,
  GateReadiness,
  ReadinessCondition,
  ReadinessConditionId,
} from './calibration/index.js';
