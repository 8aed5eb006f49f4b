// Public API of @gk/echo-check. Explicit named exports only; this file is the contract.

export { type AssertEchoCleanOptions, assertEchoClean } from './assert-echo-clean.js';
export {
  type BuildEchoCaseOptions,
  buildEchoCase,
  type EchoCase,
  type EchoDocument,
} from './build-echo-case.js';
export { containsMarker } from './contains-marker.js';
export {
  EchoCheckError,
  type EchoCheckErrorCode,
  type EchoCheckErrorOptions,
  type EchoFailure,
} from './echo-check-error.js';
export { ECHO_TEMPLATES, type EchoTemplate } from './echo-templates.js';
// Bad options throw this error (bundled from the private kit; recognised across copies by `isInstance`).
export { InvalidArgumentError } from '@gk/internal';
export { ECHO_MARKER_PREFIX, generateMarker } from './generate-marker.js';
export { isPipelineRejection, type PipelineRejection } from './is-pipeline-rejection.js';
export {
  type EchoPipeline,
  type EchoPipelineInput,
  type EchoProgress,
  type RunEchoCheckOptions,
  type RunEchoCheckResult,
  runEchoCheck,
} from './run-echo-check.js';
export {
  type EchoAnswer,
  type EchoCaseResponse,
  type EchoCaseScore,
  type EchoSynthesizedAnswer,
  type PlantedMarker,
  type ScoreEchoCaseOptions,
  scoreEchoCase,
} from './score-echo-case.js';
