import { describe, expect, it } from 'vitest';
import { confusionMatrix } from './confusion-matrix.js';

describe('confusionMatrix', () => {
  it('tallies pairs with faithful (true) as the positive class', () => {
    const pairs = [
      { human: true, judge: true },
      { human: true, judge: false },
      { human: false, judge: true },
      { human: false, judge: false },
      { human: false, judge: false },
    ];
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
