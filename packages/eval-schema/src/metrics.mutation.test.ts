// Behaviour pinned by mutation testing (npm run mutation -- eval-schema): exact error messages, inclusive
// boundaries, and the ideal ordering behind nDCG where the final clamp would hide a wrong one.
import { describe, expect, it } from 'vitest';
import {
  agreementRate,
  hitRateAtK,
  meanReciprocalRank,
  ndcgAtK,
  precision,
  precisionAtK,
  recall,
  recallAtK,
  reciprocalRank,
} from './index.js';

const matrix = { truePositive: 2, falsePositive: 1, falseNegative: 3, trueNegative: 4 };

describe('metric errors name the value received', () => {
  it('rejects a cutoff below 1 with its value, and accepts k = 1', () => {
    for (const metric of [recallAtK, precisionAtK, hitRateAtK]) {
      expect(() => metric(['a'], ['a'], 0)).toThrow('k must be a positive integer, received 0');
      expect(metric(['a'], ['a'], 1)).toBe(1);
    }
    expect(() => ndcgAtK(['a'], new Map([['a', 1]]), -3)).toThrow(
      'k must be a positive integer, received -3',
    );
  });

  it('rejects a reciprocal rank outside [0, 1] with its value, boundaries included', () => {
    expect(meanReciprocalRank([0, 1])).toBe(0.5);
    expect(meanReciprocalRank([null, 0, null])).toBe(0);
    expect(() => meanReciprocalRank([1.0001])).toThrow(
      'a reciprocal rank must lie in [0, 1], received 1.0001',
    );
    expect(() => meanReciprocalRank([-0.5])).toThrow('a reciprocal rank must lie in [0, 1], received -0.5');
    expect(() => meanReciprocalRank([Number.NaN])).toThrow(RangeError);
  });

  it('rejects a negative gain with the id and value, and accepts a zero gain', () => {
    expect(() => ndcgAtK(['a'], new Map([['a', -2]]), 1)).toThrow(
      'gain of "a" must be a finite number >= 0, received -2',
    );
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

  it('cuts a long class name to 40 characters and a long id to 60 in the message', () => {
    const longClass = `c${'x'.repeat(99)}`;
    expect(() => precision(matrix, longClass as 'positive')).toThrow(
      new RangeError(`class must be 'positive' or 'negative', received ${longClass.slice(0, 40)}`),
    );
    const longId = 'i'.repeat(100);
    expect(() => ndcgAtK([longId], new Map([[longId, -1]]), 1)).toThrow(
      new RangeError(
        `gain of ${JSON.stringify(longId).slice(0, 60)} must be a finite number >= 0, received -1`,
      ),
    );
  });

  it('rejects an unknown class and a bad matrix entry with what was received', () => {
    expect(() => precision(matrix, 'both' as 'positive')).toThrow(
      "class must be 'positive' or 'negative', received both",
    );
    expect(() => recall({ ...matrix, trueNegative: -1 }, 'negative')).toThrow(
      'confusion matrix trueNegative must be a non-negative safe integer, received -1',
    );
    expect(() => recall({ ...matrix, falsePositive: 0.5 }, 'positive')).toThrow(RangeError);
  });
});

describe('metric values at their edges', () => {
  it('computes both classes of precision and recall from one matrix', () => {
    expect(precision(matrix, 'positive')).toBe(2 / 3);
    expect(precision(matrix, 'negative')).toBe(4 / 7);
    expect(recall(matrix, 'positive')).toBe(2 / 5);
    expect(recall(matrix, 'negative')).toBe(4 / 5);
    const none = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
    expect([precision(none, 'positive'), recall(none, 'negative')]).toEqual([null, null]);
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

  it('gives reciprocal rank 1 at the top, 1/n further down, 0 when absent and null without gold', () => {
    expect(reciprocalRank(['a', 'b'], ['a'])).toBe(1);
    expect(reciprocalRank(['x', 'y', 'a'], ['a'])).toBe(1 / 3);
    expect(reciprocalRank(['x'], ['a'])).toBe(0);
    expect(reciprocalRank(['x'], [])).toBeNull();
  });

  it('gives hit rate 1 or 0, null without gold, and agreement over all pairs', () => {
    expect(hitRateAtK(['x', 'a'], ['a'], 1)).toBe(0);
    expect(hitRateAtK(['x', 'a'], ['a'], 2)).toBe(1);
    expect(hitRateAtK(['x'], new Set<string>(), 2)).toBeNull();
    expect(
      agreementRate([
        { human: true, judge: true },
        { human: false, judge: true },
        { human: false, judge: false },
        { human: true, judge: false },
      ]),
    ).toBe(1 / 2);
  });
});
