// Public API of @gk/eval-schema. Explicit named exports only; this file is the contract.

// --- shared building blocks ---
export {
  Count,
  DocumentSpan,
  Identifier,
  IsoDateTime,
  JudgeIdentity,
  ModelIdentity,
  NullableRate,
  Rate,
  Sha256Hex,
  StageName,
} from './primitives.js';

// --- artifacts ---
export { EvalReport } from './eval-report.js';
export { RunConfig } from './run-config.js';
export { MetricSet, QueryResult, RetrievedHit, StageResult } from './stage-result.js';
export { countEchoCases, EchoCase, EchoCounts, EchoOutcome, EchoReport } from './echo-report.js';
export {
  countSynthesisRows,
  JudgeVerdictLabel,
  SynthesisCounts,
  SynthesisReport,
  SynthesisRow,
} from './synthesis-report.js';
export { JudgeVerdict } from './judge-verdict.js';
export { verdictLabelOf } from './verdict-label-of.js';
export type { JudgeOutcome } from './verdict-label-of.js';
export { checkLabelSetHash, hashLabelSet, LabelItem, LabelledPassage, LabelSet } from './label-set.js';
export type { UnhashedLabelSet } from './label-set.js';
export { CalibrationMetric, hashPreregistration, Preregistration } from './preregistration.js';
export {
  CalibrationReport,
  CalibrationRow,
  Disagreement,
  summarizeCalibrationRows,
} from './calibration-report.js';
export type { CalibrationSummary } from './calibration-report.js';

// --- parsing ---
export {
  parseCalibrationReport,
  parseEchoReport,
  parseEvalReport,
  parseLabelSet,
  parsePreregistration,
  parseSynthesisReport,
  SUPPORTED_SCHEMA_VERSIONS,
  safeParseCalibrationReport,
  safeParseEchoReport,
  safeParseEvalReport,
  safeParseLabelSet,
  safeParsePreregistration,
  safeParseSynthesisReport,
} from './safe-parse.js';
export type { SafeParseReportResult } from './safe-parse.js';
export { formatIssuePath, ReportParseError } from './report-parse-error.js';
export type { ReportIssue, ReportParseErrorCode } from './report-parse-error.js';
// Bad arguments throw this error (bundled from the private kit; recognised across copies by `isInstance`).
export { InvalidArgumentError } from '@gk/internal';

// --- hashes ---
export { hashCorpus } from './hash-corpus.js';
export type { HashableDocument } from './hash-corpus.js';
export { hashJudgments } from './hash-judgments.js';
export type { HashableGoldSpan, HashableJudgment } from './hash-judgments.js';

// --- retrieval metrics ---
export {
  hitRateAtK,
  meanReciprocalRank,
  precisionAtK,
  recallAtK,
  reciprocalRank,
} from './ranking-metrics.js';
export { ndcgAtK } from './ndcg-at-k.js';

// --- calibration metrics ---
export { agreementRate } from './agreement-rate.js';
export { ConfusionMatrix, confusionMatrix } from './confusion-matrix.js';
export type { VerdictPair } from './confusion-matrix.js';
export { precision, recall } from './class-metrics.js';
export type { VerdictClass } from './class-metrics.js';
