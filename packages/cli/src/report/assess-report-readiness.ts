import type { CalibrationReport } from '@gk/eval-schema';
import { clopperPearsonLowerBound } from '@gk/internal';

// @gk/judge's MIN_LABELS_PER_CLASS (ADR 0034): the cli does not depend on @gk/judge (which needs `ai` as a peer), so
// the number is repeated here and must move with it. The bound on recall is the one @gk/judge computes.
const MIN_LABELS_PER_CLASS = 30;

/** One of `assessGateReadiness`'s five conditions as far as a calibration report alone decides it. */
export interface ReportReadinessCondition {
  id: 'label_set_verified' | 'agreement_measured' | 'preregistered' | 'judge_unchanged' | 'no_failing_class';
  /** `false` when the report shows the condition fails; `null` when deciding it needs more than the report. */
  holds: false | null;
  detail: string;
}

/**
 * What a calibration report alone says about gate readiness: each condition it shows failing (fewer labelled items
 * of a class than a gate needs, judge errors, an outcome not met, a class whose recall is 0 or below the threshold),
 * and the others as undecided. It never says ready: that needs the label set, the pre-registration and the judge about
 * to gate (`assessGateReadiness` in `@gk/judge`).
 */
export function assessReportReadiness(report: CalibrationReport): ReportReadinessCondition[] {
  const { metric, threshold } = report.preregistration;
  const classes = (['faithful', 'unfaithful'] as const).map((name) => {
    const human = name === 'faithful';
    const rows = report.rows.filter((row) => row.human === human);
    const right = rows.filter((row) => row.judge === human).length;
    const judged = rows.filter((row) => row.judge !== null).length;
    // Counted from the rows, not read from `report.recall`: the schema lets a stored rate sit up to 1e-9 from the
    // rows, and a recall of 0 stored as 1e-9 must not pass a threshold below it.
    const recall = judged === 0 ? null : right / judged;
    return {
      name,
      labelled: rows.length,
      right,
      judged,
      recall,
      lower: clopperPearsonLowerBound(right, rows.length),
    };
  });
  const [faithful, unfaithful] = classes as [(typeof classes)[0], (typeof classes)[0]];
  const few = Math.min(faithful.labelled, unfaithful.labelled) < MIN_LABELS_PER_CLASS;
  const failing = classes.filter(
    (entry) => entry.recall === null || entry.recall === 0 || entry.recall < threshold,
  );
  const value = report.outcome.value === null ? 'undefined' : round(report.outcome.value);
  return [
    {
      id: 'label_set_verified',
      holds: few ? false : null,
      detail:
        `${faithful.labelled} faithful and ${unfaithful.labelled} unfaithful labelled items; at least ${MIN_LABELS_PER_CLASS} distinct items of each class are needed` +
        (few
          ? ' (with fewer, even a judge right on every item may miss more than 1 in 10 of a class)'
          : "; the label set's hash, rubric and distinct items are checked against the label set itself"),
    },
    {
      id: 'agreement_measured',
      holds: report.judgeErrors > 0 || !report.outcome.met ? false : null,
      detail:
        report.judgeErrors > 0
          ? `${report.judgeErrors} items had no verdict (judge errors); rates that exclude them cannot gate`
          : `${metric} = ${value} against the pre-registered threshold ${threshold}: ${report.outcome.met ? "met; that the rows are the label set's items is checked against the label set" : 'not met'}`,
    },
    {
      id: 'preregistered',
      holds: null,
      detail: `the embedded pre-registration (created ${report.preregistration.createdAt}) matches its hash and precedes the measurement; that it is the one registered is checked against the pre-registration file`,
    },
    {
      id: 'judge_unchanged',
      holds: null,
      detail: `measured ${report.judge.provider} / ${report.judge.modelId}; checked against the judge about to gate`,
    },
    {
      id: 'no_failing_class',
      holds: failing.length > 0 ? false : null,
      detail: classes
        .map(
          (entry) =>
            `${entry.name}: ${entry.recall === null ? `no item has a verdict (${entry.labelled} labelled), so the judge is untested on it` : `right on ${entry.right} of ${entry.judged} (recall ${round(entry.recall)}, ${failing.includes(entry) ? 'fails' : 'at or above'} the threshold ${threshold})`}` +
            (entry.lower === null
              ? ''
              : `, 95% lower bound over its ${entry.labelled} items ${round(entry.lower)} (over distinct items it must reach the threshold)`),
        )
        .join('; '),
    },
  ];
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
