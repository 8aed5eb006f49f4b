import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NATIVE_MAP } from './field-map.js';
import { runVerify } from './run-verify.js';

function sink(): { write(chunk: string | Uint8Array): boolean; once(): void; text(): string } {
  const chunks: string[] = [];
  return {
    write(chunk) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
    once() {},
    text: () => chunks.join(''),
  };
}

describe('runVerify', () => {
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
});
