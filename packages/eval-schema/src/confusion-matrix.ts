import { z } from 'zod';
import { readPairs } from './read-pairs.js';
import { Count } from './primitives.js';

/** One labelled item as seen by calibration: the human verdict and the judge verdict (`true` = faithful). */
export interface VerdictPair {
  /** The human label. */
  human: boolean;
  /** The judge's verdict. */
  judge: boolean;
}

/** Counts of judge verdicts against human labels, with `true` (faithful) as the positive class. */
export const ConfusionMatrix = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Human true, judge true. */
    truePositive: Count,
    /** Human false, judge true. */
    falsePositive: Count,
    /** Human true, judge false. */
    falseNegative: Count,
    /** Human false, judge false. */
    trueNegative: Count,
  }))();
/** Counts of judge verdicts against human labels, with `true` (faithful) as the positive class. */
export type ConfusionMatrix = z.infer<typeof ConfusionMatrix>;

/** Tallies verdict pairs into a confusion matrix with `true` (faithful) as the positive class; empty input gives all zeros. */
export function confusionMatrix(pairs: readonly VerdictPair[]): ConfusionMatrix {
  const copy = readPairs(pairs);
  const matrix: ConfusionMatrix = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
  for (const { human, judge } of copy) {
    if (judge) {
      if (human) matrix.truePositive += 1;
      else matrix.falsePositive += 1;
    } else if (human) matrix.falseNegative += 1;
    else matrix.trueNegative += 1;
  }
  return matrix;
}
