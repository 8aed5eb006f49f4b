import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decodeLineBatch } from './decode-line-batch.js';
import { type SplitLineBatchesOptions, splitLineBatches } from './split-line-batches.js';

type Seen = Array<[number, string]>;

// What the splitter must return, line by line, written as plainly as possible.
function reference(
  input: Buffer,
  options: Required<Omit<SplitLineBatchesOptions, 'batchLines' | 'ownBuffers' | 'limitName'>>,
): Seen {
  const seen: Seen = [];
  const pieces: Buffer[] = [];
  for (let start = 0; start <= input.length; ) {
    const newline = input.indexOf(0x0a, start);
    if (newline === -1) {
      if (start < input.length) pieces.push(input.subarray(start));
      break;
    }
    pieces.push(input.subarray(start, newline));
    start = newline + 1;
  }
  for (const [index, piece] of pieces.entries()) {
    const line = index + 1;
    if ((line - 1) % options.shard.count !== options.shard.index - 1) continue;
    if (piece.length > options.maxLineBytes) {
      seen.push([line, '!line_too_long']);
      continue;
    }
    let bytes = piece;
    if (bytes.at(-1) === 0x0d) bytes = bytes.subarray(0, -1);
    if (line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    if (bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0d)) continue;
    seen.push([line, isUtf8(bytes) ? bytes.toString('utf8') : '!invalid_utf8']);
  }
  return seen;
}

const lineBytes = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((text) => Buffer.from(text)),
  fc
    .constantFrom('', ' \t', '\r', 'x\r', '\ufeffbom', '{"a":1}', 'x'.repeat(70))
    .map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a))),
);

describe('splitLineBatches', () => {
  it('returns every line as the plain reading does, however the input is cut into chunks and batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineBytes, { maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 5 }),
        fc
          .integer({ min: 1, max: 3 })
          .chain((count) =>
            fc.record({ count: fc.constant(count), index: fc.integer({ min: 1, max: count }) }),
          ),
        fc.boolean(),
        async (lines, trailingNewline, cuts, maxLineBytes, batchLines, shard, ownBuffers) => {
          const input = Buffer.concat(
            lines.flatMap((line, index) =>
              index < lines.length - 1 || trailingNewline ? [line, Buffer.from('\n')] : [line],
            ),
          );
          const chunks: Buffer[] = [];
          for (let start = 0, cut = 0; start < input.length; cut++) {
            const size = cuts[cut % cuts.length]!;
            chunks.push(input.subarray(start, start + size));
            start += size;
          }
          const seen: Seen = [];
          let lastRead = 0;
          for await (const raw of splitLineBatches(Readable.from(chunks), {
            maxLineBytes,
            batchLines,
            shard,
          })) {
            expect(raw.numbers.length).toBeLessThanOrEqual(batchLines);
            expect(raw.bytesRead).toBeGreaterThanOrEqual(lastRead);
            lastRead = raw.bytesRead;
            if (ownBuffers) expect(raw.bytes.buffer.byteLength).toBe(raw.bytes.length);
            const decoded = decodeLineBatch(raw);
            const all: Seen = [
              ...decoded.numbers.map((number, index): [number, string] => [number, decoded.line(index)]),
              ...decoded.issues.map((issue): [number, string] => [issue.line, `!${issue.code}`]),
            ];
            seen.push(...all.sort((a, b) => a[0] - b[0]));
          }
          expect(seen).toEqual(reference(input, { maxLineBytes, shard }));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('splitLineBatches on a line longer than its chunks', () => {
  // Bytes copied by Buffer.concat and Buffer.from(<bytes>) while one line of `size` bytes arrives in 1 KiB chunks.
  async function bytesCopied(size: number): Promise<number> {
    const line = Buffer.alloc(size + 1, 0x61);
    line[size] = 0x0a;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let start = 0; start < line.length; start += 1024) yield line.subarray(start, start + 1024);
    }
    let copied = 0;
    const concat = Buffer.concat;
    const from = Buffer.from;
    const concatSpy = vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const result = concat(list, length);
      copied += result.length;
      return result;
    });
    const fromSpy = vi.spyOn(Buffer, 'from').mockImplementation(((value: unknown, ...rest: unknown[]) => {
      const result = (from as (...args: unknown[]) => Buffer)(value, ...rest);
      if (value instanceof Uint8Array) copied += result.length;
      return result;
    }) as typeof Buffer.from);
    try {
      let lines = 0;
      for await (const batch of splitLineBatches(chunks(), { maxLineBytes: 2 * size }))
        lines += batch.ends.length;
      expect(lines).toBe(1);
    } finally {
      concatSpy.mockRestore();
      fromSpy.mockRestore();
    }
    return copied;
  }

  it('copies each byte a bounded number of times, however many chunks the line spans', async () => {
    // Copying all that was pending at the end of every chunk copied 512 MB for this 1 MB line.
    const size = 1024 * 1024;
    expect(await bytesCopied(size)).toBeLessThanOrEqual(3 * size);
    expect(await bytesCopied(8 * size)).toBeLessThanOrEqual(3 * 8 * size);
  });
});
