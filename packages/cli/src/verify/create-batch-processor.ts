import { decodeLineBatch } from '../io/decode-line-batch.js';
import { createJsonLinesEncoder } from '../io/create-json-lines-encoder.js';
import type { RawLineBatch } from '../io/split-line-batches.js';
import type { LineIssue } from './map-record.js';
import { countIssue, countVerification, createVerifySummary, type VerifySummary } from './verify-summary.js';
import { type VerifyLineContext, verifyLine } from './verify-line.js';
import { outputLineLimit } from './output-line-limit.js';

/** What a batch of lines (or a part of one) turned into: the output lines (JSONL), their counts, and the skipped lines. */
export interface BatchResult {
  /** One JSON object per verified line, each followed by a newline (UTF-8 bytes, or text). */
  output: string | Uint8Array;
  summary: VerifySummary;
  /** Skipped lines, in line order. */
  issues: LineIssue[];
}

/**
 * A batch's output is handed on in parts of this many bytes (16 MiB) and at most one more line (at most 64 MiB, see
 * outputLineLimit): a batch ends after 256 lines or 1 MiB of input, but with `--documents` each short line may cite
 * megabytes, and a batch's output held whole could reach gigabytes.
 */
export const BATCH_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Verifies a batch of lines in parts (see {@link createBatchProcessor}): each `next()` verifies lines until their
 * output passes BATCH_OUTPUT_BYTES and yields them; the last part is returned (`done: true`).
 */
export type BatchProcessor = (
  batch: Pick<RawLineBatch, 'bytes' | 'ends' | 'numbers' | 'issues'>,
) => Generator<BatchPart, BatchPart, undefined>;

/** One part of a batch's result; its output is a buffer of its own, which a worker can transfer. */
export type BatchPart = BatchResult & { output: Uint8Array<ArrayBuffer> };

/**
 * Decodes and verifies the lines of each batch in order, and encodes the verified lines; used in-process and
 * inside each worker thread, one per thread (the output buffer is used again from batch to batch). A part is only
 * verified when asked for, so a caller that writes each part before asking for the next holds one at a time.
 */
export function createBatchProcessor(context: VerifyLineContext): BatchProcessor {
  const output = createJsonLinesEncoder();
  return function* processBatch(batch) {
    const decoded = decodeLineBatch(batch);
    let summary = createVerifySummary(null, null);
    let issues: LineIssue[] = [];
    // Issues found while reading (too long, not UTF-8) interleave with the parsed lines by line number.
    let readIssue = 0;
    const flushReadIssues = (before: number): void => {
      while (readIssue < decoded.issues.length && decoded.issues[readIssue]!.line < before) {
        const issue = decoded.issues[readIssue++]!;
        countIssue(summary, issue);
        issues.push(issue);
      }
    };
    for (let index = 0; index < decoded.count; index++) {
      const line = decoded.numbers[index]!;
      flushReadIssues(line);
      const result = verifyLine(decoded.line(index), line, context);
      // A collection's texts count as the line's own: the record copies them as it copies a line's passages.
      const limit = outputLineLimit(decoded.byteLength(index) + (result.success ? result.resolvedBytes : 0));
      if (result.success && output.writeLine(result.data, limit)) {
        countVerification(summary, result.data.verification);
      } else {
        const issue = result.success ? outputTooLong(line, limit) : result.error;
        countIssue(summary, issue);
        issues.push(issue);
      }
      if (output.size() >= BATCH_OUTPUT_BYTES && index < decoded.count - 1) {
        yield { output: output.take(), summary, issues };
        summary = createVerifySummary(null, null);
        issues = [];
      }
    }
    flushReadIssues(Number.POSITIVE_INFINITY);
    return { output: output.take(), summary, issues };
  };
}

// A record that would pass its limit is skipped, not written: its size grows with the square of the line (see
// outputLineLimit), and writing it would make the output, and the memory that holds it, do the same.
function outputTooLong(line: number, limit: number): LineIssue {
  return {
    line,
    code: 'output_too_long',
    message: `its output line would be longer than ${limit} bytes (32 times the line and the collection texts it cites, plus 64 KiB, at most 64 MiB): every citation carries the text it cites, and claims that cite a long passage repeat it; skipped`,
  };
}
