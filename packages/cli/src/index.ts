// Public API of @gk/cli: the types a `gk eval` pipeline module implements, and the library functions the
// commands are built from, for use without a shell. Explicit named exports only; this file is the contract.

export { runCli } from './run-cli.js';
export type { CliIo, ExitCode } from './cli-io.js';
export { InputError } from './input-error.js';
export type { InputErrorCode, InputErrorOptions } from './input-error.js';

// --- gk verify ---
export { FIELD_MAP_PRESETS, NATIVE_MAP, compileFieldMap, PASSAGE_FIELDS } from './verify/field-map.js';
export type { CompiledFieldMap, FieldMap, PassageField } from './verify/field-map.js';
export { mapRecord } from './verify/map-record.js';
export { DEFAULT_MAX_RESOLVED_BYTES } from './verify/max-resolved-bytes.js';
export type {
  DocumentLookup,
  LineIssue,
  LineIssueCode,
  MappedRecord,
  MapRecordOptions,
  MapRecordResult,
} from './verify/map-record.js';
export { verifyLine } from './verify/verify-line.js';
export type { VerifiedLine, VerifyLineContext, VerifyLineResult } from './verify/verify-line.js';
export { runVerify } from './verify/run-verify.js';
export type { LineSink, RunVerifyOptions } from './verify/run-verify.js';
export type { VerifySettings } from './verify/verify-settings.js';
export type { VerifyRun, VerifySummary } from './verify/verify-summary.js';
export { mergeVerifySummaries } from './verify/merge-verify-summaries.js';
export { parseVerifyOptions } from './verify/parse-verify-options.js';
export type { ParseVerifyOptionsResult } from './verify/parse-verify-options.js';

// --- gk report ---
export { readReportInput } from './report/read-report-input.js';
export type { ReportInput } from './report/read-report-input.js';
export { renderReportPage, renderReportPageParts } from './report/render-report-page.js';

// --- gk eval ---
export { runEval } from './eval/run-eval.js';
export type { RunEvalOptions } from './eval/run-eval.js';
export { compareEvalReports } from './eval/compare-eval-reports.js';
export type { EvalComparison, MetricDelta } from './eval/compare-eval-reports.js';
export type {
  EvalAnswer,
  EvalChunk,
  EvalHit,
  EvalPipeline,
  EvalPipelineExport,
  EvalQuestion,
  EvalSetup,
} from './eval/eval-pipeline.js';
