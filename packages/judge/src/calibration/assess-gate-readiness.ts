import {
  type CalibrationReport,
  hashPreregistration,
  type JudgeIdentity,
  type LabelSet,
  type Preregistration,
  safeParseCalibrationReport,
  summarizeCalibrationRows,
} from '@gk/eval-schema';
import {
  checkArgument,
  clopperPearsonLowerBound,
  isObject,
  readOptions,
  StringMap,
  readArgument,
} from '@gk/internal';
import { hashPromptTemplate, type PromptTemplate } from '@gk/model-kit';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { judgePromptOf } from '../faithfulness/describe-judge.js';
import { analyzeDisagreements, type LabelClass } from './analyze-disagreements.js';
import { checkJudgeIdentity, settingsHashOf } from './check-judge-identity.js';
import { checkPreregistration } from './check-preregistration.js';
import { distinctItems } from './distinct-items.js';
import { type DistinctRows, distinctRows } from './distinct-rows.js';
import { verifyLabelSet } from './verify-label-set.js';

/**
 * The fewest distinct labelled items (by what the judge is shown of them) of each class a label set needs before a
 * judge may gate: with 30 of 30 right, the exact (Clopper–Pearson) 95% lower bound on the class's recall is 0.884
 * (0.025^(1/30)), so it may still miss up to 0.116 of the class.
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
  /** The judge about to be used as a gate: its identity now, from `describeJudge` with the settings it will use. */
  judge: JudgeIdentity;
  /**
   * The judge's prompt template, whose hash must be `judge.promptHash`; the label set's rubric must occur in it.
   * Defaults to `defaultJudgePrompt`, so a judge with another prompt is not ready until its template is given.
   */
  prompt?: PromptTemplate;
}

/**
 * Reports whether a judge may gate anything, as five conditions: a verified label set (its rubric in the judge's
 * prompt, no item labelled both ways) with at least `MIN_LABELS_PER_CLASS` distinct items of each class, an agreement
 * measurement on exactly that set without judge errors whose pre-registered metric meets its threshold over distinct
 * items (copies count once; copies judged both ways count as wrong) and over its rows, a pre-registration
 * written before it for the same judge, prompt, call settings and labels, a judge unchanged since (model, prompt and
 * call settings), and no class the judge fails on: each class's recall must be above 0 and its exact (Clopper–Pearson)
 * 95% lower bound, over distinct items, must reach the threshold. It never throws on a verdict and never fails anything itself.
 */
