import type { LineIssue } from '../verify/map-record.js';

/** Options for {@link splitLineBatches}. */
export interface SplitLineBatchesOptions {
  /** A longer line is skipped (reported as `line_too_long`) without being held in memory (default 8 MiB). */
  maxLineBytes?: number;
  /** What the limit is called in the `line_too_long` message (default `--max-line-bytes`, the flag that sets it). */
  limitName?: string;
  /** Lines per batch (default 256); a batch also ends after about 1 MiB of text. */
  batchLines?: number;
  /** Keep only line numbers `n` with `(n - 1) % count === index - 1` (1-based `index`). */
  shard?: { index: number; count: number };
  /**
   * Give each batch a buffer of its own, which can be transferred to another thread (default true). When false, a
   * batch's bytes are only valid until the next batch is asked for: the splitter writes the next one over them.
   */
  ownBuffers?: boolean;
}

/**
 * Consecutive non-blank lines as bytes, not yet decoded: `bytes` holds each line followed by a newline, in a buffer
 * of its own (so it can be transferred to a worker thread), `ends[i]` is where line `i`'s newline is.
 */
export interface RawLineBatch {
  bytes: Uint8Array<ArrayBuffer>;
  ends: number[];
  /** 1-based line numbers of the lines. */
  numbers: number[];
  /** Lines skipped while splitting (too long), in line order. */
  issues: LineIssue[];
  /** Bytes of input consumed up to the end of this batch, for progress. */
  bytesRead: number;
}

/** The default `maxLineBytes`: 8 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;
const BATCH_BYTES = 1024 * 1024;
// A batch ends once it holds BATCH_BYTES, so most batches fit; a longer line grows the buffer.
const BATCH_CAPACITY = BATCH_BYTES + 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines and groups them in batches, holding at most one batch and one line in memory.
 * Blank lines are skipped, a byte-order mark before the first line and a carriage return before each newline
 * dropped, and a line longer than `maxLineBytes` reported, not returned. The lines stay bytes: decoding them
 * (and reporting those that are not UTF-8) is {@link decodeLineBatch}'s, in whichever thread verifies them.
 */
export async function* splitLineBatches(
  source: AsyncIterable<Uint8Array | string>,
  options: SplitLineBatchesOptions = {},
): AsyncGenerator<RawLineBatch> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const batchLines = options.batchLines ?? 256;
  const shard = options.shard;
  let bytes: Uint8Array<ArrayBuffer> = Buffer.allocUnsafeSlow(BATCH_CAPACITY);
  let used = 0;
  let batch = emptyBatch();
  let lineNumber = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let discarding = false;
  let bytesRead = 0;
  // Lines that need no change are copied in runs: `chunk[runStart..]` is their bytes, newlines included.
  let chunk: Buffer = Buffer.alloc(0);
  let runStart = -1;

  const reserve = (count: number): void => {
    if (used + count <= bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, used + count));
    grown.set(bytes.subarray(0, used));
    bytes = grown;
  };
  const flushRun = (upTo: number): void => {
    if (runStart === -1) return;
    reserve(upTo - runStart);
    bytes.set(chunk.subarray(runStart, upTo), used);
    used += upTo - runStart;
    runStart = -1;
  };
  const wanted = (line: number): boolean =>
    shard === undefined || (line - 1) % shard.count === shard.index - 1;
  const tooLong = (length: number): void => {
    batch.issues.push({
      line: lineNumber,
      code: 'line_too_long',
      message: `line of ${length} bytes is longer than ${options.limitName ?? '--max-line-bytes'} ${maxLineBytes}; skipped without reading it whole`,
    });
  };
  // A line of `source[from..to)`; `inRun` says it is in `chunk`, followed by its newline, and may join a run.
  const finishLine = (source: Uint8Array, from: number, to: number, inRun: boolean): void => {
    lineNumber++;
    if (!wanted(lineNumber)) {
      flushRun(from);
      return;
    }
    let end = to;
    if (end > from && source[end - 1] === 0x0d) end--;
    let start = from;
    if (lineNumber === 1 && source[from] === 0xef && source[from + 1] === 0xbb && source[from + 2] === 0xbf)
      start += 3;
    if (isBlank(source, start, end)) {
      flushRun(from);
      return;
    }
    if (inRun && start === from && end === to) {
      if (runStart === -1) runStart = from;
      batch.ends.push(used + (end - runStart));
      batch.numbers.push(lineNumber);
      return;
    }
    flushRun(from);
    reserve(end - start + 1);
    bytes.set(source.subarray(start, end), used);
    used += end - start;
    batch.ends.push(used);
    bytes[used++] = NEWLINE;
    batch.numbers.push(lineNumber);
  };
  const size = (position: number): number => used + (runStart === -1 ? 0 : position - runStart);
  const full = (position: number): boolean =>
    batch.numbers.length >= batchLines || size(position) >= BATCH_BYTES || batch.issues.length >= batchLines;
  const ownBuffers = options.ownBuffers !== false;
  const take = (): RawLineBatch => {
    const done = batch;
    // A copy of its own, of its exact size, that can be transferred to a worker; `bytes` is used again.
    if (ownBuffers) {
      done.bytes = Buffer.allocUnsafeSlow(used);
      done.bytes.set(bytes.subarray(0, used));
    } else {
      done.bytes = bytes.subarray(0, used);
    }
    done.bytesRead = bytesRead;
    used = 0;
    batch = emptyBatch();
    return done;
  };

  for await (const piece of source) {
    chunk =
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
        finishLine(chunk, position, end, true);
      } else {
        pending.push(chunk.subarray(position, end));
        pendingBytes += length;
      }
      if (newline === -1) break;
      if (discarding) {
        flushRun(position);
        lineNumber++;
        if (wanted(lineNumber)) tooLong(pendingBytes);
      } else if (pendingBytes > 0) {
        const line = Buffer.concat(pending, pendingBytes);
        finishLine(line, 0, line.length, false);
      }
      pending = [];
      pendingBytes = 0;
      discarding = false;
      position = newline + 1;
      if (full(position)) {
        flushRun(position);
        yield take();
      }
    }
    flushRun(position);
    // The remainder of the chunk stays in `pending`; copy only that part (the only one that can be a view of
    // this chunk) so the chunk itself can be released. Copying all of `pending` per chunk was quadratic in a line.
    const last = pending.length - 1;
    if (!discarding && last >= 0 && pending[last]!.buffer === chunk.buffer)
      pending[last] = Buffer.from(pending[last]!);
  }
  if (discarding) {
    lineNumber++;
    if (wanted(lineNumber)) tooLong(pendingBytes);
  } else if (pendingBytes > 0) {
    const line = Buffer.concat(pending, pendingBytes);
    finishLine(line, 0, line.length, false);
  }
  if (batch.numbers.length > 0 || batch.issues.length > 0) yield take();
}

function emptyBatch(): RawLineBatch {
  return { bytes: new Uint8Array(0), ends: [], numbers: [], issues: [], bytesRead: 0 };
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}
