import type { LineIssue } from '../verify/map-record.js';
import { decodeLineBatch } from './decode-line-batch.js';
import { type SplitLineBatchesOptions, splitLineBatches } from './split-line-batches.js';

export { DEFAULT_MAX_LINE_BYTES } from './split-line-batches.js';

/** Options for {@link readLineBatches}. */
export type ReadLineBatchesOptions = SplitLineBatchesOptions;

/** Consecutive non-blank lines of the input, with their 1-based line numbers, and the lines that were unreadable. */
export interface LineBatch {
  lines: string[];
  numbers: number[];
  issues: LineIssue[];
  /** Bytes of input consumed up to the end of this batch, for progress. */
  bytesRead: number;
}

/**
 * Splits a byte stream into lines and groups them in batches, holding at most one batch and one line in memory.
 * Blank lines are skipped; a line that is not UTF-8 or longer than `maxLineBytes` is reported, not returned.
 */
export async function* readLineBatches(
  source: AsyncIterable<Uint8Array | string>,
  options: ReadLineBatchesOptions = {},
): AsyncGenerator<LineBatch> {
  for await (const raw of splitLineBatches(source, options)) {
    const decoded = decodeLineBatch(raw);
    const lines = Array.from({ length: decoded.count }, (_, index) => decoded.line(index));
    yield { lines, numbers: decoded.numbers, issues: decoded.issues, bytesRead: raw.bytesRead };
  }
}
