// Test helper: the issues of a failed parse as `code path` strings, e.g. `rule counts.total`.
import { formatIssuePath, type SafeParseReportResult } from '../index.js';

export function issuesOf(result: SafeParseReportResult<unknown>): string[] {
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${issue.code} ${formatIssuePath('', issue.path).replace(/^\./, '')}`,
  );
}
