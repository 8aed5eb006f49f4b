// Scale: the quick scan over hundreds of thousands of strings, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { passesQuickScan } from './passes-quick-scan.js';

const quick = (text: string, maxDepth = 64): boolean => passesQuickScan(text, 0, text.length, maxDepth);

describe('passesQuickScan', () => {
  it('runs in linear time on many strings after one \\u escape', () => {
    const text = `[${'"a",'.repeat(200_000)}"\\u0041"]`;
    const started = process.cpuUsage();
    expect(quick(text)).toBe(true);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(2_000);
  });
});
