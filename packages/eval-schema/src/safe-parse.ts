import { describeValue, excerpt, formatNumberList, isObject } from '@gk/internal';
import type { z } from 'zod';
import { CalibrationReport } from './calibration-report.js';
import { EchoReport } from './echo-report.js';
import { EvalReport } from './eval-report.js';
import { copyValue } from './copy-value.js';
import { findDuplicateKey } from './find-duplicate-key.js';
import { findLongKey, MAX_REPORT_KEY_LENGTH } from './find-long-key.js';
import { LabelSet } from './label-set.js';
import { Preregistration } from './preregistration.js';
import { type ReportIssue, ReportParseError } from './report-parse-error.js';
import { SynthesisReport } from './synthesis-report.js';

/** The `schemaVersion` values this package reads. */
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [1];

/** Zod-shaped result of parsing an artifact: the typed data, or a `ReportParseError` naming the field. */
export type SafeParseReportResult<T> =
  | { success: true; data: T }
  | { success: false; error: ReportParseError };

function versionMessage(received: unknown): string {
  const shown = received === undefined ? 'no schemaVersion' : excerpt(showValue(received), { length: 40 });
  const versions = formatNumberList(SUPPORTED_SCHEMA_VERSIONS, { bracket: false });
  return `unsupported schemaVersion: this package reads version ${versions}; received ${shown}`;
}

/** A value as JSON, or described by its type when JSON cannot write it (a bigint, a cycle, a throwing `toJSON`). */
function showValue(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // Described below.
  }
  return describeValue(value);
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function toIssues(error: z.ZodError, input: unknown): ReportIssue[] {
  const issues: ReportIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({
          code: 'unknown_key',
          path: [...path, key],
          message: 'unknown key (this schema version does not have it)',
        });
      }
    } else if (issue.code === 'custom') {
      issues.push({ code: 'rule', path, message: issue.message });
    } else if (path.at(-1) === 'schemaVersion') {
      issues.push({ code: 'unsupported_version', path, message: versionMessage(valueAt(input, path)) });
    } else {
      issues.push({ code: 'invalid_field', path, message: issue.message });
    }
  }
  // A wrong version explains everything else, so it is reported first.
  return issues.sort(
    (a, b) => Number(b.code === 'unsupported_version') - Number(a.code === 'unsupported_version'),
  );
}

/** Parses an artifact (a JSON string or an already-parsed value) with `schema`, mapping failures to a `ReportParseError`. */
export function safeParseArtifact<T>(
  schema: z.ZodType<T>,
  artifact: string,
  input: unknown,
): SafeParseReportResult<T> {
  let value = input;
  if (typeof input === 'string') {
    // One leading byte order mark (an editor's) is dropped, as the citations decoders and `gk` drop it.
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const long = findLongKey(text);
    if (long !== undefined) {
      const issue: ReportIssue = {
        code: 'key_too_long',
        path: long.path,
        message: `a key of ${long.length.toLocaleString('en-US')} characters is longer than ${MAX_REPORT_KEY_LENGTH.toLocaleString('en-US')} (no report key comes near it); refused unparsed`,
      };
      return { success: false, error: new ReportParseError(artifact, [issue]) };
    }
    try {
      value = JSON.parse(text);
    } catch (cause) {
      const error = new ReportParseError(
        artifact,
        [{ code: 'not_json', path: [], message: 'expected JSON text' }],
        { cause },
      );
      return { success: false, error };
    }
    const duplicate = findDuplicateKey(text);
    if (duplicate !== undefined) {
      const key = excerpt(JSON.stringify(duplicate.at(-1)), { length: 60 });
      const issue: ReportIssue = {
        code: 'duplicate_key',
        path: duplicate,
        message: `duplicate key ${key} (readers differ on which copy counts, so the text is refused)`,
      };
      return { success: false, error: new ReportParseError(artifact, [issue]) };
    }
  }
  // Read once into a plain copy: the version, the schema and an issue's message all see what the check saw.
  const { copy, fault } = copyValue(value);
  if (fault !== undefined) {
    const issue: ReportIssue = {
      code: 'invalid_field',
      path: fault.path,
      message: `expected ${fault.expected}`,
    };
    const options = 'cause' in fault ? { cause: fault.cause } : undefined;
    return { success: false, error: new ReportParseError(artifact, [issue], options) };
  }
  if (isObject(copy) && !SUPPORTED_SCHEMA_VERSIONS.includes(copy.schemaVersion as number)) {
    const issue: ReportIssue = {
      code: 'unsupported_version',
      path: ['schemaVersion'],
      message: versionMessage(copy.schemaVersion),
    };
    return { success: false, error: new ReportParseError(artifact, [issue]) };
  }
  const result = schema.safeParse(copy);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    error: new ReportParseError(artifact, toIssues(result.error, copy), { cause: result.error }),
  };
}

