import { type CalibrationReport, type Disagreement, safeParseCalibrationReport } from '@gk/eval-schema';
import { InvalidArgumentError } from '@gk/internal';

/** A human label class: `faithful` is the positive class, `unfaithful` the negative. */
export type LabelClass = 'faithful' | 'unfaithful';

/** How the judge did on the items humans put in one class. */
export interface ClassAnalysis {
  class: LabelClass;
  /** Items humans put in this class. */
  labelled: number;
  /** Of those, items where the judge gave no verdict (judge errors). */
  judgeErrors: number;
  /** Of those with a verdict, items where the judge agreed. */
  agreed: number;
  /**
   * Recall for this class counted from the report's rows (`agreed` of those with a verdict), `null` when no item of
   * the class has a verdict. The stored rate may differ from it by the schema's 1e-9 tolerance; this never does.
   */
  recall: number | null;
  /** True when recall is `null`, 0, or below the pre-registered threshold. */
  fails: boolean;
  /** The items of this class the judge put in the other class, with its reasoning. */
  disagreements: Disagreement[];
  /** One sentence for a human reader. */
  detail: string;
}

/** Which class the judge fails on, with the disagreeing and errored items listed. */
export interface DisagreementAnalysis {
  /** The classes the judge fails on; empty when it fails on neither. */
  failsOn: LabelClass[];
  faithful: ClassAnalysis;
  unfaithful: ClassAnalysis;
  /** Every disagreeing item, in row order. */
  disagreements: Disagreement[];
  /** Items without a verdict and the error code each raised. */
  judgeErrors: Array<{ itemId: string; errorCode: string }>;
}

/**
 * Reads a calibration report per human class: how many items of each class the judge got right, which it
 * got wrong, and whether it fails the class (recall undefined, 0, or below the pre-registered threshold), so a
 * high overall agreement cannot hide a judge that never spots an unfaithful answer.
 */
export function analyzeDisagreements(input: CalibrationReport): DisagreementAnalysis {
  const parsed = safeParseCalibrationReport(input);
  if (!parsed.success) {
    throw new InvalidArgumentError({
      parameter: 'report',
      expected: `a CalibrationReport (${parsed.error.message})`,
      received: input,
    });
  }
  // Read what was parsed (JSON text is accepted too), never the raw input.
  const report = parsed.data;
  const { threshold } = report.preregistration;
  const analyse = (labelClass: LabelClass): ClassAnalysis => {
    const human = labelClass === 'faithful';
    const rows = report.rows.filter((row) => row.human === human);
    const judged = rows.filter((row) => row.judge !== null);
    const agreed = judged.filter((row) => row.judge === human).length;
    // Counted from the rows, not read from `report.recall`: the schema lets a stored rate sit up to 1e-9 from the
    // rows, and a recall of 0 stored as 1e-9 must not pass a threshold below it.
    const recall = judged.length === 0 ? null : agreed / judged.length;
    // A class the judge never gets right fails whatever the threshold (a record with threshold 0 says nothing).
    const fails = recall === null || recall === 0 || recall < threshold;
    const detail =
      recall === null
        ? `no ${labelClass} item has a judge verdict (${rows.length} labelled), so the judge is untested on this class`
        : `the judge recognised ${agreed} of ${judged.length} ${labelClass} items (recall ${round(recall)}), ` +
          (fails && recall >= threshold
            ? `which fails the class whatever the threshold (pre-registered: ${threshold})`
            : `${fails ? 'below' : 'at or above'} the pre-registered threshold ${threshold}`);
    return {
      class: labelClass,
      labelled: rows.length,
      judgeErrors: rows.length - judged.length,
      agreed,
      recall,
      fails,
      disagreements: report.disagreements.filter((entry) => entry.human === human),
      detail,
    };
  };
  const faithful = analyse('faithful');
  const unfaithful = analyse('unfaithful');
  return {
    failsOn: [faithful, unfaithful].filter((entry) => entry.fails).map((entry) => entry.class),
    faithful,
    unfaithful,
    disagreements: [...report.disagreements],
    judgeErrors: report.rows.flatMap((row) =>
      row.judge === null ? [{ itemId: row.itemId, errorCode: row.errorCode ?? 'unknown' }] : [],
    ),
  };
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
