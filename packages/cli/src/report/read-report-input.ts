import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Verification } from '@gk/citations';
import {
  type CalibrationReport,
  type EchoReport,
  type EvalReport,
  safeParseCalibrationReport,
  safeParseEchoReport,
  safeParseEvalReport,
} from '@gk/eval-schema';
import { z } from 'zod';
import { InputError } from '../input-error.js';
import { readJsonFile } from '../io/read-json-file.js';
import { readLineBatches } from '../io/read-line-batches.js';
import { isRecord } from '../verify/field-path.js';
import type { LineIssue } from '../verify/map-record.js';
import type { VerifiedLine } from '../verify/verify-line.js';
import {
  countIssue,
  countVerification,
  createVerifySummary,
  type VerifySummary,
} from '../verify/verify-summary.js';

const offset = z.int().min(0);
const span = z.object({ start: offset, end: offset });
const code = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'expected a snake_case code');
const citation = z.object({
  source: z.int().min(1),
  documentId: z.string(),
  chunkId: z.string(),
  start: offset,
  end: offset,
  text: z.string(),
});
const verifiedLine = z.object({
  id: z.union([z.string(), z.number(), z.null()]),
  line: z.int().min(1),
  verification: z.object({
    status: z.enum(['answered', 'abstained', 'rejected']),
    claims: z.array(z.object({ text: z.string(), span, citations: z.array(citation) })),
    rejected: z.array(
      z.object({ text: z.string(), span, code, markers: z.array(z.number()), message: z.string() }),
    ),
    citations: z.array(citation),
    duplicatesMerged: z.int().min(0),
  }),
  answer: z.string().optional(),
  passages: z
    .array(
      z.object({
        documentId: z.string(),
        chunkId: z.string(),
        text: z.string(),
        start: offset,
        end: offset,
        title: z.string().optional(),
        uri: z.string().optional(),
      }),
    )
    .optional(),
});

/** What `gk report` read: a `gk verify` output, or one of the `@gk/eval-schema` artifacts. */
export type ReportInput =
  | {
      kind: 'verifications';
      name: string;
      lines: VerifiedLine[];
      summary: VerifySummary;
      issues: LineIssue[];
      truncated: number;
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
  const absolute = resolve(options.cwd, path);
  try {
    if (!(await stat(absolute)).isFile()) throw new Error('not a file');
  } catch (error) {
    throw new InputError({
      code: 'file_not_found',
      file: path,
      message: `${path}: no such file`,
      cause: error,
    });
  }
  const head = await readHead(absolute);
  if (head.trim() === '')
    throw new InputError({ code: 'empty_input', file: path, message: `${path}: empty file` });
  const firstLine = head.split('\n').find((line) => line.trim() !== '') ?? '';
  if (looksLikeVerifiedLine(firstLine)) return readVerifications(absolute, path, options.maxAnswers);
  let data: unknown;
  try {
    data = await readJsonFile(absolute, { cwd: options.cwd, code: 'invalid_report' });
  } catch (error) {
    // Not one JSON document: read it as JSONL, where a broken first line is reported like any other.
    if (InputError.isInstance(error) && error.code === 'not_json')
      return readVerifications(absolute, path, options.maxAnswers);
    throw error;
  }
  if (!isRecord(data))
    throw new InputError({
      code: 'invalid_report',
      file: path,
      message: `${path}: expected a JSON object or gk verify lines`,
    });
  if (data.kind === 'eval')
    return { kind: 'eval', name: path, report: parsed(path, 'EvalReport', safeParseEvalReport(data)) };
  if (data.kind === 'echo')
    return { kind: 'echo', name: path, report: parsed(path, 'EchoReport', safeParseEchoReport(data)) };
  if (Object.hasOwn(data, 'preregistration')) {
    return {
      kind: 'calibration',
      name: path,
      report: parsed(path, 'CalibrationReport', safeParseCalibrationReport(data)),
    };
  }
  if (Object.hasOwn(data, 'verification')) return readVerifications(absolute, path, options.maxAnswers);
  throw new InputError({
    code: 'invalid_report',
    file: path,
    message: `${path}: not a report gk knows: expected gk verify output (JSONL), an EvalReport or EchoReport (kind "eval" / "echo"), or a CalibrationReport`,
  });
}

async function readVerifications(absolute: string, name: string, maxAnswers: number): Promise<ReportInput> {
  const summary = createVerifySummary(name, null);
  const lines: VerifiedLine[] = [];
  const issues: LineIssue[] = [];
  let truncated = 0;
  for await (const batch of readLineBatches(createReadStream(absolute))) {
    for (const issue of batch.issues) {
      countIssue(summary, issue);
      issues.push(issue);
    }
    batch.lines.forEach((text, index) => {
      const line = batch.numbers[index]!;
      const issue = (message: string, field?: string): void => {
        const found: LineIssue = {
          line,
          code: field === undefined ? 'not_json' : 'wrong_type',
          message,
          ...(field === undefined ? {} : { field }),
        };
        countIssue(summary, found);
        if (issues.length < 1000) issues.push(found);
      };
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        issue('not a JSON value');
        return;
      }
      const result = verifiedLine.safeParse(value);
      if (!result.success) {
        const first = result.error.issues[0];
        const field =
          first?.path
            .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
            .join('')
            .slice(1) || '(root)';
        issue(`${field}: ${first?.message ?? 'invalid'}; expected a line written by gk verify`, field);
        return;
      }
      const record = result.data as VerifiedLine;
      const bad =
        record.passages?.findIndex((passage) => passage.end - passage.start !== passage.text.length) ?? -1;
      if (bad !== -1) {
        const found: LineIssue = {
          line,
          code: 'offsets_mismatch',
          field: `passages[${bad}].end`,
          message: `passages[${bad}]: end - start disagrees with the length of its text`,
        };
        countIssue(summary, found);
        if (issues.length < 1000) issues.push(found);
        return;
      }
      countVerification(summary, record.verification as Verification);
      if (lines.length < maxAnswers) lines.push(record);
      else truncated++;
    });
  }
  return { kind: 'verifications', name, lines, summary, issues, truncated };
}

function parsed<T>(
  path: string,
  artifact: string,
  result:
    | { success: true; data: T }
    | { success: false; error: { message: string; path: Array<string | number> } },
): T {
  if (result.success) return result.data;
  throw new InputError({
    code: 'invalid_report',
    file: path,
    field: result.error.path.join('.'),
    message: `${path}: not a valid ${artifact}: ${result.error.message.slice(0, 400)}`,
  });
}

function looksLikeVerifiedLine(line: string): boolean {
  try {
    const value = JSON.parse(line) as unknown;
    return isRecord(value) && Object.hasOwn(value, 'verification') && Object.hasOwn(value, 'line');
  } catch {
    return false;
  }
}

async function readHead(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    // Enough for any first line gk verify writes in practice; a longer one is read as a whole file below.
    const buffer = Buffer.alloc(4 * 1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
