import { describe, expect, it } from 'vitest';
import { wilsonLowerBound } from './wilson-lower-bound.js';

describe('wilsonLowerBound', () => {
  it('gives the 95% bounds ADR 0034 quotes and the reviews computed', () => {
    expect(wilsonLowerBound(30, 30)).toBeCloseTo(30 / (30 + 1.96 ** 2), 12);
    expect(wilsonLowerBound(30, 30)!.toFixed(3)).toBe('0.886');
    expect(wilsonLowerBound(20, 20)!.toFixed(3)).toBe('0.839');
    expect(wilsonLowerBound(10, 10)!.toFixed(3)).toBe('0.722');
    expect(wilsonLowerBound(29, 32)!.toFixed(3)).toBe('0.758');
    expect(wilsonLowerBound(1, 32)!.toFixed(4)).toBe('0.0055');
  });

  it('is 0 for no success and null for no trial', () => {
    expect(wilsonLowerBound(0, 40)).toBe(0);
    expect(wilsonLowerBound(0, 0)).toBeNull();
  });
});
