// The output of a batch grows linearly with its lines, however often a line cites one long passage (the time is
// measured as CPU time; tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { amplifiedLine } from '../__fixtures__/run-gk.js';
import { createBatchProcessor } from './create-batch-processor.js';
import { compileFieldMap, NATIVE_MAP } from './field-map.js';

describe('createBatchProcessor', () => {
  it('takes time linear in a line whose record would grow with its square, writing at most 32 times it', {
    timeout: 120_000,
  }, () => {
    // r14 finding 1: distinct claims citing one passage as long as the answer wrote it once per claim (25 KB → 11 MB).
    for (const withInput of [false, true]) {
      const processBatch = createBatchProcessor({
        map: compileFieldMap(NATIVE_MAP),
        defaults: {},
        withInput,
      });
      const make = (size: number) => {
        // Few claims and a long passage: the copies of it, not the verifier's work on the claims, make the cost.
        const line = amplifiedLine(size, size / 50);
        return () => {
          const bytes = Buffer.from(`${line}\n`);
          const result = processBatch({ bytes, ends: [line.length], numbers: [1], issues: [] }).next().value;
          expect(result.output.length).toBeLessThanOrEqual(32 * line.length + 64 * 1024);
        };
      };
      expect(growth(make, 25_000)).toBeLessThan(BOUND);
    }
  });
});

describe('createBatchProcessor with --documents', () => {
  it('takes time linear in the passages of a line that cites many long slices of one collection document', {
    timeout: 120_000,
  }, () => {
    // r15 finding 1: the output limit counted the distinct passage texts in a Set, and V8 hashes a string longer than
    // 16,383 characters by its length alone: same-length slices of one document collided and were compared in full.
    const length = 256 * 1024;
    const document = `${'x'.repeat(length)}${'y'.repeat(2_000)}`;
    const processBatch = createBatchProcessor({
      map: compileFieldMap(NATIVE_MAP),
      defaults: {},
      withInput: false,
      documents: (id) => (id === 'd1' ? document : undefined),
      // The output limit's count is measured here, on lines past the default bound on what a line may resolve.
      maxResolvedBytes: Number.MAX_SAFE_INTEGER,
    });
    const make = (size: number) => {
      const passages = Array.from({ length: size }, (_, k) => ({
        documentId: 'd1',
        chunkId: `c${k}`,
        start: k,
        end: length + k,
      }));
      const line = JSON.stringify({ id: 'q', answer: 'Water boils [1].', passages });
      return () => {
        const batch = { bytes: Buffer.from(`${line}\n`), ends: [line.length], numbers: [1], issues: [] };
        const result = processBatch(batch).next().value;
        expect(result.summary.answers).toBe(1);
      };
    };
    expect(growth(make, 50)).toBeLessThan(BOUND);
  });
});
