import type { ReportInput } from '../report/read-report-input.js';
import type { VerifiedLine } from '../verify/verify-line.js';
import { createVerifySummary } from '../verify/verify-summary.js';

type VerificationsInput = Extract<ReportInput, { kind: 'verifications' }>;

/**
 * A verifications input for `renderReportPage` holding `lines`, with an empty summary and no skipped lines; `rest`
 * replaces any field (a test may pass lines or fields of another shape on purpose).
 */
export function verificationsInput(
  lines: readonly unknown[],
  rest: Partial<Record<keyof VerificationsInput, unknown>> = {},
): VerificationsInput {
  return {
    kind: 'verifications',
    name: 'v.jsonl',
    lines: lines as VerifiedLine[],
    summary: createVerifySummary('v.jsonl', null),
    issues: [],
    truncated: 0,
    unchecked: 0,
    ...rest,
  } as VerificationsInput;
}
