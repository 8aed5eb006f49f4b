import { safeParseCalibrationReport, safeParseEchoReport, safeParseEvalReport } from '@gk/eval-schema';
import { InputError } from '../input-error.js';
import { parsedReport } from './parsed-report.js';
import type { ReportInput } from './read-report-input.js';
import { renderCalibrationReport, renderEchoReport, renderEvalReport } from './render-artifacts.js';
import { renderPageParts } from './render-page.js';
import { renderVerifications } from './render-verifications.js';
import { verificationsInputSchema } from './verified-line-schema.js';

// A report is read with its schema again, as readReportInput reads it (see renderReportPageParts).
const READ_AGAIN = {
  subject: 'renderReportPage: input.report: not a valid report',
  field: 'input.report',
  advice: '(pass what readReportInput returns)',
};

/** Renders any report input as one self-contained HTML page (see {@link renderReportPageParts} for a large one). */
export function renderReportPage(input: ReportInput): string {
  const parts = [...renderReportPageParts(input)];
  try {
    return parts.join('');
  } catch (error) {
    throw new InputError({
      code: 'usage',
      field: 'input',
      message: `renderReportPage: the page is larger than one string can hold; write renderReportPageParts(input) to a file piece by piece (as gk report does)`,
      cause: error,
    });
  }
}

/** The page of {@link renderReportPage} in pieces, one per answer of a verifications report, to write in turn. */
export function renderReportPageParts(input: ReportInput): Iterable<string> {
  const shapeless = (field: string): never => {
    throw new InputError({
      code: 'usage',
      field: `input.${field}`,
      message: `renderReportPage: input.${field}: missing or of the wrong type (pass what readReportInput returns)`,
    });
  };
  if (input?.kind === 'verifications') {
    if (!Array.isArray(input.lines)) shapeless('lines');
    if (!Array.isArray(input.issues)) shapeless('issues');
    if (typeof input.summary !== 'object' || input.summary === null) shapeless('summary');
    // Each field of the type the page draws it as (a citation's source a number, a count a number): a caller may
    // pass lines readReportInput never read. Their content is drawn as it is, escaped.
    const read = verificationsInputSchema.safeParse(input);
    if (!read.success) {
      const path = ['input', ...(read.error.issues[0]?.path ?? []).map(String)].join('.');
      throw new InputError({
        code: 'invalid_report',
        field: path,
        message:
          `renderReportPage: ${path}: ${read.error.issues[0]?.message ?? 'invalid'} (pass what readReportInput returns)`.slice(
            0,
            500,
          ),
      });
    }
  } else if (input?.kind === 'eval' || input?.kind === 'echo' || input?.kind === 'calibration') {
    if (typeof (input as { report?: unknown }).report !== 'object' || input.report === null)
      shapeless('report');
  }
  switch (input?.kind) {
    case 'verifications':
      return renderPageParts(renderVerifications(input));
    // A report is read with its schema again: a caller may pass one readReportInput never read, and the page writes
    // its strings (stage names, ids, dates) where only a valid report's can stand unescaped.
    case 'eval':
      return renderPageParts(
        renderEvalReport(input.name, parsedReport(safeParseEvalReport(input.report), READ_AGAIN)),
      );
    case 'echo':
      return renderPageParts(
        renderEchoReport(input.name, parsedReport(safeParseEchoReport(input.report), READ_AGAIN)),
      );
    case 'calibration':
      return renderPageParts(
        renderCalibrationReport(
          input.name,
          parsedReport(safeParseCalibrationReport(input.report), READ_AGAIN),
        ),
      );
    default:
      throw new InputError({
        code: 'usage',
        field: 'input.kind',
        message: `renderReportPage: input.kind: expected "verifications", "eval", "echo" or "calibration", received ${JSON.stringify(String((input as { kind?: unknown } | null)?.kind).slice(0, 40))}`,
      });
  }
}
