import { describe, expect, it } from 'vitest';
import { agreementRate, confusionMatrix, precision, recall } from './index.js';

const pairs = [
  { human: true, judge: true },
  { human: true, judge: false },
  { human: false, judge: true },
  { human: false, judge: false },
  { human: false, judge: false },
];

describe('confusionMatrix', () => {
  it('tallies pairs with faithful (true) as the positive class', () => {
    expect(confusionMatrix(pairs)).toEqual({
      truePositive: 1,
      falseNegative: 1,
      falsePositive: 1,
      trueNegative: 2,
    });
  });
  it('is all zeros for no pairs', () => {
    expect(confusionMatrix([])).toEqual({
      truePositive: 0,
      falsePositive: 0,
      falseNegative: 0,
      trueNegative: 0,
    });
  });
});

describe('agreementRate', () => {
  it('is the share of pairs where judge and human agree', () => {
    expect(agreementRate(pairs)).toBe(3 / 5);
    expect(agreementRate([{ human: false, judge: false }])).toBe(1);
    expect(agreementRate([{ human: true, judge: false }])).toBe(0);
  });
  it('is null for no pairs', () => {
    expect(agreementRate([])).toBeNull();
  });
});

describe('precision', () => {
  const matrix = confusionMatrix(pairs);
  it('is TP / (TP + FP) for positive and TN / (TN + FN) for negative', () => {
    expect(precision(matrix, 'positive')).toBe(1 / 2);
    expect(precision(matrix, 'negative')).toBe(2 / 3);
  });
  it('is null when the judge never chose the class', () => {
    const allFaithful = confusionMatrix([
      { human: true, judge: true },
      { human: false, judge: true },
    ]);
    expect(precision(allFaithful, 'negative')).toBeNull();
    expect(precision(allFaithful, 'positive')).toBe(1 / 2);
  });
  it('throws RangeError for an unknown class or a matrix entry that is not a count', () => {
    expect(() => precision(matrix, 'faithful' as 'positive')).toThrow(RangeError);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => precision({ ...matrix, truePositive: bad }, 'positive')).toThrow(RangeError);
    }
  });
});

describe('recall', () => {
  const matrix = confusionMatrix(pairs);
  it('is TP / (TP + FN) for positive and TN / (TN + FP) for negative', () => {
    expect(recall(matrix, 'positive')).toBe(1 / 2);
    expect(recall(matrix, 'negative')).toBe(2 / 3);
  });
  it('is null when the human never chose the class, and 0 (not null) when the judge missed every one', () => {
    const noUnfaithful = confusionMatrix([{ human: true, judge: false }]);
    expect(recall(noUnfaithful, 'negative')).toBeNull();
    expect(recall(noUnfaithful, 'positive')).toBe(0);
  });
  it('throws RangeError for a matrix entry that is not a count', () => {
    expect(() => recall({ ...matrix, trueNegative: -0.5 }, 'negative')).toThrow(RangeError);
  });
});
