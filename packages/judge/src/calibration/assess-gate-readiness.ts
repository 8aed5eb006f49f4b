import {
  type CalibrationReport,
  hashPreregistration,
  type JudgeIdentity,
  type LabelSet,
  type Preregistration,
  safeParseCalibrationReport,
} from '@gk/eval-schema';
import { checkArgument, isObject } from '@gk/internal';
import { analyzeDisagreements } from './analyze-disagreements.js';
import { checkJudgeIdentity } from './check-judge-identity.js';
import { checkPreregistration } from './check-preregistration.js';
import { verifyLabelSet } from './verify-label-set.js';

/**
 * The fewest labelled items of each class a label set needs before a judge may gate: with 30 of 30 right, the 95%
 * upper bound on the class's miss rate is still 10% (rule of three, 3/30; Wilson lower bound on recall 0.886).
 */
export const MIN_LABELS_PER_CLASS = 30;

/** The five conditions, in the order the calibration procedure establishes them. */
export type ReadinessConditionId =
  | 'label_set_verified'
  | 'agreement_measured'
  | 'preregistered'
  | 'judge_unchanged'
  | 'no_failing_class';

/** One readiness condition: whether it holds and why, in words. */
export interface ReadinessCondition {
  id: ReadinessConditionId;
  holds: boolean;
  detail: string;
}

/** All five conditions as data; `ready` only when every one holds. */
export interface GateReadiness {
  conditions: ReadinessCondition[];
  ready: boolean;
}

/** The calibration artifacts (parsed or raw JSON values) and the judge that would gate. */
export interface AssessGateReadinessOptions {
  labelSet?: LabelSet | unknown;
  preregistration?: Preregistration | unknown;
  report?: CalibrationReport | unknown;
  /** The judge about to be used as a gate: its identity now, from `describeJudge`. */
  judge: JudgeIdentity;
}

/**
 * Reports whether a judge may gate anything, as five conditions: a verified label set with at least
 * `MIN_LABELS_PER_CLASS` items of each class, an agreement measurement on exactly that set that met its
 * pre-registered threshold without judge errors, a pre-registration written before it for the same judge, prompt
 * and labels, a judge unchanged since, and no class the judge fails on (recall 0 always fails). It never throws on a verdict and never fails anything itself.
 */
export async function assessGateReadiness(options: AssessGateReadinessOptions): Promise<GateReadiness> {
  checkArgument(isObject(options), 'options', 'an options object', options);
  checkJudgeIdentity(options.judge, 'options.judge');
  const conditions: ReadinessCondition[] = [];
  const add = (id: ReadinessConditionId, holds: boolean, detail: string): void => {
    conditions.push({ id, holds, detail });
  };

  const verified = options.labelSet === undefined ? undefined : await verifyLabelSet(options.labelSet);
  const labelSet = verified?.success ? verified.data : undefined;
  if (verified === undefined) add('label_set_verified', false, 'no label set was given');
  else if (!verified.success)
    add('label_set_verified', false, verified.error.problems.map((p) => p.message).join('; '));
  else {
    const faithful = verified.data.items.filter((item) => item.faithful).length;
    const unfaithful = verified.data.items.length - faithful;
    const enough = Math.min(faithful, unfaithful) >= MIN_LABELS_PER_CLASS;
    add(
      'label_set_verified',
      enough,
      `hash verified; ${faithful} faithful and ${unfaithful} unfaithful items` +
        (enough
          ? ''
          : ` (at least ${MIN_LABELS_PER_CLASS} of each class are needed: with fewer, even a judge right on every item may miss more than 1 in 10 of a class)`),
    );
  }

  const parsed = options.report === undefined ? undefined : safeParseCalibrationReport(options.report);
  const report = parsed?.success ? parsed.data : undefined;
  if (parsed === undefined) add('agreement_measured', false, 'no calibration report was given');
  else if (!parsed.success)
    add('agreement_measured', false, `the calibration report is invalid: ${parsed.error.message}`);
  else add('agreement_measured', ...agreementCondition(parsed.data, labelSet));

  if (report === undefined)
    add('preregistered', false, 'no calibration report to check a pre-registration against');
  else add('preregistered', ...(await preregistrationCondition(report, options.preregistration, labelSet)));

  if (report === undefined) add('judge_unchanged', false, 'no calibration report records a judge');
  else {
    const same = sameJudge(report.judge, options.judge);
    add(
      'judge_unchanged',
      same,
      same
        ? 'the judge and prompt hash are the ones measured'
        : 'the judge model or prompt changed since the measurement; the calibration no longer applies',
    );
  }

  if (report === undefined) add('no_failing_class', false, 'no calibration report to analyse');
  else {
    const analysis = analyzeDisagreements(report);
    const { faithful, unfaithful } = analysis;
    add(
      'no_failing_class',
      analysis.failsOn.length === 0,
      (analysis.failsOn.length === 0
        ? 'fails on neither class: '
        : `fails on ${analysis.failsOn.join(' and ')}: `) + `${faithful.detail}; ${unfaithful.detail}`,
    );
  }
  return { conditions, ready: conditions.every((condition) => condition.holds) };
}

function agreementCondition(report: CalibrationReport, labelSet: LabelSet | undefined): [boolean, string] {
  if (labelSet === undefined) return [false, 'the report cannot be tied to a verified label set'];
  if (report.labelSetHash !== labelSet.hash) return [false, 'the report was measured on another label set'];
  const labels = new Map(labelSet.items.map((item) => [item.id, item.faithful]));
  const covers =
    report.rows.length === labels.size && report.rows.every((row) => labels.get(row.itemId) === row.human);
  if (!covers) return [false, 'the report rows do not match the label set items and labels one for one'];
  const { metric, threshold } = report.preregistration;
  const value = report.outcome.value === null ? 'undefined' : String(report.outcome.value);
  if (report.judgeErrors > 0) {
    return [
      false,
      `${report.judgeErrors} items had no verdict (judge errors); rates that exclude them cannot gate`,
    ];
  }
  return [
    report.outcome.met,
    `${metric} = ${value} against the pre-registered threshold ${threshold}: ${report.outcome.met ? 'met' : 'not met'}`,
  ];
}

async function preregistrationCondition(
  report: CalibrationReport,
  input: unknown,
  labelSet: LabelSet | undefined,
): Promise<[boolean, string]> {
  const checked = checkPreregistration(input, {
    judge: report.judge,
    labelSetHash: labelSet?.hash ?? report.labelSetHash,
    measuredAt: new Date(report.measuredAt),
  });
  if (!checked.success) return [false, checked.error.problems.map((problem) => problem.message).join('; ')];
  const hash = await hashPreregistration(checked.data);
  if (hash !== report.preregistrationHash || hash !== (await hashPreregistration(report.preregistration))) {
    return [false, 'the report answers a different pre-registration than the one given'];
  }
  return [
    true,
    `pre-registered at ${checked.data.createdAt}, before the measurement at ${report.measuredAt}`,
  ];
}

function sameJudge(a: JudgeIdentity, b: JudgeIdentity): boolean {
  return a.provider === b.provider && a.modelId === b.modelId && a.promptHash === b.promptHash;
}
