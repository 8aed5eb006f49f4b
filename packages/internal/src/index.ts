// Shared by the published @gk packages and bundled into each by tsup; never a runtime dependency.
export { GroundkitError } from './groundkit-error.js';
export { describeValue, InvalidArgumentError } from './invalid-argument-error.js';
export type { InvalidArgumentErrorOptions } from './invalid-argument-error.js';
export {
  checkArgument,
  checkOptions,
  checkPlainOptions,
  errorOptions,
  EXPECTED_OPTIONS,
  isObject,
  isPlainObject,
  isOptional,
  checkOptionalDate,
  isValidDate,
} from './check-argument.js';
export { checkOptionKeys } from './check-option-keys.js';
export { readArgument } from './read-argument.js';
export { refuseFirstIssue } from './refuse-first-issue.js';
export type { SchemaIssues } from './refuse-first-issue.js';
export { readOptions, readRequiredOptions } from './read-options.js';
export { excerpt } from './excerpt.js';
export { formatNumberList } from './format-number-list.js';
export { hasInvisible, INVISIBLE_CLASS, isBlank, isInvisible, stripInvisible } from './invisible.js';
export { sha256Hex } from './sha256-hex.js';
export type { Result } from './result.js';
export { StringMap, StringSet } from './string-map.js';
export { clopperPearsonLowerBound } from './clopper-pearson-lower-bound.js';
export { countBelow } from './count-below.js';
export { findRuns, replaceRuns, runClass, shortenRuns } from './find-runs.js';
export { wholeRun } from './whole-run.js';
export type { RunClass } from './find-runs.js';
