import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLineBatches } from './read-line-batches.js';

async function collect(chunks: Array<string | Buffer>, options: Parameters<typeof readLineBatches>[1] = {}) {
  const lines: Array<[number, string]> = [];
  const issues: Array<[number, string]> = [];
  for await (const batch of readLineBatches(
    Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))),
    options,
  )) {
    for (const [index, line] of batch.lines.entries()) lines.push([batch.numbers[index]!, line]);
    for (const issue of batch.issues) issues.push([issue.line, issue.code]);
  }
  return { lines, issues };
}

describe('readLineBatches', () => {
  it('splits lines across chunk boundaries, drops CR, BOM and blank lines, and counts every line', async () => {
    const { lines } = await collect(['\ufeff{"a"', ':1}\r\n\n  \n{"b":', '2}\n', 'ünï', 'cödé\n{"c":3}']);
    expect(lines).toEqual([
      [1, '{"a":1}'],
      [4, '{"b":2}'],
      [5, 'ünïcödé'],
      [6, '{"c":3}'],
    ]);
  });

  it('keeps a multibyte character split between chunks whole', async () => {
    const bytes = Buffer.from('é€😀\n');
    const { lines } = await collect([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)]);
    expect(lines).toEqual([[1, 'é€😀']]);
  });

  it('skips an over-long line, even one spread over many chunks, and goes on', async () => {
    const long = Array.from({ length: 20 }, () => 'x'.repeat(100));
    const { lines, issues } = await collect(['first\n', ...long, '\nlast\n'], { maxLineBytes: 500 });
    expect(lines).toEqual([
      [1, 'first'],
      [3, 'last'],
    ]);
    expect(issues).toEqual([[2, 'line_too_long']]);
  });

  it('reports invalid UTF-8 and lone surrogate encodings', async () => {
    const { lines, issues } = await collect([
      Buffer.from([0x61, 0x0a, 0xff, 0x0a, 0xed, 0xa0, 0x80, 0x0a, 0x62]),
    ]);
    expect(lines).toEqual([
      [1, 'a'],
      [4, 'b'],
    ]);
    expect(issues).toEqual([
      [2, 'invalid_utf8'],
      [3, 'invalid_utf8'],
    ]);
  });

  it('keeps every n-th line for a shard, by physical line number', async () => {
    const text = `${Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join('\n')}\n`;
    const { lines } = await collect([text], { shard: { index: 2, count: 3 } });
    expect(lines.map(([number]) => number)).toEqual([2, 5, 8]);
  });

  it('yields batches of at most batchLines lines', async () => {
    const sizes: number[] = [];
    const text = `${Array.from({ length: 25 }, (_, i) => `l${i}`).join('\n')}\n`;
    for await (const batch of readLineBatches(Readable.from([Buffer.from(text)]), { batchLines: 10 }))
      sizes.push(batch.lines.length);
    expect(sizes).toEqual([10, 10, 5]);
  });
});
