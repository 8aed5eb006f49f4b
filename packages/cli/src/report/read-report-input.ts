import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Verification } from '@gk/citations';
import {
  type CalibrationReport,
  type EchoReport,
  type EvalReport,
  hashPreregistration,
  safeParseCalibrationReport,
  safeParseEchoReport,
  safeParseEvalReport,
} from '@gk/eval-schema';
import { InputError } from '../input-error.js';
import { findKeyProblem, MAX_JSON_KEY_LENGTH } from '../io/find-duplicate-key.js';
import { fileSize } from '../io/open-input.js';
import { readJsonFile } from '../io/read-json-file.js';
import { readLineBatches } from '../io/read-line-batches.js';
import { isRecord } from '../verify/field-path.js';
import type { LineIssue, LineIssueCode } from '../verify/map-record.js';
import { MAX_OUTPUT_LINE_BYTES } from '../verify/output-line-limit.js';
import type { VerifiedLine } from '../verify/verify-line.js';
import { countVerification, createVerifySummary, type VerifySummary } from '../verify/verify-summary.js';
import { checkVerifiedLine } from './check-verified-line.js';
import { parsedReport, type ReportParseResult } from './parsed-report.js';
import { verifiedLineSchema } from './verified-line-schema.js';

/**
 * A line `gk report` skipped: a line issue of `gk verify`'s kinds, or `invalid_report` for a record whose content
 * contradicts itself (a citation that is not its passage's text, a status the claim lists do not give, ...).
 */
export interface ReportIssue extends Omit<LineIssue, 'code'> {
  code: LineIssueCode | 'invalid_report';
}

/** Skipped lines kept for the page and stderr; all are counted in `summary.invalidLines`. */
export const KEPT_REPORT_ISSUES = 1000;

/** What `gk report` read: a `gk verify` output, or one of the `@gk/eval-schema` artifacts. */
export type ReportInput =
  | {
      kind: 'verifications';
      name: string;
      lines: VerifiedLine[];
      summary: VerifySummary;
      /** The first {@link KEPT_REPORT_ISSUES} skipped lines; `summary.invalidLines` counts them all. */
      issues: ReportIssue[];
      /** Verified lines counted but not kept (past `maxAnswers`). */
      truncated: number;
      /** Lines kept whose record carries no passages, so their citations could not be re-checked. */
      unchecked: number;
    }
  | { kind: 'eval'; name: string; report: EvalReport }
  | { kind: 'echo'; name: string; report: EchoReport }
  | { kind: 'calibration'; name: string; report: CalibrationReport };

/**
 * Reads a report input, deciding its kind from its content: JSONL whose lines are `gk verify` records (read as a
 * stream; the first `maxAnswers` are kept for the page, all are counted), or one JSON artifact (`kind: "eval"`,
 * `kind: "echo"`, or a calibration report), validated by its schema.
 */
export async function readReportInput(
  path: string,
  options: { cwd: string; maxAnswers: number },
): Promise<ReportInput> {
  if (typeof path !== 'string' || path === '')
    throw new InputError({
      code: 'usage',
      message: `readReportInput: expected a file path, received ${typeof path}`,
    });
  if (typeof options !== 'object' || options === null || typeof options.cwd !== 'string')
    throw new InputError({
      code: 'usage',
      field: 'options',
      message: 'readReportInput: options: expected { cwd, maxAnswers }',
    });
  const { maxAnswers } = options;
  if (!Number.isSafeInteger(maxAnswers) || maxAnswers < 1) {
    throw new InputError({
      code: 'usage',
      field: 'maxAnswers',
      message: `maxAnswers: expected a positive integer, received ${String(maxAnswers).slice(0, 40)}`,
    });
  }
  const absolute = resolve(options.cwd, path);
  // A missing file is file_not_found, a folder unreadable, as gk verify says.
  const size = await fileSize(absolute, path);
  const head = await readHead(absolute);
  if (head.text.trim() === '')
    throw new InputError({ code: 'empty_input', file: path, message: `${path}: empty file` });
  const lines = head.text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const firstLine = lines[first]!;
  const firstValue = parseLine(firstLine);
  // The last line of the head may be cut off; every line before it is whole.
  const whole = head.truncated ? lines.slice(0, -1) : lines;
  const more = head.truncated || lines.slice(first + 1).some((line) => line.trim() !== '');
  // JSONL when a whole line is a gk verify record, or when the first line is a JSON value by itself with more lines
  // after it (one JSON document that spans lines has no complete value on its first line), or when the file is
  // past what is read whole: then a broken first line is reported like any other, and the file is never read whole.
  if (
    (firstValue !== undefined && first < whole.length && more) ||
    whole.slice(first, first + 64).some((line) => isVerifiedRecord(parseLine(line))) ||
    size > MAX_WHOLE_BYTES
  )
    return readVerifications(absolute, path, maxAnswers);
  let data: unknown;
  try {
    data = await readJsonFile(absolute, {
      cwd: options.cwd,
      code: 'invalid_report',
      maxBytes: MAX_WHOLE_BYTES,
    });
  } catch (error) {
    // Not one JSON document: read it as JSONL, where a broken first line is reported like any other.
    if (InputError.isInstance(error) && error.code === 'not_json')
      return readVerifications(absolute, path, maxAnswers);
    throw error;
  }
  if (!isRecord(data))
    throw new InputError({
      code: 'invalid_report',
      file: path,
      message: `${path}: expected a JSON object or gk verify lines`,
    });
  // Each artifact read by its schema: an invalid one names this file and the artifact it is not.
  const read = <T>(artifact: string, result: ReportParseResult<T>): T =>
    parsedReport(result, { file: path, subject: `${path}: not a valid ${artifact}` });
  if (data.kind === 'eval')
    return { kind: 'eval', name: path, report: read('EvalReport', safeParseEvalReport(data)) };
  if (data.kind === 'echo')
    return { kind: 'echo', name: path, report: read('EchoReport', safeParseEchoReport(data)) };
  if (Object.hasOwn(data, 'preregistration')) {
    const report = read('CalibrationReport', safeParseCalibrationReport(data));
    // The schema cannot hash (hashing is async); a pre-registration edited after it was hashed (a lowered
    // threshold) would otherwise be shown as the bar the measurement was held to.
    if ((await hashPreregistration(report.preregistration)) !== report.preregistrationHash)
      throw new InputError({
        code: 'invalid_report',
        file: path,
        field: 'preregistrationHash',
        message: `${path}: not a valid CalibrationReport: preregistrationHash is not the hash of the embedded preregistration (edited after it was hashed?)`,
      });
    return { kind: 'calibration', name: path, report };
  }
  if (Object.hasOwn(data, 'verification')) return readVerifications(absolute, path, maxAnswers);
  throw new InputError({
    code: 'invalid_report',
    file: path,
    message: `${path}: not a report gk knows: expected gk verify output (JSONL), an EvalReport or EchoReport (kind "eval" / "echo"), or a CalibrationReport`,
  });
}

