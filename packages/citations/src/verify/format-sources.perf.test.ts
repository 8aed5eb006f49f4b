import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { passage } from '../__fixtures__/passage.js';
import { formatSources } from './format-sources.js';

describe('formatSources at scale', () => {
  it('runs in linear time on a megabyte of brackets', () => {
    const t0 = cpuNow();
    expect(formatSources([passage('['.repeat(1_000_000))]).length).toBe(1_000_008);
    expect(formatSources([passage('[1'.repeat(500_000))]).length).toBe(1_000_008);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
