// Every metric reads each argument once, reads -0 as 0 and refuses counts past 2^53, so what it returns is a rate in
// [0, 1], never -0, computed from the values it checked.
import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { samplePreregistration } from './__fixtures__/reports.js';
import { agreementRate } from './agreement-rate.js';
import { summarizeCalibrationRows } from './calibration-report.js';
import { precision, recall } from './class-metrics.js';
import { confusionMatrix } from './confusion-matrix.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { changing, changingArray } from './__fixtures__/changing-reads.js';
import {
  hitRateAtK,
  meanReciprocalRank,
  precisionAtK,
  recallAtK,
  reciprocalRank,
} from './ranking-metrics.js';

const bad = <T>(value: unknown): T => value as T;

describe('precision and recall', () => {
  const matrix = { truePositive: 0, falsePositive: 1, falseNegative: 1, trueNegative: 0 };

  it('read a -0 count as 0, so they never return -0', () => {
    for (const key of ['truePositive', 'trueNegative'] as const) {
      const withNegativeZero = { ...matrix, [key]: -0 };
      const verdictClass = key === 'truePositive' ? 'positive' : 'negative';
      expect(Object.is(precision(withNegativeZero, verdictClass), 0)).toBe(true);
      expect(Object.is(recall(withNegativeZero, verdictClass), 0)).toBe(true);
    }
    expect(precision({ ...matrix, falsePositive: -0 }, 'positive')).toBeNull();
  });

  it('refuse a matrix whose counts add up past 2^53 (the total would not be exact)', () => {
    const huge = { ...matrix, truePositive: Number.MAX_SAFE_INTEGER, falsePositive: 2 };
    expect(() => precision(huge, 'positive')).toThrow(invalidArgument('matrix'));
    expect(() => recall(huge, 'negative')).toThrow(invalidArgument('matrix'));
    const edge = {
      truePositive: Number.MAX_SAFE_INTEGER - 1,
      falsePositive: 1,
      falseNegative: 0,
      trueNegative: 0,
    };
    expect(precision(edge, 'positive')).toBe((Number.MAX_SAFE_INTEGER - 1) / Number.MAX_SAFE_INTEGER);
  });

  it('compute from the counts they checked: a getter that changes after the check gives no rate above 1', () => {
    const matrixOnce = changing(matrix, 'truePositive', 1, -5);
    expect(precision(matrixOnce, 'positive')).toBe(1 / 2);
    expect(recall(changing(matrix, 'trueNegative', 3, -2), 'negative')).toBe(3 / 4);
  });
});

describe('the ranking metrics', () => {
  it('read a -0 reciprocal rank or gain as 0, so they never return -0', () => {
    expect(Object.is(meanReciprocalRank([-0, null]), 0)).toBe(true);
    expect(
      Object.is(
        ndcgAtK(
          ['a', 'b'],
          new Map([
            ['a', -0],
            ['b', 1],
          ]),
          1,
        ),
        0,
      ),
    ).toBe(true);
    expect(ndcgAtK(['a'], new Map([['a', -0]]), 1)).toBeNull();
    for (const value of [
      reciprocalRank(['a'], ['b']),
      precisionAtK(['a'], ['b'], 1),
      hitRateAtK(['a'], ['b'], 1),
    ]) {
      expect(Object.is(value, 0)).toBe(true);
    }
  });

  it('read `ranked` once: an element that changes after the check is neither scored nor missed', () => {
    expect(recallAtK(changingArray(['x', 'a'], 1, 'a', 'z'), ['a'], 2)).toBe(1);
    expect(precisionAtK(changingArray(['a'], 0, 'a', 7), ['a'], 1)).toBe(1);
    expect(hitRateAtK(changingArray(['a'], 0, 'a', {}), ['a'], 1)).toBe(1);
    expect(reciprocalRank(changingArray(['x', 'a'], 1, 'a', 'z'), ['a'])).toBe(1 / 2);
    expect(ndcgAtK(changingArray(['a'], 0, 'a', 'b'), new Map([['a', 1]]), 1)).toBe(1);
  });

  it('read `relevant` once: a gold array element that changes after the check counts as checked', () => {
    expect(recallAtK(['a', 'b'], changingArray(['a', 'b'], 1, 'b', 5), 2)).toBe(1);
  });
});

describe('the calibration metrics', () => {
  it('read each pair once: a verdict that changes after the check is counted as checked', () => {
    const pair = changing({ human: true, judge: true }, 'human', true, 'yes');
    expect(agreementRate([pair])).toBe(1);
    const other = changing({ human: true, judge: true }, 'judge', false, 'no');
    expect(confusionMatrix([other])).toEqual({
      truePositive: 0,
      falsePositive: 0,
      falseNegative: 1,
      trueNegative: 0,
    });
  });

  it('summarizeCalibrationRows reads each row and the pre-registration once', () => {
    const prereg = changing(samplePreregistration(), 'metric', 'agreement_rate', 'accuracy');
    const row = changing({ itemId: 'a', human: true, judge: false as boolean | null }, 'itemId', 'a', 7);
    const summary = summarizeCalibrationRows([row], prereg);
    expect(summary.disagreements).toEqual(['a']);
    expect(summary.outcome).toEqual({ value: 0, met: false });
    const threshold = changing(samplePreregistration(), 'threshold', 0.5, -1);
    expect(summarizeCalibrationRows([{ itemId: 'a', human: true, judge: true }], threshold).outcome.met).toBe(
      true,
    );
    const rows = [{ itemId: 'a', human: true, judge: false }];
    const zero = summarizeCalibrationRows(rows, bad({ ...samplePreregistration(), threshold: -0 }));
    expect(zero.outcome).toEqual({ value: 0, met: true });
    expect(Object.is(zero.precision.faithful, null) && Object.is(zero.recall.faithful, 0)).toBe(true);
  });
});
