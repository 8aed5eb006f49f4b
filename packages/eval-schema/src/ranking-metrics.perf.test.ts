// Scale: 200,000 hits, bounded by CPU time; ids longer than 16,383 characters, bounded by growth (excluded from
// mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { hitRateAtK, precisionAtK, recallAtK, reciprocalRank } from './ranking-metrics.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `count` distinct ids of one length above 16,383 UTF-16 units, which V8 hashes by their length alone. */
const longIds = (count: number): string[] => {
  const prefix = 'x'.repeat(16_400);
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(6, '0')}`);
};

describe('recallAtK', () => {
  it('runs over 200,000 hits in linear time', () => {
    const many = Array.from({ length: 200_000 }, (_, index) => `d${index}`);
    const started = cpuNow();
    expect(recallAtK(many, ['d199999', 'd0'], 200_000)).toBe(1);
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});

describe('ranking metrics', () => {
  // r16: V8 hashes a string longer than 16,383 units by its length, so n such ids in a Set cost n² comparisons
  // (recallAtK over 1,600 of them: 32 s).
  it('read distinct ids longer than 16,383 characters in time linear in their number', () => {
    // Each reads a gold Set of every id, or (nDCG) a Set of the ranked ids seen.
    const metrics: Array<(ids: string[]) => number | null> = [
      (ids) => recallAtK(ids, ids, ids.length),
      (ids) => precisionAtK(ids, ids, ids.length),
      (ids) => hitRateAtK(ids, ids, ids.length),
      (ids) => reciprocalRank(['none'], ids),
      (ids) => ndcgAtK(ids, new Map([[ids.at(-1)!, 1]]), ids.length),
    ];
    for (const metric of metrics) {
      const make = (size: number) => {
        const ids = longIds(size);
        return () => metric(ids);
      };
      expect(growth(make, 25)).toBeLessThan(BOUND);
    }
    const ids = longIds(3);
    expect(recallAtK([ids[0]!, ids[0]!, ids[1]!], ids, 3)).toBe(2 / 3);
    expect(precisionAtK([ids[2]!, ids[2]!], ids, 2)).toBe(1 / 2);
    expect(reciprocalRank([`${ids[0]!}!`, ids[1]!], ids)).toBe(1 / 2);
    expect(ndcgAtK([ids[1]!, ids[1]!], new Map([[ids[1]!, 2]]), 2)).toBe(1);
  });
});
