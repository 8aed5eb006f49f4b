import { InputError } from '../input-error.js';

/** What a report schema's `safeParse` returns. */
export type ReportParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { message: string; path: Array<string | number> } };

/**
 * The report a schema read, or an `invalid_report` error: `subject` starts its message (and `advice` ends it), `file`
 * and `field` (before the path the schema names) say where the report came from.
 */
export function parsedReport<T>(
  result: ReportParseResult<T>,
  where: { subject: string; file?: string; field?: string; advice?: string },
): T {
  if (result.success) return result.data;
  throw new InputError({
    code: 'invalid_report',
    ...(where.file === undefined ? {} : { file: where.file }),
    field: [...(where.field === undefined ? [] : [where.field]), ...result.error.path].join('.'),
    message: `${where.subject}: ${result.error.message.slice(0, 400)}${where.advice === undefined ? '' : ` ${where.advice}`}`,
  });
}