/**
 * Builds the non-throwing parser of one artifact, as zod builds `safeParse`: `schema` is read on the first call,
 * so a bundle that never parses this artifact can leave its schema out.
 */
function createSafeParse<T>(
  artifact: string,
  schema: () => z.ZodType<T>,
): (input: unknown) => SafeParseReportResult<T> {
  return (input) => safeParseArtifact(schema(), artifact, input);
}

/** Builds the throwing twin of a non-throwing parser: the data, or the `ReportParseError` thrown. */
function createParse<T>(safeParse: (input: unknown) => SafeParseReportResult<T>): (input: unknown) => T {
  return (input) => {
    const result = safeParse(input);
    if (!result.success) throw result.error;
    return result.data;
  };
}

/** Parses an `EvalReport` (a JSON string or a parsed value) without throwing; the error names the failing field. */
export const safeParseEvalReport = /* @__PURE__ */ createSafeParse<EvalReport>(
  'EvalReport',
  () => EvalReport,
);
/** Parses an `EchoReport` without throwing. */
export const safeParseEchoReport = /* @__PURE__ */ createSafeParse<EchoReport>(
  'EchoReport',
  () => EchoReport,
);
/** Parses a `SynthesisReport` without throwing. */
export const safeParseSynthesisReport = /* @__PURE__ */ createSafeParse<SynthesisReport>(
  'SynthesisReport',
  () => SynthesisReport,
);
/** Parses a `LabelSet` without throwing (the hash is checked separately by `checkLabelSetHash`). */
export const safeParseLabelSet = /* @__PURE__ */ createSafeParse<LabelSet>('LabelSet', () => LabelSet);
/** Parses a `Preregistration` without throwing. */
export const safeParsePreregistration = /* @__PURE__ */ createSafeParse<Preregistration>(
  'Preregistration',
  () => Preregistration,
);
/** Parses a `CalibrationReport` without throwing. */
export const safeParseCalibrationReport = /* @__PURE__ */ createSafeParse<CalibrationReport>(
  'CalibrationReport',
  () => CalibrationReport,
);

/** Parses an `EvalReport`, throwing `ReportParseError`. */
export const parseEvalReport = /* @__PURE__ */ createParse(safeParseEvalReport);
/** Parses an `EchoReport`, throwing `ReportParseError`. */
export const parseEchoReport = /* @__PURE__ */ createParse(safeParseEchoReport);
/** Parses a `SynthesisReport`, throwing `ReportParseError`. */
export const parseSynthesisReport = /* @__PURE__ */ createParse(safeParseSynthesisReport);
/** Parses a `LabelSet`, throwing `ReportParseError`. */
export const parseLabelSet = /* @__PURE__ */ createParse(safeParseLabelSet);
/** Parses a `Preregistration`, throwing `ReportParseError`. */
export const parsePreregistration = /* @__PURE__ */ createParse(safeParsePreregistration);
/** Parses a `CalibrationReport`, throwing `ReportParseError`. */
export const parseCalibrationReport = /* @__PURE__ */ createParse(safeParseCalibrationReport);
