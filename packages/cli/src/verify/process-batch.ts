import type { LineBatch } from '../io/read-line-batches.js';
import type { LineIssue } from './map-record.js';
import { countIssue, countVerification, createVerifySummary, type VerifySummary } from './verify-summary.js';
import { type VerifyLineContext, verifyLine } from './verify-line.js';

/** What a batch of lines turned into: the output lines (JSONL text), their counts, and the skipped lines. */
export interface BatchResult {
  /** One JSON object per verified line, each followed by a newline (UTF-8 bytes when it comes from a worker). */
  output: string | Uint8Array;
  summary: VerifySummary;
  /** Skipped lines, in line order. */
  issues: LineIssue[];
}

/** Verifies the lines of a batch in order; used in-process and inside each worker thread. */
export function processBatch(
  batch: Pick<LineBatch, 'lines' | 'numbers' | 'issues'>,
  context: VerifyLineContext,
): BatchResult & { output: string } {
  const summary = createVerifySummary(null, null);
  const issues: LineIssue[] = [];
  let output = '';
  // Issues found while reading (too long, not UTF-8) interleave with the parsed lines by line number.
  let readIssue = 0;
  const flushReadIssues = (before: number): void => {
    while (readIssue < batch.issues.length && batch.issues[readIssue]!.line < before) {
      const issue = batch.issues[readIssue++]!;
      countIssue(summary, issue);
      issues.push(issue);
    }
  };
  for (let index = 0; index < batch.lines.length; index++) {
    const line = batch.numbers[index]!;
    flushReadIssues(line);
    const result = verifyLine(batch.lines[index]!, line, context);
    if (result.success) {
      countVerification(summary, result.data.verification);
      output += `${JSON.stringify(result.data)}\n`;
    } else {
      countIssue(summary, result.error);
      issues.push(result.error);
    }
  }
  flushReadIssues(Number.POSITIVE_INFINITY);
  return { output, summary, issues };
}
