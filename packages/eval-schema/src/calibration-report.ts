import { checkArgument, isObject, StringMap } from '@gk/internal';
import { z } from 'zod';
import { agreementRate } from './agreement-rate.js';
import { precision, recall } from './class-metrics.js';
import { ConfusionMatrix, confusionMatrix } from './confusion-matrix.js';
import { Count, Identifier, IsoDateTime, JudgeIdentity, NullableRate, Sha256Hex } from './primitives.js';
import { CalibrationMetric, Preregistration } from './preregistration.js';
import { readArgument } from './read-argument.js';
import { expectCount, expectRate, expectUniqueIds, isBefore, WHEN_FIELDS_PARSED } from './rules.js';

/** One labelled item as measured: the human label and the judge verdict, `null` when the judge output was rejected. */
export const CalibrationRow = /* @__PURE__ */ (() =>
  z.strictObject({
    /** `LabelItem.id` of the item. */
    itemId: Identifier,
    /** The human label (`true` = faithful). */
    human: z.boolean(),
    /** The judge verdict (`true` = faithful), or `null` for a judge error. */
    judge: z.boolean().nullable(),
    /** The judge error code when `judge` is `null`. */
    errorCode: Identifier.optional(),
  }))();
/** One labelled item as measured: the human label and the judge verdict, `null` when the judge output was rejected. */
export type CalibrationRow = z.infer<typeof CalibrationRow>;

/** One item where judge and human disagree, with the judge's stated reasons for the analysis. */
export const Disagreement = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** `LabelItem.id` of the item. */
      itemId: Identifier,
      /** The human label. */
      human: z.boolean(),
      /** The judge verdict (always the opposite of `human`). */
      judge: z.boolean(),
      /** The judge's reasoning, as returned. */
      reasoning: z.string().optional(),
      /** The claims the judge called unsupported. */
      unsupportedClaims: z.array(z.string()).optional(),
      /** A human note from the disagreement analysis. */
      note: z.string().optional(),
    })
    .refine((d) => d.judge !== d.human, {
      message: 'expected judge to differ from human (a disagreement)',
      path: ['judge'],
      when: WHEN_FIELDS_PARSED.when,
    }))();
/** One item where judge and human disagree, with the judge's stated reasons for the analysis. */
export type Disagreement = z.infer<typeof Disagreement>;

/** Per-class rates, `null` where the class never occurs on the relevant side. */
const PerClass = /* @__PURE__ */ (() =>
  z.strictObject({
    /** The positive class (`faithful`). */
    faithful: NullableRate,
    /** The negative class (`unfaithful`). */
    unfaithful: NullableRate,
  }))();

