import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { precision, recall } from './class-metrics.js';
import { confusionMatrix } from './confusion-matrix.js';

const pairs = [
  { human: true, judge: true },
  { human: true, judge: false },
  { human: false, judge: true },
  { human: false, judge: false },
  { human: false, judge: false },
];
const matrix = confusionMatrix(pairs);
const uneven = { truePositive: 2, falsePositive: 1, falseNegative: 3, trueNegative: 4 };

describe('precision', () => {
  it('is TP / (TP + FP) for positive and TN / (TN + FN) for negative', () => {
    expect(precision(matrix, 'positive')).toBe(1 / 2);
    expect(precision(matrix, 'negative')).toBe(2 / 3);
    expect(precision(uneven, 'positive')).toBe(2 / 3);
    expect(precision(uneven, 'negative')).toBe(4 / 7);
  });

  it('is null when the judge never chose the class', () => {
    const allFaithful = confusionMatrix([
      { human: true, judge: true },
      { human: false, judge: true },
    ]);
    expect(precision(allFaithful, 'negative')).toBeNull();
    expect(precision(allFaithful, 'positive')).toBe(1 / 2);
    expect(precision(confusionMatrix([]), 'positive')).toBeNull();
  });

  it('throws InvalidArgumentError for an unknown class, naming it (never a long one whole)', () => {
    expect(() => precision(matrix, 'faithful' as 'positive')).toThrow(invalidArgument('verdictClass'));
    expect(() => precision(uneven, 'both' as 'positive')).toThrow(
      invalidArgument(
        'verdictClass',
        `Invalid verdictClass: expected 'positive' or 'negative', received the string "both".`,
      ),
    );
    const longClass = `c${'x'.repeat(99)}`;
    expect(() => precision(uneven, longClass as 'positive')).toThrow(
      `Invalid verdictClass: expected 'positive' or 'negative', received a string of length 100.`,
    );
  });

  it('throws InvalidArgumentError for a matrix entry that is not a count', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => precision({ ...matrix, truePositive: bad }, 'positive')).toThrow(
        invalidArgument('matrix.truePositive'),
      );
    }
  });
});

describe('recall', () => {
  it('is TP / (TP + FN) for positive and TN / (TN + FP) for negative', () => {
    expect(recall(matrix, 'positive')).toBe(1 / 2);
    expect(recall(matrix, 'negative')).toBe(2 / 3);
    expect(recall(uneven, 'positive')).toBe(2 / 5);
    expect(recall(uneven, 'negative')).toBe(4 / 5);
  });

  it('is null when the human never chose the class, and 0 (not null) when the judge missed every one', () => {
    const noUnfaithful = confusionMatrix([{ human: true, judge: false }]);
    expect(recall(noUnfaithful, 'negative')).toBeNull();
    expect(recall(noUnfaithful, 'positive')).toBe(0);
    expect(recall(confusionMatrix([]), 'negative')).toBeNull();
  });

  it('throws InvalidArgumentError for a matrix entry that is not a count, naming the entry and the value', () => {
    expect(() => recall({ ...matrix, trueNegative: -0.5 }, 'negative')).toThrow(
      invalidArgument('matrix.trueNegative'),
    );
    expect(() => recall({ ...uneven, falsePositive: 0.5 }, 'positive')).toThrow(
      invalidArgument('matrix.falsePositive'),
    );
    expect(() => recall({ ...uneven, trueNegative: -1 }, 'negative')).toThrow(
      'Invalid matrix.trueNegative: expected a non-negative safe integer, received number -1.',
    );
  });
});
