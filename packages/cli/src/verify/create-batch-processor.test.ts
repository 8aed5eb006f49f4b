import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { amplifiedLine } from '../__fixtures__/run-gk.js';
import { splitLineBatches } from '../io/split-line-batches.js';
import { escapeTerminalJson } from '../terminal/escape-terminal-text.js';
import { type BatchPart, type BatchProcessor, createBatchProcessor } from './create-batch-processor.js';
import { compileFieldMap, NATIVE_MAP } from './field-map.js';
import { type VerifyLineContext, verifyLine } from './verify-line.js';

const context: VerifyLineContext = { map: compileFieldMap(NATIVE_MAP), defaults: {}, withInput: true };
const record = (id: string, answer: string, text: string): string =>
  JSON.stringify({
    id,
    answer,
    passages: [{ documentId: 'd', chunkId: 'd#0', text, start: 0, end: text.length }],
  });

// A batch whose output stays under BATCH_OUTPUT_BYTES comes whole, in one part.
function onlyPart(parts: ReturnType<BatchProcessor>): BatchPart {
  const step = parts.next();
  expect(step.done).toBe(true);
  return step.value;
}

async function processLines(lines: string[], lineContext = context): Promise<BatchPart> {
  const batches = [];
  for await (const batch of splitLineBatches(Readable.from([Buffer.from(`${lines.join('\n')}\n`)])))
    batches.push(batch);
  expect(batches).toHaveLength(1);
  return onlyPart(createBatchProcessor(lineContext)(batches[0]!));
}

describe('createBatchProcessor', () => {
  it('writes each verified line as JSON.stringify would (terminal controls escaped), and reports read and parse issues in line order', async () => {
    const lines = [
      Buffer.from(`${record('a', 'Water boils at 100 °C [1].', 'Water boils at 100 °C. “Yes”.')}\n`),
      Buffer.from('{oops\n'),
      Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), // not UTF-8
      Buffer.from(
        `${record('b"\u2028', 'A lone \ud800 half [1]. Tab\tin it [2].', 'A lone \ud800 half. Tab\tin it.')}\n`,
      ),
      Buffer.from(`${'x'.repeat(300)}\n`), // too long for the limit below
      Buffer.from(`\n   \n${record('c', 'Ice floats [1].', 'Ice floats on water.')}`),
    ];
    const batches = [];
    for await (const batch of splitLineBatches(Readable.from(lines), { maxLineBytes: 250 }))
      batches.push(batch);
    expect(batches).toHaveLength(1);
    const texts = Buffer.concat(lines).toString('utf8').split('\n');
    const processBatch = createBatchProcessor(context);
    const result = onlyPart(processBatch(batches[0]!));
    const expected = [1, 4, 8]
      .map((line) => {
        const verified = verifyLine(texts[line - 1]!, line, context);
        if (!verified.success) throw new Error('expected a verified line');
        return `${escapeTerminalJson(JSON.stringify(verified.data))}\n`;
      })
      .join('');
    expect(Buffer.from(result.output).toString('utf8')).toBe(expected);
    expect(result.issues.map((issue) => [issue.line, issue.code])).toEqual([
      [2, 'not_json'],
      [3, 'invalid_utf8'],
      [5, 'line_too_long'],
    ]);
    expect(result.summary).toMatchObject({ lines: 6, answers: 3, invalidLines: 3 });
    // The output is a buffer of its own, so a worker can transfer it.
    expect(result.output.buffer.byteLength).toBe(result.output.length);
  });

  it('skips a line whose output would be more than 32 times the line plus 64 KiB as output_too_long, writing none of it', async () => {
    const big = amplifiedLine(25_000); // 11.4 MB of output before the limit
    const small = record('a', 'Water boils at 100 °C [1].', 'Water boils at 100 °C.');
    for (const withInput of [false, true]) {
      const result = await processLines([small, big, small], { ...context, withInput });
      const written = Buffer.from(result.output).toString('utf8').trim().split('\n');
      expect(written.map((text) => JSON.parse(text).line)).toEqual([1, 3]);
      expect(result.output.length).toBeLessThan(32 * (2 * small.length + big.length) + 64 * 1024);
      expect(result.issues).toEqual([
        {
          line: 2,
          code: 'output_too_long',
          message: expect.stringContaining('every citation carries the text it cites'),
        },
      ]);
      expect(result.summary).toMatchObject({ lines: 3, answers: 2, invalidLines: 1 });
      expect(result.summary.invalidByCode).toEqual({ output_too_long: 1 });
    }
  });

  it('counts the texts a line cites from --documents as its own: an honest short line of ids is written', async () => {
    // A review found 968 bytes of ids citing five 3.2 KB documents, each six times, refused as output_too_long.
    const texts = Array.from({ length: 5 }, (_, d) =>
      Array.from({ length: 70 }, (_, s) => `Document ${d} states fact number ${s} about water.`).join(' '),
    );
    const documents = (id: string): string | undefined => texts[Number(id.slice(3))];
    const answer = Array.from(
      { length: 10 },
      (_, s) =>
        `Document ${s % 5} states fact number ${s} about water [${(s % 5) + 1}][${((s + 1) % 5) + 1}][${((s + 2) % 5) + 1}].`,
    ).join(' ');
    const line = JSON.stringify({ id: 'q1', answer, passages: texts.map((_, d) => `doc${d}`) });
    const result = await processLines([line], { ...context, withInput: false, documents });
    expect(result.issues).toEqual([]);
    expect(result.output.length).toBeGreaterThan(64 * 1024 + 32 * line.length);
  });

  it('writes a line whose output stays within the limit, however many times it cites one long passage', async () => {
    // Nine claims citing one 1 MB passage: eleven copies of it, within 32 times the line.
    const text = 'Water boils at 100 degrees Celsius at sea level. '.repeat(21_000);
    const answer = Array.from(
      { length: 9 },
      (_, i) => `Water boils at 100 degrees Celsius at sea level, note ${i} [1].`,
    ).join(' ');
    const result = await processLines([record('big', answer, text)]);
    expect(result.issues).toEqual([]);
    expect(result.output.length).toBeGreaterThan(10 * text.length);
  });
});