const MAX_WHOLE_BYTES = 256 * 1024 * 1024;

async function readVerifications(absolute: string, name: string, maxAnswers: number): Promise<ReportInput> {
  const summary = createVerifySummary(name, null);
  const lines: VerifiedLine[] = [];
  const issues: ReportIssue[] = [];
  let truncated = 0;
  let unchecked = 0;
  const skip = (found: ReportIssue): void => {
    summary.lines++;
    summary.invalidLines++;
    const byCode = summary.invalidByCode as Record<string, number>;
    byCode[found.code] = (Object.hasOwn(byCode, found.code) ? byCode[found.code]! : 0) + 1;
    if (issues.length < KEPT_REPORT_ISSUES) issues.push(found);
  };
  // Every line gk verify writes is read (ADR 0041): its longest is the limit here.
  const reading = readLineBatches(createReadStream(absolute), {
    maxLineBytes: MAX_OUTPUT_LINE_BYTES,
    limitName: "gk report's line limit (the longest line gk verify writes)",
  });
  for await (const batch of reading) {
    for (const issue of batch.issues) skip(issue);
    batch.lines.forEach((text, index) => {
      const line = batch.numbers[index]!;
      // Scanned before JSON.parse, which takes time quadratic in a line of many long keys of one length; gk verify
      // writes short key names only.
      const keyProblem = findKeyProblem(text, 'any', MAX_JSON_KEY_LENGTH);
      if (keyProblem?.code === 'key_too_long') {
        skip({
          line,
          code: 'invalid_report',
          message: `an object key of ${keyProblem.length} characters is longer than ${MAX_JSON_KEY_LENGTH}; gk verify writes short key names; not read`,
        });
        return;
      }
      const value = parseLine(text);
      if (value === undefined) {
        skip({ line, code: 'not_json', message: 'not a JSON value' });
        return;
      }
      // JSON.parse keeps the last of two equal keys: a reader of the line (or a tool that keeps the first) would see
      // one verification and the page draw another. Refused as gk verify refuses it in a log line.
      if (keyProblem !== null) {
        const duplicate = keyProblem.key;
        const key = duplicate.length > 40 ? `${duplicate.slice(0, 40)}…` : duplicate;
        skip({
          line,
          code: 'duplicate_key',
          field: key,
          message: `an object holds the key ${JSON.stringify(key)} twice; JSON readers keep one of the two, so which was meant is unknown`,
        });
        return;
      }
      const result = verifiedLineSchema.safeParse(value);
      if (!result.success) {
        const first = result.error.issues[0];
        const field =
          first?.path
            .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
            .join('')
            .slice(1) || '(root)';
        skip({
          line,
          code: 'wrong_type',
          field,
          message: `${field}: ${first?.message ?? 'invalid'}; expected a line written by gk verify`,
        });
        return;
      }
      const record = result.data as VerifiedLine;
      const bad =
        record.passages?.findIndex((passage) => passage.end - passage.start !== passage.text.length) ?? -1;
      if (bad !== -1) {
        skip({
          line,
          code: 'offsets_mismatch',
          field: `passages[${bad}].end`,
          message: `passages[${bad}]: end - start disagrees with the length of its text`,
        });
        return;
      }
      const problem = checkVerifiedLine(record);
      if (problem !== null) {
        skip({
          line,
          code: 'invalid_report',
          field: problem.field,
          message: `${problem.message}; not shown as checked`,
        });
        return;
      }
      countVerification(summary, record.verification as Verification);
      if (lines.length < maxAnswers) {
        lines.push(record);
        if (record.passages === undefined) unchecked++;
      } else truncated++;
    });
  }
  return { kind: 'verifications', name, lines, summary, issues, truncated, unchecked };
}

function isVerifiedRecord(value: unknown): boolean {
  return isRecord(value) && Object.hasOwn(value, 'verification') && Object.hasOwn(value, 'line');
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line) as unknown;
  } catch {
    return undefined;
  }
}

async function readHead(path: string): Promise<{ text: string; truncated: boolean }> {
  const handle = await open(path, 'r');
  try {
    // Enough for any first line gk verify writes in practice; a longer one is decided by the file's size below.
    const buffer = Buffer.alloc(4 * 1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { text: buffer.subarray(0, bytesRead).toString('utf8'), truncated: bytesRead === buffer.length };
  } finally {
    await handle.close();
  }
}
