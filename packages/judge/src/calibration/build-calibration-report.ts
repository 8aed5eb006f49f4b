import {
  CalibrationReport,
  type CalibrationRow,
  type Disagreement,
  hashPreregistration,
  type JudgeIdentity,
  summarizeCalibrationRows,
} from '@gk/eval-schema';
import {
  checkArgument,
  excerpt,
  isObject,
  type Result,
  readOptions,
  StringMap,
  StringSet,
  readArgument,
} from '@gk/internal';
import { hashPromptTemplate, type PromptTemplate } from '@gk/model-kit';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { judgePromptOf } from '../faithfulness/describe-judge.js';
import { checkCalibrationOutcomes } from './check-calibration-outcomes.js';
import { checkJudgeIdentity } from './check-judge-identity.js';
import { checkPreregistration, type PreregistrationRefusal } from './check-preregistration.js';
import { type LabelSetRefusal, verifyLabelSet } from './verify-label-set.js';

/** The judge's outcome on one labelled item: its verdict, or the code of the error it raised instead. */
export type CalibrationOutcome =
  | {
      itemId: string;
      verdict: { faithful: boolean; unsupportedClaims: readonly string[]; reasoning: string };
    }
  | { itemId: string; error: { code: string } };

/** One reason the outcomes do not match the label set item for item. */
export interface OutcomeProblem {
  code: 'missing_item' | 'unknown_item' | 'duplicate_item';
  itemId: string;
  message: string;
}

/** Outcomes refused because they do not match the label set item for item, with every mismatch. */
export interface OutcomesRefusal {
  code: 'invalid_outcomes';
  message: string;
  problems: OutcomeProblem[];
}

/** Why no calibration report was written; an unfaithful verdict is never a reason. */
export type CalibrationRefusal = LabelSetRefusal | PreregistrationRefusal | OutcomesRefusal;

/** Options for {@link buildCalibrationReport}. */
export interface BuildCalibrationReportOptions {
  /** The human label set (parsed or raw); verified before use. */
  labelSet: unknown;
  /** The pre-registration record; a missing, late or mismatched one refuses the measurement. */
  preregistration: unknown;
  /** The judge whose outcomes these are. */
  judge: JudgeIdentity;
  /**
   * Exactly one outcome per label set item; each holds a verdict `judgeFaithfulness` would accept or the code of the
   * error the judge raised, else it is refused with an `InvalidArgumentError` naming it.
   */
  outcomes: readonly CalibrationOutcome[];
  /** When the measurement started; not later than now. */
  measuredAt: Date;
  /**
   * The judge's prompt template (its hash must be `judge.promptHash`): the label set's rubric must occur in it. Without
   * it, the rubric is checked against `defaultJudgePrompt` when that is the judge's prompt, and not at all otherwise;
   * `assessGateReadiness` checks it before a judge may gate.
   */
  prompt?: PromptTemplate;
}

/** A calibration report, or why none could be written. */
export type BuildCalibrationReportResult = Result<CalibrationReport, CalibrationRefusal>;

/**
 * Turns judge outcomes on a verified label set into a `CalibrationReport` (agreement, confusion matrix,
 * per-class precision and recall, disagreements), only under a pre-registration that covers it. The outcomes and
 * `measuredAt` are the caller's word: nothing here can tell when they were collected.
 */
export async function buildCalibrationReport(
  options: BuildCalibrationReportOptions,
): Promise<BuildCalibrationReportResult> {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // Every option is read once, here, and only the copies are used: a getter read twice could pass a check with one
  // value and be compared or recorded with another.
  const read = readOptions(options);
  const { labelSet: labelSetInput, preregistration: preregistrationInput, measuredAt, prompt: given } = read;
  const judge = checkJudgeIdentity(read.judge, 'options.judge');
  checkArgument(measuredAt instanceof Date, 'options.measuredAt', 'a Date', measuredAt);
  const outcomes = checkCalibrationOutcomes(read.outcomes, 'options.outcomes');
  const prompt = given === undefined ? undefined : judgePromptOf(given, 'options.prompt');
  const template = prompt ?? defaultJudgePrompt;
  const templateHash = await hashPromptTemplate(template);
  if (prompt !== undefined && templateHash !== judge.promptHash) {
    checkArgument(
      false,
      'options.prompt',
      'the template whose hash is options.judge.promptHash',
      templateHash,
    );
  }
  const checkRubric = templateHash === judge.promptHash;
  const verified = await verifyLabelSet(labelSetInput, checkRubric ? { prompt: template } : {});
  if (!verified.success) return verified;
  const labelSet = verified.data;
  const checked = checkPreregistration(preregistrationInput, {
    judge,
    labelSetHash: labelSet.hash,
    measuredAt,
    labelSetCreatedAt: new Date(labelSet.createdAt),
  });
  if (!checked.success) return checked;
  const preregistration = checked.data;

  const byId = new StringMap<CalibrationOutcome>();
  const problems: OutcomeProblem[] = [];
  const itemIds = new StringSet(labelSet.items.map((item) => item.id));
  for (const outcome of outcomes) {
    const shown = excerpt(JSON.stringify(outcome.itemId), { length: 80 });
    if (!itemIds.has(outcome.itemId)) {
      problems.push({ code: 'unknown_item', itemId: outcome.itemId, message: `no label set item ${shown}` });
    } else if (byId.has(outcome.itemId)) {
      problems.push({
        code: 'duplicate_item',
        itemId: outcome.itemId,
        message: `two outcomes for item ${shown}`,
      });
    } else byId.set(outcome.itemId, outcome);
  }
  for (const item of labelSet.items) {
    if (!byId.has(item.id)) {
      const shown = excerpt(JSON.stringify(item.id), { length: 80 });
      problems.push({ code: 'missing_item', itemId: item.id, message: `no outcome for item ${shown}` });
    }
  }
  if (problems.length > 0) {
    const codes = [...new Set(problems.map((problem) => problem.code))].join(', ');
    return {
      success: false,
      error: {
        code: 'invalid_outcomes',
        message: `The outcomes do not match the label set item for item (${problems.length}: ${codes}).`,
        problems,
      },
    };
  }

  const rows: CalibrationRow[] = [];
  const disagreements: Disagreement[] = [];
  for (const item of labelSet.items) {
    const outcome = byId.get(item.id)!;
    if ('error' in outcome) {
      rows.push({ itemId: item.id, human: item.faithful, judge: null, errorCode: outcome.error.code });
      continue;
    }
    const { verdict } = outcome;
    rows.push({ itemId: item.id, human: item.faithful, judge: verdict.faithful });
    if (verdict.faithful !== item.faithful) {
      disagreements.push({
        itemId: item.id,
        human: item.faithful,
        judge: verdict.faithful,
        reasoning: verdict.reasoning,
        unsupportedClaims: [...verdict.unsupportedClaims],
      });
    }
  }
  const summary = summarizeCalibrationRows(rows, preregistration);
  const report = CalibrationReport.parse({
    schemaVersion: 1,
    judge,
    labelSetHash: labelSet.hash,
    preregistration,
    preregistrationHash: await hashPreregistration(preregistration),
    measuredAt: measuredAt.toISOString(),
    rows,
    judgeErrors: summary.judgeErrors,
    confusionMatrix: summary.confusionMatrix,
    agreementRate: summary.agreementRate,
    precision: summary.precision,
    recall: summary.recall,
    disagreements,
    outcome: summary.outcome,
  });
  return { success: true, data: report };
}
