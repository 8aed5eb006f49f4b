import { checkArgument, InvalidArgumentError, isObject } from '@gk/internal';
import type { ConfusionMatrix } from './confusion-matrix.js';

/** The class a per-class metric is computed for: `positive` is faithful (`true`), `negative` unfaithful. */
export type VerdictClass = 'positive' | 'negative';

const COUNTS = ['truePositive', 'falsePositive', 'falseNegative', 'trueNegative'] as const;

function checkMatrix(matrix: ConfusionMatrix, verdictClass: VerdictClass): void {
  if (verdictClass !== 'positive' && verdictClass !== 'negative') {
    throw new InvalidArgumentError({
      parameter: 'verdictClass',
      expected: "'positive' or 'negative'",
      received: verdictClass,
    });
  }
  checkArgument(isObject(matrix), 'matrix', 'a confusion matrix', matrix);
  for (const key of COUNTS) {
    const value = matrix[key];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new InvalidArgumentError({
        parameter: `matrix.${key}`,
        expected: 'a non-negative safe integer',
        received: value,
      });
    }
  }
}

/**
 * Of the items the judge put in `verdictClass`, the share the human put there too:
 * `TP / (TP + FP)` for positive, `TN / (TN + FN)` for negative; `null` when the judge never chose that class.
 * Throws `InvalidArgumentError` for an unknown class or a matrix entry that is not a non-negative safe integer.
 */
export function precision(matrix: ConfusionMatrix, verdictClass: VerdictClass): number | null {
  checkMatrix(matrix, verdictClass);
  const [hit, miss] =
    verdictClass === 'positive'
      ? [matrix.truePositive, matrix.falsePositive]
      : [matrix.trueNegative, matrix.falseNegative];
  return hit + miss === 0 ? null : hit / (hit + miss);
}

/**
 * Of the items the human put in `verdictClass`, the share the judge put there too:
 * `TP / (TP + FN)` for positive, `TN / (TN + FP)` for negative; `null` when the human never chose that class.
 * Throws `InvalidArgumentError` for an unknown class or a matrix entry that is not a non-negative safe integer.
 */
export function recall(matrix: ConfusionMatrix, verdictClass: VerdictClass): number | null {
  checkMatrix(matrix, verdictClass);
  const [hit, miss] =
    verdictClass === 'positive'
      ? [matrix.truePositive, matrix.falseNegative]
      : [matrix.trueNegative, matrix.falsePositive];
  return hit + miss === 0 ? null : hit / (hit + miss);
}