export async function assessGateReadiness(options: AssessGateReadinessOptions): Promise<GateReadiness> {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // Every option is read once, here, and only the copies are used: a getter read twice could pass one check with
  // one value (a prompt hash, a template) and another with a second.
  const {
    labelSet: labelSetInput,
    preregistration,
    report: reportInput,
    judge: judgeInput,
    prompt: given,
  } = readOptions(options);
  const judge = checkJudgeIdentity(judgeInput, 'options.judge');
  const conditions: ReadinessCondition[] = [];
  const add = (id: ReadinessConditionId, holds: boolean, detail: string): void => {
    conditions.push({ id, holds, detail });
  };

  const prompt = judgePromptOf(given ?? defaultJudgePrompt, 'options.prompt');
  // The rubric check means something only for the template this judge really uses.
  const promptKnown = (await hashPromptTemplate(prompt)) === judge.promptHash;
  const verified = labelSetInput === undefined ? undefined : await verifyLabelSet(labelSetInput, { prompt });
  const labelSet = verified?.success ? verified.data : undefined;
  if (verified === undefined) add('label_set_verified', false, 'no label set was given');
  else if (!promptKnown) {
    add(
      'label_set_verified',
      false,
      `the prompt template ${given === undefined ? '(none given, so defaultJudgePrompt)' : 'given'} is not the one options.judge.promptHash names; give the judge's template as options.prompt so the label set's rubric can be checked against it`,
    );
  } else if (!verified.success)
    add('label_set_verified', false, verified.error.problems.map((p) => p.message).join('; '));
  else {
    const { items } = verified.data;
    // Keyed across both classes: an item is counted once, in the one class verification left it (never both).
    const labels = new StringMap(items.map((item) => [item.id, item.faithful]));
    let faithful = 0;
    let unfaithful = 0;
    for (const [id] of distinctItems(items, prompt)) {
      if (labels.get(id!)) faithful += 1;
      else unfaithful += 1;
    }
    const copies = items.length - faithful - unfaithful;
    const enough = Math.min(faithful, unfaithful) >= MIN_LABELS_PER_CLASS;
    add(
      'label_set_verified',
      enough,
      `hash verified, rubric in the judge's prompt; ${faithful} faithful and ${unfaithful} unfaithful distinct items` +
        (copies === 0
          ? ''
          : ` (${copies} items differ from another in no visible character and count once)`) +
        (enough
          ? ''
          : ` (at least ${MIN_LABELS_PER_CLASS} distinct items of each class are needed: with fewer, even a judge right on every item may miss more than 1 in 10 of a class)`),
    );
  }

  const parsed = reportInput === undefined ? undefined : safeParseCalibrationReport(reportInput);
  const report = parsed?.success ? parsed.data : undefined;
  // The report's rows once per distinct item, for the pre-registered metric and the recall bounds alike.
  const distinct =
    report === undefined || labelSet === undefined ? undefined : distinctRows(report, labelSet, prompt);
  if (parsed === undefined) add('agreement_measured', false, 'no calibration report was given');
  else if (!parsed.success)
    add('agreement_measured', false, `the calibration report is invalid: ${parsed.error.message}`);
  else add('agreement_measured', ...agreementCondition(parsed.data, labelSet, distinct));

  if (report === undefined)
    add('preregistered', false, 'no calibration report to check a pre-registration against');
  else add('preregistered', ...(await preregistrationCondition(report, preregistration, labelSet)));

  if (report === undefined) add('judge_unchanged', false, 'no calibration report records a judge');
  else {
    const same = sameJudge(report.judge, judge);
    add(
      'judge_unchanged',
      same,
      same
        ? 'the judge, prompt hash and call settings are the ones measured'
        : 'the judge model, prompt or call settings changed since the measurement; the calibration no longer applies',
    );
  }

  if (report === undefined) add('no_failing_class', false, 'no calibration report to analyse');
  else {
    const analysis = analyzeDisagreements(report);
    const { faithful, unfaithful } = analysis;
    const failsOn = new Set(analysis.failsOn);
    const details = [faithful.detail, unfaithful.detail];
    // A point estimate at the threshold proves little: the lower bound on each class's recall must reach it.
    if (distinct !== undefined) {
      for (const labelClass of ['faithful', 'unfaithful'] as const) {
        const bound = recallBound(distinct, labelClass);
        const { threshold } = report.preregistration;
        const low = bound.lower !== null && bound.lower >= threshold;
        if (!low) failsOn.add(labelClass);
        details.push(
          `${labelClass}: right on ${bound.right} of ${bound.distinct} distinct items, 95% lower bound on recall ` +
            `${bound.lower === null ? 'undefined' : round(bound.lower)} ${low ? 'reaches' : 'is below'} the threshold ${threshold}` +
            (bound.lower === null
              ? ''
              : ` (the judge may miss up to ${round(1 - bound.lower)} of the class)`),
        );
      }
    }
    const failing = (['faithful', 'unfaithful'] as const).filter((labelClass) => failsOn.has(labelClass));
    add(
      'no_failing_class',
      failing.length === 0,
      (failing.length === 0 ? 'fails on neither class: ' : `fails on ${failing.join(' and ')}: `) +
        details.join('; '),
    );
  }
  return { conditions, ready: conditions.every((condition) => condition.holds) };
}

function agreementCondition(
  report: CalibrationReport,
  labelSet: LabelSet | undefined,
  distinct: DistinctRows | undefined,
): [boolean, string] {
  if (labelSet === undefined) return [false, 'the report cannot be tied to a verified label set'];
  if (report.labelSetHash !== labelSet.hash) return [false, 'the report was measured on another label set'];
  const labels = new StringMap(labelSet.items.map((item) => [item.id, item.faithful]));
  const covers =
    report.rows.length === labels.size && report.rows.every((row) => labels.get(row.itemId) === row.human);
  if (!covers) return [false, 'the report rows do not match the label set items and labels one for one'];
  if (report.judgeErrors > 0) {
    return [
      false,
      `${report.judgeErrors} items had no verdict (judge errors); rates that exclude them cannot gate`,
    ];
  }
  if (distinct === undefined) return [false, 'the report rows do not match the label set items one for one'];
  return metricOverDistinctItems(report, distinct);
}

