// Resolving many citations of one document costs time linear in the document and the citations, measured as CPU
// time at n and 8n (as tests/adversarial/growth.ts measures: 8 for linear, 64 for quadratic), here around awaits.
import { describe, expect, it } from 'vitest';
import { BOUND, FACTOR } from '../../../../tests/adversarial/growth.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import type { Citation } from '../types.js';
import { resolveCitation } from './resolve-citation.js';

const FLAG = '\u{1F1EB}\u{1F1F7}'; // 🇫🇷: two regional indicators, four UTF-16 units

/** A document ending in `size` flags, and one citation of each flag but the first, each starting between two. */
function resolveAll(size: number): () => Promise<void> {
  const document = `The drone flies 42 minutes.\n\n${FLAG.repeat(size)}`;
  const base = document.length - FLAG.length * size;
  const citations: Citation[] = [];
  for (let i = 1; i < size; i++) {
    const start = base + 4 * i;
    citations.push({
      source: 1,
      documentId: 'd1',
      chunkId: 'c1',
      start,
      end: start + 4,
      text: document.slice(start, start + 4),
    });
  }
  return async () => {
    for (const citation of citations) {
      const { status } = await resolveCitation(citation, () => document);
      if (status !== 'verified') throw new Error(`${citation.start}: ${status}`);
    }
  };
}

/** Least CPU time of three awaited runs of `run`, in milliseconds. */
async function cost(run: () => Promise<void>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = cpuNow();
    await run();
    best = Math.min(best, cpuNow() - start);
  }
  return best;
}

describe('resolveCitation: linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it('many citations of one document of flags, each starting between two flags', async () => {
    let ratio = Number.POSITIVE_INFINITY;
    for (let size = 1_000, attempt = 0; attempt < 3 && ratio >= BOUND; size *= 2, attempt++) {
      const small = resolveAll(size);
      const large = resolveAll(size * FACTOR);
      await small();
      await large();
      ratio = Math.min(ratio, (await cost(large)) / Math.max(await cost(small), 0.05));
    }
    expect(ratio).toBeLessThan(BOUND);
  });

  it('still reads a span inside a flag as drifted, and one between flags as verified', async () => {
    const document = `x${FLAG.repeat(3)}`;
    const cite = (start: number, end: number): Citation => ({
      source: 1,
      documentId: 'd1',
      chunkId: 'c1',
      start,
      end,
      text: document.slice(start, end),
    });
    for (let round = 0; round < 2; round++) {
      expect((await resolveCitation(cite(5, 9), () => document)).status).toBe('verified');
      expect((await resolveCitation(cite(3, 7), () => document)).status).toBe('drifted');
      expect((await resolveCitation(cite(1, 13), () => document)).status).toBe('verified');
      expect((await resolveCitation(cite(7, 13), () => `y${document.slice(1)}`)).status).toBe('drifted');
    }
  });
});
