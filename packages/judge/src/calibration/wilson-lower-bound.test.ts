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

  it('is exactly 0 for no success at every n (floating point left about 1e-17 at n = 11, 22, 27, ...)', () => {
    for (const n of [1, 11, 22, 27, 1000, 123_457, 2 ** 40]) expect(wilsonLowerBound(0, n)).toBe(0);
    for (let n = 1; n <= 2000; n += 1) expect(wilsonLowerBound(0, n)).toBe(0);
  });

  it('stays in [0, rate] at the edges: 1 of 1, n of n, n - 1 of n, and huge n', () => {
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(1 / (1 + 1.96 ** 2), 12);
    for (const n of [1, 2, 3, 30, 10_000, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      for (const s of [0, 1, n - 1, n].filter((k) => k >= 0 && k <= n)) {
        const bound = wilsonLowerBound(s, n)!;
        expect(bound).toBeGreaterThanOrEqual(0);
        expect(bound).toBeLessThanOrEqual(s / n);
      }
    }
  });

  it.each([
    [5, 3],
    [-1, 3],
    [Number.NaN, 3],
    [1.5, 3],
    [1, Number.NaN],
    [1, -2],
    [3, Number.POSITIVE_INFINITY],
    [1, 2.5],
  ])('refuses %s of %s with an InvalidArgumentError, not a NaN or a bound above the rate', (s, n) => {
    expect(() => wilsonLowerBound(s, n)).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
  });
});
