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
export { assessGateReadiness, MIN_LABELS_PER_CLASS } from './assess-gate-readiness.js';
export type {
  AssessGateReadinessOptions,
  GateReadiness,
  ReadinessCondition,
  ReadinessConditionId,
} from './assess-gate-readiness.js';
