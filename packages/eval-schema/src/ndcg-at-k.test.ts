import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { ndcgAtK } from './index.js';

describe('ndcgAtK', () => {
  it('divides linear-gain DCG by the ideal DCG of the graded judgments', () => {
    const gains = new Map([
      ['a', 0],
      ['b', 2],
      ['c', 1],
      ['d', 3],
    ]);
    // DCG = 0/log2(2) + 2/log2(3) + 1/log2(4); IDCG@3 = 3/log2(2) + 2/log2(3) + 1/log2(4)
    const expected = (2 / Math.log2(3) + 1 / 2) / (3 + 2 / Math.log2(3) + 1 / 2);
    expect(ndcgAtK(['a', 'b', 'c'], gains, 3)).toBeCloseTo(expected, 12);
    expect(ndcgAtK(['a', 'b', 'c'], gains, 3)).toBeCloseTo(0.37, 2);
    expect(ndcgAtK(['d', 'b', 'c', 'a'], gains, 4)).toBe(1);
  });

  it('caps the ideal DCG at k', () => {
    const gains = new Map([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    expect(ndcgAtK(['a'], gains, 1)).toBe(1);
    expect(ndcgAtK(['x', 'a'], gains, 2)).toBeCloseTo(1 / Math.log2(3) / (1 + 1 / Math.log2(3)), 12);
  });

  it('lets a list shorter than k lose only the gain it did not retrieve', () => {
    const gains = new Map([
      ['a', 1],
      ['b', 1],
    ]);
    expect(ndcgAtK(['b'], gains, 5)).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
  });

  it('does not care how tied gains are ordered', () => {
    const gains = new Map([
      ['a', 2],
      ['b', 2],
    ]);
    expect(ndcgAtK(['b', 'a'], gains, 2)).toBe(1);
    expect(ndcgAtK(['a', 'b'], gains, 2)).toBe(1);
  });

  it('gives a repeated id its gain only at its first rank', () => {
    const gains = new Map([
      ['a', 1],
      ['b', 1],
    ]);
    // DCG = 1 + 0 + 1/log2(4) = 1.5; IDCG@3 = 1 + 1/log2(3)
    expect(ndcgAtK(['a', 'a', 'b'], gains, 3)).toBeCloseTo(1.5 / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAtK(['a', 'a', 'a'], new Map([['a', 3]]), 3)).toBe(1);
  });

  it('is null when no id has a positive gain', () => {
    expect(ndcgAtK(['a'], new Map(), 3)).toBeNull();
    expect(ndcgAtK(['a'], new Map([['a', 0]]), 3)).toBeNull();
  });

  it('orders the ideal ranking by descending gain before cutting at k', () => {
    const gains = new Map([
      ['a', 2],
      ['b', 10],
      ['c', 3],
    ]);
    // IDCG@2 = 10 + 3 / log2(3); a default (string) sort or an ascending one would pick 2 instead of 3.
    expect(ndcgAtK(['b', 'a'], gains, 2)).toBeCloseTo((10 + 2 / Math.log2(3)) / (10 + 3 / Math.log2(3)), 12);
    expect(
      ndcgAtK(
        ['a', 'b'],
        new Map([
          ['a', 1],
          ['b', 3],
        ]),
        1,
      ),
    ).toBeCloseTo(1 / 3, 12);
  });

  it('counts a zero gain as no gain at its rank', () => {
    expect(
      ndcgAtK(
        ['a', 'b'],
        new Map([
          ['a', 0],
          ['b', 1],
        ]),
        2,
      ),
    ).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('throws InvalidArgumentError for an invalid k, naming the value', () => {
    const gains = new Map([['a', 1]]);
    for (const k of [0, -2, 2.5, Number.NaN])
      expect(() => ndcgAtK(['a'], gains, k)).toThrow(invalidArgument('k'));
    expect(() => ndcgAtK(['a'], gains, -3)).toThrow(
      'Invalid k: expected a positive integer, received number -3.',
    );
  });

  it('throws InvalidArgumentError for a negative or non-finite gain, naming the id (cut to 60 characters) and the value', () => {
    for (const gain of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => ndcgAtK(['a'], new Map([['a', gain]]), 1)).toThrow(invalidArgument('gains.get("a")'));
    }
    expect(() => ndcgAtK(['a'], new Map([['a', -2]]), 1)).toThrow(
      'Invalid gains.get("a"): expected a finite number >= 0, received number -2.',
    );
    const longId = 'i'.repeat(100);
    expect(() => ndcgAtK([longId], new Map([[longId, -1]]), 1)).toThrow(
      `Invalid gains.get(${JSON.stringify(longId).slice(0, 60)}…): expected a finite number >= 0, received number -1.`,
    );
  });

  it('refuses gains that only look like a Map, and reads a Map once through its own entries', () => {
    const entries = function* (): Generator<[string, number]> {
      yield ['a', 1];
    };
    const nanGet = { get: () => Number.NaN, [Symbol.iterator]: entries };
    const lyingGet = { get: (id: string) => (id === 'a' ? 1 : 50), [Symbol.iterator]: entries };
    for (const gains of [nanGet, lyingGet, Object.create(Map.prototype), [['a', 1]]]) {
      expect(() => ndcgAtK(['b', 'c'], gains as Map<string, number>, 2)).toThrow(invalidArgument('gains'));
    }
    class LyingMap extends Map<string, number> {
      override get(): number {
        return 50;
      }
    }
    expect(ndcgAtK(['b', 'c'], new LyingMap([['a', 1]]), 2)).toBe(0);
    expect(() => ndcgAtK(['a'], new Map([['a', '1' as unknown as number]]), 1)).toThrow(
      invalidArgument('gains.get("a")'),
    );
  });

  it('handles huge gains without overflow to NaN', () => {
    const gains = new Map([
      ['a', Number.MAX_SAFE_INTEGER],
      ['b', 2 ** 60],
    ]);
    const value = ndcgAtK(['a', 'b'], gains, 2);
    expect(value).not.toBeNull();
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(1);
  });

  it('never returns NaN for huge finite gains: their sums would overflow to Infinity', () => {
    const huge = new Map([
      ['a', 1.7e308],
      ['b', 1.7e308],
    ]);
    expect(ndcgAtK(['a', 'b'], huge, 2)).toBe(1);
    expect(ndcgAtK(['b', 'x', 'a'], huge, 3)).toBeCloseTo((1 + 1 / 2) / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAtK(['a'], new Map([['a', Number.MAX_VALUE]]), 1)).toBe(1);
  });
});
