import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/run-gk.js';
import { BATCH_OUTPUT_BYTES } from './create-batch-processor.js';
import { NATIVE_MAP } from './field-map.js';
import { mergeVerifySummaries } from './merge-verify-summaries.js';
import { runVerify } from './run-verify.js';

function sink(): {
  write(chunk: string | Uint8Array): boolean;
  once(): void;
  text(): string;
  largest(): number;
} {
  const chunks: string[] = [];
  let largest = 0;
  return {
    write(chunk) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      largest = Math.max(largest, chunk.length);
      return true;
    },
    once() {},
    text: () => chunks.join(''),
    largest: () => largest,
  };
}

describe('runVerify', () => {
  // A second look found a summary of a run given no `input` (as the README's API line documents it) read as an old
  // merged summary and refused by mergeVerifySummaries, even alone.
  it('names a run given no input `-`, so its summaries merge as runs of separate logs', async () => {
    const run = async (text: string) =>
      runVerify({
        source: Readable.from([Buffer.from(text)]),
        sink: sink(),
        settings: { map: NATIVE_MAP, defaults: {}, withInput: false },
      });
    const a = await run('{"id":"a","answer":"x","passages":[]}\n');
    const b = await run('{"id":"b","answer":"y","passages":[]}\n{"id":"c","answer":"z","passages":[]}\n');
    expect(a.input).toBe('-');
    const merged = mergeVerifySummaries([
      { name: 'a.json', data: a },
      { name: 'b.json', data: b },
    ]);
    expect(merged.lines).toBe(3);
  });

  it('holds finished batches until the earlier ones arrive, writing in input order, without spinning', {
    timeout: 20_000,
  }, async () => {
    // 256 lines per batch: twelve batches, so the other worker finishes far more than two per worker ahead.
    const lines = Array.from({ length: 256 * 12 }, (_, i) => `{"n": ${i}}\n`).join('');
    const out = sink();
    const summary = await runVerify({
      source: Readable.from([Buffer.from(lines)]),
      sink: out,
      settings: { map: NATIVE_MAP, defaults: {}, withInput: false },
      workers: 2,
      workerUrl: new URL('../__fixtures__/slow-first-batch-worker.ts', import.meta.url),
    });
    expect(summary.lines).toBe(256 * 12);
    expect(out.text()).toBe(Array.from({ length: 256 * 12 }, (_, i) => `${i + 1}\n`).join(''));
  });

  it('holds at most BATCH_OUTPUT_BYTES and one line of output of a batch at once, writing the same bytes with workers', {
    timeout: 60_000,
  }, async () => {
    // r15 finding 2: 256 short lines each citing a 200 KB --documents text 30 times made one batch of 1.6 GB of output,
    // all held at once (a 108 KB log failed with "Array buffer allocation failed"). Here: 64 lines of ~620 KB each.
    const dir = temporaryFolder();
    const text = 'Water boils at 100 degrees at sea level. '.repeat(500).slice(0, 20 * 1024);
    writeFileSync(join(dir, 'coll.tsv'), `d1\t${text}\n`);
    let answer = '';
    for (let i = 0; i < 30; i++) answer += `Fact ${i} [1]. `;
    const log = Array.from(
      { length: 64 },
      (_, i) => `${JSON.stringify({ id: `q${i}`, answer, passages: ['d1'] })}\n`,
    );
    const outputs: string[] = [];
    for (const workers of [0, 2]) {
      const out = sink();
      const summary = await runVerify({
        source: Readable.from([Buffer.from(log.join(''))]),
        sink: out,
        settings: { map: NATIVE_MAP, defaults: {}, withInput: false, documentsPath: join(dir, 'coll.tsv') },
        workers,
      });
      expect(summary).toMatchObject({ lines: 64, answers: 64, invalidLines: 0 });
      expect(out.largest()).toBeLessThan(BATCH_OUTPUT_BYTES + 1024 * 1024);
      outputs.push(out.text());
    }
    expect(outputs[0]!.length).toBeGreaterThan(2.2 * BATCH_OUTPUT_BYTES);
    expect(outputs[1]).toBe(outputs[0]);
  });
});
