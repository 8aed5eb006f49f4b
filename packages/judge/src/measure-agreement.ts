import type { LabelSet } from '@gk/eval-schema';
import type { CallSettings } from 'ai';
import {
  buildCalibrationReport,
  type BuildCalibrationReportResult,
  type CalibrationOutcome,
} from './build-calibration-report.js';
import { checkPreregistration } from './check-preregistration.js';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { describeJudge, type JudgeModel } from './describe-judge.js';
import { JudgeError } from './judge-error.js';
import { judgeFaithfulness } from './judge-faithfulness.js';
import { verifyLabelSet } from './verify-label-set.js';

/** Options for {@link measureAgreement}; AI SDK call settings pass through to every judge call. */
export interface MeasureAgreementOptions extends CallSettings {
  /** The judge model being calibrated. */
  model: JudgeModel;
  /** The judge prompt template; defaults to `defaultJudgePrompt`. */
  prompt?: string;
  /** The human label set (parsed or raw JSON value). */
  labelSet: LabelSet | unknown;
  /** The pre-registration written before this call; without a matching one no model is called. */
  preregistration: unknown;
  /** When the measurement starts; defaults to now. */
  measuredAt?: Date;
}

/** The calibration report with the outcome of every item, or why the measurement was refused. */
export type MeasureAgreementResult =
  | (Extract<BuildCalibrationReportResult, { status: 'measured' }> & { outcomes: CalibrationOutcome[] })
  | Exclude<BuildCalibrationReportResult, { status: 'measured' }>;

/**
 * Measures a judge against human labels: refuses before any model call unless the label set verifies (its
 * hash, and its rubric verbatim in the judge prompt) and a pre-registration covers this judge, prompt and
 * label set; then judges every item once, in order, counting a `JudgeError` as that item's outcome (AI SDK
 * errors propagate), and builds the `CalibrationReport`.
 */
export async function measureAgreement(options: MeasureAgreementOptions): Promise<MeasureAgreementResult> {
  const {
    model,
    prompt,
    labelSet: input,
    preregistration,
    measuredAt = new Date(),
    ...callSettings
  } = options;
  // The labels count only if the humans followed the rubric this judge is given.
  const verified = await verifyLabelSet(input, { prompt: prompt ?? defaultJudgePrompt });
  if (!verified.valid) return { status: 'invalid_label_set', problems: verified.problems };
  const { labelSet } = verified;
  const judge = await describeJudge({ model, ...(prompt === undefined ? {} : { prompt }) });
  const checked = checkPreregistration(preregistration, { judge, labelSetHash: labelSet.hash, measuredAt });
  if (!checked.preregistered) return { status: 'not_preregistered', problems: checked.problems };

  const outcomes: CalibrationOutcome[] = [];
  for (const item of labelSet.items) {
    try {
      const { verdict } = await judgeFaithfulness({
        ...callSettings,
        model,
        ...(prompt === undefined ? {} : { prompt }),
        question: item.question,
        answer: item.answer,
        passages: item.passages,
      });
      outcomes.push({ itemId: item.id, verdict });
    } catch (error) {
      if (!JudgeError.isInstance(error)) throw error;
      outcomes.push({ itemId: item.id, error: { code: error.code } });
    }
  }
  const built = await buildCalibrationReport({ labelSet, preregistration, judge, outcomes, measuredAt });
  return built.status === 'measured' ? { ...built, outcomes } : built;
}
