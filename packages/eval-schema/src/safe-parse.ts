import type { z } from 'zod';
import { CalibrationReport } from './calibration-report.js';
import { EchoReport } from './echo-report.js';
import { EvalReport } from './eval-report.js';
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
  const shown =
    received === undefined
      ? 'no schemaVersion'
      : (JSON.stringify(received)?.slice(0, 40) ?? String(received));
  return `unsupported schemaVersion: this package reads version ${SUPPORTED_SCHEMA_VERSIONS.join(', ')}; received ${shown}`;
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
    try {
      value = JSON.parse(input);
    } catch (cause) {
      const error = new ReportParseError(
        artifact,
        [{ code: 'not_json', path: [], message: 'expected JSON text' }],
        { cause },
      );
      return { success: false, error };
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const version = (value as { schemaVersion?: unknown }).schemaVersion;
    if (!SUPPORTED_SCHEMA_VERSIONS.includes(version as number)) {
      const issue: ReportIssue = {
        code: 'unsupported_version',
        path: ['schemaVersion'],
        message: versionMessage(version),
      };
      return { success: false, error: new ReportParseError(artifact, [issue]) };
    }
  }
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    error: new ReportParseError(artifact, toIssues(result.error, value), { cause: result.error }),
  };
}

/** Parses an `EvalReport` (a JSON string or a parsed value) without throwing; the error names the failing field. */
export function safeParseEvalReport(input: unknown): SafeParseReportResult<EvalReport> {
  return safeParseArtifact(EvalReport, 'EvalReport', input);
}

/** Parses an `EchoReport` without throwing. */
export function safeParseEchoReport(input: unknown): SafeParseReportResult<EchoReport> {
  return safeParseArtifact(EchoReport, 'EchoReport', input);
}

/** Parses a `SynthesisReport` without throwing. */
export function safeParseSynthesisReport(input: unknown): SafeParseReportResult<SynthesisReport> {
  return safeParseArtifact(SynthesisReport, 'SynthesisReport', input);
}

/** Parses a `LabelSet` without throwing (the hash is checked separately by `checkLabelSetHash`). */
export function safeParseLabelSet(input: unknown): SafeParseReportResult<LabelSet> {
  return safeParseArtifact(LabelSet, 'LabelSet', input);
}

/** Parses a `Preregistration` without throwing. */
export function safeParsePreregistration(input: unknown): SafeParseReportResult<Preregistration> {
  return safeParseArtifact(Preregistration, 'Preregistration', input);
}

/** Parses a `CalibrationReport` without throwing. */
export function safeParseCalibrationReport(input: unknown): SafeParseReportResult<CalibrationReport> {
  return safeParseArtifact(CalibrationReport, 'CalibrationReport', input);
}

function orThrow<T>(result: SafeParseReportResult<T>): T {
  if (!result.success) throw result.error;
  return result.data;
}

/** Parses an `EvalReport`, throwing `ReportParseError`. */
export function parseEvalReport(input: unknown): EvalReport {
  return orThrow(safeParseEvalReport(input));
}

/** Parses an `EchoReport`, throwing `ReportParseError`. */
export function parseEchoReport(input: unknown): EchoReport {
  return orThrow(safeParseEchoReport(input));
}

/** Parses a `SynthesisReport`, throwing `ReportParseError`. */
export function parseSynthesisReport(input: unknown): SynthesisReport {
  return orThrow(safeParseSynthesisReport(input));
}

/** Parses a `LabelSet`, throwing `ReportParseError`. */
export function parseLabelSet(input: unknown): LabelSet {
  return orThrow(safeParseLabelSet(input));
}

/** Parses a `Preregistration`, throwing `ReportParseError`. */
export function parsePreregistration(input: unknown): Preregistration {
  return orThrow(safeParsePreregistration(input));
}

/** Parses a `CalibrationReport`, throwing `ReportParseError`. */
export function parseCalibrationReport(input: unknown): CalibrationReport {
  return orThrow(safeParseCalibrationReport(input));
}
