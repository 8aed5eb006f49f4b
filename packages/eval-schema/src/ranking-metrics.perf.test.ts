// Scale: 200,000 hits, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { recallAtK } from './ranking-metrics.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('recallAtK', () => {
  it('runs over 200,000 hits in linear time', () => {
    const many = Array.from({ length: 200_000 }, (_, index) => `d${index}`);
    const started = cpuNow();
    expect(recallAtK(many, ['d199999', 'd0'], 200_000)).toBe(1);
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});