/** The measured agreement of a judge with human labels under a pre-registration; every number is recomputed from `rows`. */
export const CalibrationReport = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Version of this schema; this package reads version 1. */
      schemaVersion: z.literal(1),
      /** The judge measured; must equal the pre-registered judge. */
      judge: JudgeIdentity,
      /** `LabelSet.hash` of the labels used; must equal the pre-registered one. */
      labelSetHash: Sha256Hex,
      /** The pre-registration this measurement answers, embedded so the report is self-checking. */
      preregistration: Preregistration,
      /** `hashPreregistration(preregistration)`; recompute it before trusting the report. */
      preregistrationHash: Sha256Hex,
      /** When the measurement ran; not before `preregistration.createdAt`. */
      measuredAt: IsoDateTime,
      /** One row per labelled item; item ids are unique. */
      rows: z.array(CalibrationRow).min(1),
      /** Rows whose judge output was rejected (excluded from every rate). */
      judgeErrors: Count,
      /** Confusion matrix over rows with a verdict. */
      confusionMatrix: ConfusionMatrix,
      /** Share of rows with a verdict where judge and human agree, `null` when no row has a verdict. */
      agreementRate: NullableRate,
      /** `precision(matrix, class)` per class. */
      precision: PerClass,
      /** `recall(matrix, class)` per class. */
      recall: PerClass,
      /** Every row with a verdict that differs from the human label, in row order. */
      disagreements: z.array(Disagreement),
      /** The pre-registered metric's value; `met` is true only when it is non-null and at least the threshold. */
      outcome: z.strictObject({
        /** The value of `preregistration.metric` on these rows. */
        value: NullableRate,
        /** Whether `value >= preregistration.threshold`. */
        met: z.boolean(),
      }),
    })
    .superRefine((report, ctx) => {
      expectUniqueIds(
        ctx,
        report.rows.map((row) => row.itemId),
        (index) => ['rows', index, 'itemId'],
      );
      report.rows.forEach((row, index) => {
        if ((row.judge === null) !== (row.errorCode !== undefined)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, 'errorCode'],
            message: 'expected errorCode exactly when judge is null',
          });
        }
      });
      const { preregistration } = report;
      const pr = preregistration.judge;
      if (
        pr.provider !== report.judge.provider ||
        pr.modelId !== report.judge.modelId ||
        pr.promptHash !== report.judge.promptHash ||
        pr.settingsHash !== report.judge.settingsHash
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['judge'],
          message: 'expected the judge to equal preregistration.judge',
        });
      }
      if (preregistration.labelSetHash !== report.labelSetHash) {
        ctx.addIssue({
          code: 'custom',
          path: ['labelSetHash'],
          message: 'expected labelSetHash to equal preregistration.labelSetHash',
        });
      }
      if (isBefore(report.measuredAt, preregistration.createdAt)) {
        ctx.addIssue({
          code: 'custom',
          path: ['measuredAt'],
          message: 'expected measuredAt not before preregistration.createdAt',
        });
      }
      const expected = summarizeCalibrationRows(report.rows, preregistration);
      expectCount(ctx, ['judgeErrors'], report.judgeErrors, expected.judgeErrors, 'rows with judge null');
      for (const key of Object.keys(expected.confusionMatrix) as Array<keyof ConfusionMatrix>) {
        expectCount(
          ctx,
          ['confusionMatrix', key],
          report.confusionMatrix[key],
          expected.confusionMatrix[key],
          `${key} recomputed from rows`,
        );
      }
      expectRate(ctx, ['agreementRate'], report.agreementRate, expected.agreementRate, 'agreementRate(rows)');
      for (const side of ['faithful', 'unfaithful'] as const) {
        expectRate(
          ctx,
          ['precision', side],
          report.precision[side],
          expected.precision[side],
          `precision ${side}`,
        );
        expectRate(ctx, ['recall', side], report.recall[side], expected.recall[side], `recall ${side}`);
      }
      const listed = report.disagreements;
      const wanted = expected.disagreements;
      if (listed.length !== wanted.length || listed.some((d, index) => d.itemId !== wanted[index])) {
        ctx.addIssue({
          code: 'custom',
          path: ['disagreements'],
          message: `expected exactly the ${expected.disagreements.length} disagreeing rows, in row order`,
        });
      }
      const rowsById = new StringMap<(typeof report.rows)[number]>();
      for (const row of report.rows) rowsById.set(row.itemId, row);
      report.disagreements.forEach((d, index) => {
        const row = rowsById.get(d.itemId);
        if (row !== undefined && (row.human !== d.human || row.judge !== d.judge)) {
          ctx.addIssue({
            code: 'custom',
            path: ['disagreements', index],
            message: 'expected human and judge to equal the row',
          });
        }
      });
      expectRate(
        ctx,
        ['outcome', 'value'],
        report.outcome.value,
        expected.outcome.value,
        preregistration.metric,
      );
      if (report.outcome.met !== expected.outcome.met) {
        ctx.addIssue({
          code: 'custom',
          path: ['outcome', 'met'],
          message: `expected met to be ${expected.outcome.met} (value ${expected.outcome.value ?? 'null'}, threshold ${preregistration.threshold})`,
        });
      }
    }, WHEN_FIELDS_PARSED))();
/** The measured agreement of a judge with human labels under a pre-registration; every number is recomputed from `rows`. */
export type CalibrationReport = z.infer<typeof CalibrationReport>;