/**
 * The pre-registered metric over distinct items, counted as the recall bounds count them: copies of one item (by
 * visible characters) count once, as `label_set_verified` says, so 30 right items each copied five times cannot lift
 * a precision 16 wrong items hold down. Copies the judge answered both ways count as wrong, never as right: an item
 * has one truth, a judge that gives it two verdicts is wrong on it, and wrong is the verdict that lowers every metric.
 * The report's own outcome over its rows must be met too: counting items once never overrules a report that says
 * "not met" (copies of a wrong item are the label set's to remove, not readiness's to forgive).
 */
function metricOverDistinctItems(report: CalibrationReport, distinct: DistinctRows): [boolean, string] {
  const { metric, threshold } = report.preregistration;
  const { outcome } = summarizeCalibrationRows(distinct.rows, report.preregistration);
  const met = outcome.met && report.outcome.met;
  const show = (value: number | null): string => (value === null ? 'undefined' : String(value));
  const copies = report.rows.length - distinct.rows.length;
  const notes: string[] = [];
  // Without copies the rows are the distinct items and the report's value is the one shown.
  if (copies > 0 || report.outcome.met !== outcome.met) {
    notes.push(
      'items that differ from another in no visible character count once; ' +
        `over all ${report.rows.length} rows, copies counted again, the report records ` +
        show(report.outcome.value) +
        (report.outcome.met || !outcome.met ? '' : ', not met, which counting items once does not overrule'),
    );
  }
  if (distinct.split > 0) {
    notes.push(
      `${distinct.split} distinct items whose copies got different verdicts count as wrong (no verdict stands for them)`,
    );
  }
  return [
    met,
    `${metric} over the ${distinct.rows.length} distinct items = ${show(outcome.value)} against the pre-registered ` +
      `threshold ${threshold}: ${outcome.met ? 'met' : 'not met'}` +
      (notes.length === 0 ? '' : ` (${notes.join('; ')})`),
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
    ...(labelSet === undefined ? {} : { labelSetCreatedAt: new Date(labelSet.createdAt) }),
  });
  if (!checked.success) return [false, checked.error.problems.map((problem) => problem.message).join('; ')];
  const hash = await hashPreregistration(checked.data);
  if (hash !== report.preregistrationHash || hash !== (await hashPreregistration(report.preregistration))) {
    return [false, 'the report answers a different pre-registration than the one given'];
  }
  // In UTC: a record written with an offset (+05:00) next to a Z time reads as if out of order when it is not.
  const utc = (iso: string): string => new Date(iso).toISOString();
  return [
    true,
    `pre-registered at ${utc(checked.data.createdAt)}` +
      (labelSet === undefined ? '' : `, after the label set was frozen at ${utc(labelSet.createdAt)}`) +
      `, before the measurement at ${utc(report.measuredAt)}`,
  ];
}

function sameJudge(a: JudgeIdentity, b: JudgeIdentity): boolean {
  return (
    a.provider === b.provider &&
    a.modelId === b.modelId &&
    a.promptHash === b.promptHash &&
    settingsHashOf(a) === settingsHashOf(b)
  );
}

/**
 * The exact (Clopper–Pearson) 95% lower bound on a class's recall over distinct items, an item right only when the
 * judge agreed on every copy of it (`distinctRows`, which the pre-registered metric is counted over too).
 */
function recallBound(
  distinct: DistinctRows,
  labelClass: LabelClass,
): { distinct: number; right: number; lower: number | null } {
  const human = labelClass === 'faithful';
  const rows = distinct.rows.filter((row) => row.human === human);
  const right = rows.filter((row) => row.judge === human).length;
  return { distinct: rows.length, right, lower: clopperPearsonLowerBound(right, rows.length) };
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
