import { checkArgument, InvalidArgumentError, isObject } from '@gk/internal';
import type { ConfusionMatrix } from './confusion-matrix.js';
import { readArgument } from './read-argument.js';

/** The class a per-class metric is computed for: `positive` is faithful (`true`), `negative` unfaithful. */
export type VerdictClass = 'positive' | 'negative';

const COUNTS = ['truePositive', 'falsePositive', 'falseNegative', 'trueNegative'] as const;

/**
 * The four counts of `matrix`, each read once into a copy (a getter read twice could give the check one count and
 * the division another), -0 read as 0 so no rate is -0. Throws `InvalidArgumentError` for an unknown class, a count
 * that is not a non-negative safe integer, counts whose total is past 2^53 (not exact) and a matrix that throws when read.
 */
function readMatrix(matrix: ConfusionMatrix, verdictClass: VerdictClass): ConfusionMatrix {
  if (verdictClass !== 'positive' && verdictClass !== 'negative') {
    throw new InvalidArgumentError({
      parameter: 'verdictClass',
      expected: "'positive' or 'negative'",
      received: verdictClass,
    });
  }
  return readArgument('matrix', () => {
    checkArgument(isObject(matrix), 'matrix', 'a confusion matrix', matrix);
    const copy = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
    let total = 0;
    for (const key of COUNTS) {
      const value: unknown = matrix[key];
      if (!Number.isSafeInteger(value) || (value as number) < 0) {
        throw new InvalidArgumentError({
          parameter: `matrix.${key}`,
          expected: 'a non-negative safe integer',
          received: value,
        });
      }
      copy[key] = (value as number) + 0; // -0 + 0 is 0
      total += copy[key];
    }
    checkArgument(
      total <= Number.MAX_SAFE_INTEGER,
      'matrix',
      'counts that add up to at most 2^53 - 1',
      total,
    );
    return copy;
  });
}

/**
 * Of the items the judge put in `verdictClass`, the share the human put there too:
 * `TP / (TP + FP)` for positive, `TN / (TN + FN)` for negative; `null` when the judge never chose that class.
 * Throws `InvalidArgumentError` for an unknown class or a matrix entry that is not a non-negative safe integer, or entries adding up past 2^53 (-0 reads as 0).
 */
export function precision(matrix: ConfusionMatrix, verdictClass: VerdictClass): number | null {
  const counts = readMatrix(matrix, verdictClass);
  const [hit, miss] =
    verdictClass === 'positive'
      ? [counts.truePositive, counts.falsePositive]
      : [counts.trueNegative, counts.falseNegative];
  return hit + miss === 0 ? null : hit / (hit + miss);
}

/**
 * Of the items the human put in `verdictClass`, the share the judge put there too:
 * `TP / (TP + FN)` for positive, `TN / (TN + FP)` for negative; `null` when the human never chose that class.
 * Throws `InvalidArgumentError` for an unknown class or a matrix entry that is not a non-negative safe integer, or entries adding up past 2^53 (-0 reads as 0).
 */
export function recall(matrix: ConfusionMatrix, verdictClass: VerdictClass): number | null {
  const counts = readMatrix(matrix, verdictClass);
  const [hit, miss] =
    verdictClass === 'positive'
      ? [counts.truePositive, counts.falseNegative]
      : [counts.trueNegative, counts.falsePositive];
  return hit + miss === 0 ? null : hit / (hit + miss);
}