/** Every number a `CalibrationReport` holds, computed from its rows by the pure metric functions. */
export interface CalibrationSummary {
  /** Rows whose judge output was rejected. */
  judgeErrors: number;
  /** Confusion matrix over rows with a verdict. */
  confusionMatrix: ConfusionMatrix;
  /** Agreement over rows with a verdict. */
  agreementRate: number | null;
  /** Precision per class. */
  precision: { faithful: number | null; unfaithful: number | null };
  /** Recall per class. */
  recall: { faithful: number | null; unfaithful: number | null };
  /** Item ids of rows whose verdict differs from the human label, in row order. */
  disagreements: string[];
  /** The pre-registered metric's value and whether it reaches the threshold. */
  outcome: { value: number | null; met: boolean };
}

/**
 * Computes the numbers of a `CalibrationReport` from its rows, so writers never compute them by hand. Throws
 * `InvalidArgumentError` for a row without a string `itemId`, a boolean `human` and a boolean or null `judge`, and
 * for a pre-registration without a known `metric` and a `threshold` in [0, 1], and for either that throws when read.
 */
export function summarizeCalibrationRows(
  rows: readonly CalibrationRow[],
  preregistration: Pick<Preregistration, 'metric' | 'threshold'>,
): CalibrationSummary {
  // Each field is read once into a copy: a getter read twice could pass the check and then count as something else.
  const copies = readArgument('rows', () => {
    checkArgument(Array.isArray(rows), 'rows', 'an array of calibration rows', rows);
    const read: Array<Pick<CalibrationRow, 'itemId' | 'human' | 'judge'>> = [];
    for (let index = 0, length = rows.length; index < length; index += 1) {
      const row: unknown = rows[index];
      const copy = isObject(row) ? { itemId: row.itemId, human: row.human, judge: row.judge } : undefined;
      const ok =
        copy !== undefined &&
        typeof copy.itemId === 'string' &&
        typeof copy.human === 'boolean' &&
        (copy.judge === null || typeof copy.judge === 'boolean');
      checkArgument(ok, `rows[${index}]`, '{ itemId: string, human: boolean, judge: boolean | null }', row);
      read.push(copy as Pick<CalibrationRow, 'itemId' | 'human' | 'judge'>);
    }
    return read;
  });
  const { metric, threshold } = readArgument('preregistration', () => {
    const read = isObject(preregistration)
      ? { metric: preregistration.metric, threshold: preregistration.threshold }
      : ({} as Partial<Preregistration>);
    const known = (CalibrationMetric.options as readonly unknown[]).includes(read.metric);
    const ok = known && typeof read.threshold === 'number' && read.threshold >= 0 && read.threshold <= 1;
    checkArgument(
      ok,
      'preregistration',
      '{ metric: CalibrationMetric, threshold: a number in [0, 1] }',
      preregistration,
    );
    return read;
  });
  const pairs = copies.flatMap((row) => (row.judge === null ? [] : [{ human: row.human, judge: row.judge }]));
  const matrix = confusionMatrix(pairs);
  const summary = {
    judgeErrors: copies.length - pairs.length,
    confusionMatrix: matrix,
    agreementRate: agreementRate(pairs),
    precision: { faithful: precision(matrix, 'positive'), unfaithful: precision(matrix, 'negative') },
    recall: { faithful: recall(matrix, 'positive'), unfaithful: recall(matrix, 'negative') },
    disagreements: copies
      .filter((row) => row.judge !== null && row.judge !== row.human)
      .map((row) => row.itemId),
  };
  const values: Record<Preregistration['metric'], number | null> = {
    agreement_rate: summary.agreementRate,
    precision_faithful: summary.precision.faithful,
    recall_faithful: summary.recall.faithful,
    precision_unfaithful: summary.precision.unfaithful,
    recall_unfaithful: summary.recall.unfaithful,
  };
  const value = values[metric as Preregistration['metric']];
  return { ...summary, outcome: { value, met: value !== null && value >= (threshold as number) } };
}
