import { describe, expect, it } from 'vitest';
import { clopperPearsonLowerBound } from './clopper-pearson-lower-bound.js';

// Reference values: scipy.stats.beta.ppf(0.025, x, n - x + 1) (the quantile the exact bound is), cross-checked by a
// 60-digit mpmath bisection on the binomial tail P(X >= x | n, p) = 0.025.
const reference: Array<[number, number, number]> = [
  [30, 30, 0.8842966917779722],
  [1, 1, 0.025],
  [1, 32, 0.0007908685979525573],
  [29, 32, 0.7497730493162054],
  [4, 4, 0.3976353643835253],
  [184, 200, 0.8733351439779183],
  [32, 32, 0.8911188393206471],
  [35, 35, 0.8999675644278949],
  [36, 36, 0.902606244085508],
  [1, 44, 0.0005752392133630829],
  [2, 46, 0.005309482849429967],
  [4, 30, 0.037553496338363315],
  [7, 32, 0.09277153228471931],
  [11, 32, 0.18571909171656614],
  [21, 31, 0.48627017040724996],
  [5, 10, 0.18708602844739855],
  [50, 100, 0.39832112950330095],
  [999, 1000, 0.9944410757201734],
  [500_000, 1_000_000, 0.49901951919531184],
  [999_000, 1_000_000, 0.9989360818926848],
  [3, 1_000_000, 6.186725501906401e-7],
  [123_456, 1_000_000, 0.12281184162962973],
];

describe('clopperPearsonLowerBound', () => {
  it.each(reference)('is the exact bound for %i of %i (to 1e-9), never above it', (x, n, exact) => {
    const bound = clopperPearsonLowerBound(x, n)!;
    expect(Math.abs(bound - exact)).toBeLessThan(1e-9);
    expect(bound).toBeLessThanOrEqual(exact + 1e-12);
  });

  it('is 0.025^(1/n) for n of n, and 0 for none of n, and null for no trial', () => {
    for (const n of [1, 2, 30, 36, 1000, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect(clopperPearsonLowerBound(n, n)).toBe(Math.exp(Math.log(0.025) / n));
      expect(clopperPearsonLowerBound(0, n)).toBe(0);
    }
    expect(clopperPearsonLowerBound(30, 30)!.toFixed(5)).toBe('0.88430');
    expect(clopperPearsonLowerBound(0, 0)).toBeNull();
  });

  it('is below the anti-conservative Wilson bound at small counts (1 of 1: 0.025, not 0.2065)', () => {
    expect(clopperPearsonLowerBound(1, 1)).toBeCloseTo(0.025, 15);
    expect(clopperPearsonLowerBound(1, 32)!.toFixed(4)).toBe('0.0008');
  });

  it('stays in [0, rate] and rises with successes, up to huge n', () => {
    for (const n of [1, 2, 3, 30, 10_000, 2 ** 32 - 1, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      let previous = -1;
      const counts = [0, 1, 2, Math.floor(n / 2), n - 2, n - 1, n].filter((k) => k >= 0 && k <= n);
      for (const s of [...new Set(counts)].sort((a, b) => a - b)) {
        const bound = clopperPearsonLowerBound(s, n)!;
        expect(Number.isFinite(bound)).toBe(true);
        expect(bound).toBeGreaterThanOrEqual(0);
        expect(bound).toBeLessThanOrEqual(s / n);
        expect(bound).toBeGreaterThanOrEqual(previous);
        previous = bound;
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
    expect(() => clopperPearsonLowerBound(s, n)).toThrow(
      expect.objectContaining({ code: 'invalid_argument' }),
    );
  });
});
