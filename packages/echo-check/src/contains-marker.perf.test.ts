// Scale: a megabyte of brackets, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { generateMarker } from './generate-marker.js';
import { cpuNow } from './__fixtures__/cpu-time.js';

describe('containsMarker', () => {
  it('reads 1 MB of brackets in linear time', () => {
    const marker = generateMarker();
    const huge = '[[[['.repeat(256 * 1024);
    const started = cpuNow();
    expect(containsMarker(huge, marker)).toBe(false);
    expect(containsMarker(huge + marker, marker)).toBe(true);
    expect(cpuNow() - started).toBeLessThan(2_000);
  });
});
