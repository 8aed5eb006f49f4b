import { isUtf8 } from 'node:buffer';
import type { LineIssue } from '../verify/map-record.js';

/** Options for {@link readLineBatches}. */
export interface ReadLineBatchesOptions {
  /** A longer line is skipped (reported as `line_too_long`) without being held in memory (default 8 MiB). */
  maxLineBytes?: number;
  /** Lines per batch (default 256); a batch also ends after about 1 MiB of text. */
  batchLines?: number;
  /** Keep only line numbers `n` with `(n - 1) % count === index - 1` (1-based `index`). */
  shard?: { index: number; count: number };
}

/** Consecutive non-blank lines of the input, with their 1-based line numbers, and the lines that were unreadable. */
export interface LineBatch {
  lines: string[];
  numbers: number[];
  issues: LineIssue[];
  /** Bytes of input consumed up to the end of this batch, for progress. */
  bytesRead: number;
}

/** The default `maxLineBytes`: 8 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;
const BATCH_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines and groups them in batches, holding at most one batch and one line in memory.
 * Blank lines are skipped; a line that is not UTF-8 or longer than `maxLineBytes` is reported, not returned.
 */
export async function* readLineBatches(
  source: AsyncIterable<Uint8Array | string>,
  options: ReadLineBatchesOptions = {},
): AsyncGenerator<LineBatch> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const batchLines = options.batchLines ?? 256;
  const shard = options.shard;
  let batch: LineBatch = { lines: [], numbers: [], issues: [], bytesRead: 0 };
  let batchBytes = 0;
  let lineNumber = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let discarding = false;
  let bytesRead = 0;

  const wanted = (line: number): boolean =>
    shard === undefined || (line - 1) % shard.count === shard.index - 1;
  const finishLine = (bytes: Buffer | null, length: number): void => {
    lineNumber++;
    if (!wanted(lineNumber)) return;
    if (bytes === null) {
      batch.issues.push({
        line: lineNumber,
        code: 'line_too_long',
        message: `line of ${length} bytes is longer than --max-line-bytes ${maxLineBytes}; skipped without reading it whole`,
      });
      return;
    }
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === 0x0d) end--;
    let start = 0;
    if (lineNumber === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
    const view = bytes.subarray(start, end);
    if (isBlank(view)) return;
    if (!isUtf8(view)) {
      batch.issues.push({ line: lineNumber, code: 'invalid_utf8', message: 'line is not valid UTF-8' });
      return;
    }
    batch.lines.push(view.toString('utf8'));
    batch.numbers.push(lineNumber);
    batchBytes += view.length;
  };
  const full = (): boolean =>
    batch.lines.length >= batchLines || batchBytes >= BATCH_BYTES || batch.issues.length >= batchLines;
  const take = (): LineBatch => {
    const done = batch;
    done.bytesRead = bytesRead;
    batch = { lines: [], numbers: [], issues: [], bytesRead: 0 };
    batchBytes = 0;
    return done;
  };

  for await (const piece of source) {
    const chunk =
      typeof piece === 'string'
        ? Buffer.from(piece, 'utf8')
        : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    bytesRead += chunk.length;
    let position = 0;
    while (position < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, position);
      const end = newline === -1 ? chunk.length : newline;
      const length = end - position;
      if (discarding || pendingBytes + length > maxLineBytes) {
        if (!discarding) {
          discarding = true;
          pending = [];
        }
        pendingBytes += length;
      } else if (newline !== -1 && pendingBytes === 0) {
        finishLine(chunk.subarray(position, end), length);
      } else {
        pending.push(chunk.subarray(position, end));
        pendingBytes += length;
      }
      if (newline === -1) break;
      if (discarding) finishLine(null, pendingBytes);
      else if (pendingBytes > 0) finishLine(Buffer.concat(pending, pendingBytes), pendingBytes);
      pending = [];
      pendingBytes = 0;
      discarding = false;
      position = newline + 1;
      if (full()) yield take();
    }
    // The remainder of the chunk stays in `pending`; copy it so the chunk itself can be released.
    if (!discarding && pending.length > 0 && pending.some((part) => part.buffer === chunk.buffer)) {
      pending = [Buffer.from(Buffer.concat(pending, pendingBytes))];
    }
  }
  if (discarding) finishLine(null, pendingBytes);
  else if (pendingBytes > 0) finishLine(Buffer.concat(pending, pendingBytes), pendingBytes);
  if (batch.lines.length > 0 || batch.issues.length > 0) yield take();
}

function isBlank(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}
