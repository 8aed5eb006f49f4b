import { checkArgument, isObject } from '@gk/internal';
import { z } from 'zod';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { copyArgument } from './copy-value.js';
import { Identifier, IsoDateTime, JudgeIdentity, Rate, Sha256Hex } from './primitives.js';
import { readArgument } from './read-argument.js';

/**
 * The calibration metric a pre-registration commits to; `faithful` is the positive class, so
 * `precision_faithful` is `precision(matrix, 'positive')` and `recall_unfaithful` is `recall(matrix, 'negative')`.
 */
export const CalibrationMetric = /* @__PURE__ */ (() =>
  z.enum([
    'agreement_rate',
    'precision_faithful',
    'recall_faithful',
    'precision_unfaithful',
    'recall_unfaithful',
  ]))();
/** The calibration metric a pre-registration commits to (`faithful` is the positive class). */
export type CalibrationMetric = z.infer<typeof CalibrationMetric>;

/** A record written before measuring a judge: which metric must reach which threshold, for which judge and labels. */
export const Preregistration = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Version of this schema; this package reads version 1. */
    schemaVersion: z.literal(1),
    /** Unique id of the pre-registration. */
    id: Identifier,
    /** The metric the judge will be measured on. */
    metric: CalibrationMetric,
    /** The metric value at or above which the judge counts as calibrated. */
    threshold: Rate,
    /** The judge being calibrated (model identity and prompt hash). */
    judge: JudgeIdentity,
    /** `LabelSet.hash` of the human labels the judge will be measured against. */
    labelSetHash: Sha256Hex,
    /** When the record was written; must precede the measurement. */
    createdAt: IsoDateTime,
    /** Optional free-text rationale for the threshold. */
    note: z.string().optional(),
  }))();
/** A record written before measuring a judge: which metric must reach which threshold, for which judge and labels. */
export type Preregistration = z.infer<typeof Preregistration>;

const EXPECTED = 'a Preregistration (schemaVersion 1)';

/**
 * SHA-256 of a pre-registration's canonical encoding (object keys sorted), referenced by calibration reports.
 * Throws `InvalidArgumentError` for anything but an object of `schemaVersion` 1 made of JSON values that reads without
 * throwing.
 */
export async function hashPreregistration(preregistration: Preregistration): Promise<string> {
  // Read once into a plain copy: a getter cannot pass the check with one value and be hashed with another.
  const copy = readArgument('preregistration', () => {
    checkArgument(isObject(preregistration), 'preregistration', EXPECTED, preregistration);
    return copyArgument(preregistration, 'preregistration');
  });
  checkArgument((copy as Preregistration).schemaVersion === 1, 'preregistration', EXPECTED, copy);
  return sha256Hex('gk-preregistration-v1', canonicalJson(copy as Preregistration, 'preregistration'));
}
