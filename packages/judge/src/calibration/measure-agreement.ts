import type { CalibrationReport, LabelSet } from '@gk/eval-schema';
import { checkArgument, isObject, type Result, readArgument, readOptions } from '@gk/internal';
import { checkSettingKeys, type PromptTemplate, resolveModel } from '@gk/model-kit';
import {
  buildCalibrationReport,
  type CalibrationOutcome,
  type CalibrationRefusal,
} from './build-calibration-report.js';
import { checkPreregistration } from './check-preregistration.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { identityOf, type JudgeModel, judgePromptOf } from '../faithfulness/describe-judge.js';
import type { JudgeCallSettings } from '../faithfulness/hash-call-settings.js';
import { JudgeError } from '../faithfulness/judge-error.js';
import { judgeWith } from '../faithfulness/judge-faithfulness.js';
import { verifyLabelSet } from './verify-label-set.js';

/**
 * Options for {@link measureAgreement}; AI SDK call settings pass through to every judge call and are part of the
 * judge measured, so the pre-registration must name the same ones (`describeJudge` with these settings).
 */
export interface MeasureAgreementOptions extends JudgeCallSettings {
  /** The judge model being calibrated. */
  model: JudgeModel;
  /** The judge prompt template; defaults to `defaultJudgePrompt`. */
  prompt?: PromptTemplate;
  /** The human label set (parsed or raw JSON value). */
  labelSet: LabelSet | unknown;
  /** The pre-registration written before this call; without a matching one no model is called. */
  preregistration: unknown;
  /**
   * When the measurement starts; defaults to the first millisecond after this call began, once the clock has passed
   * it, so a pre-registration written just before the call (in the same millisecond) is dated before the measurement.
   */
  measuredAt?: Date;
}

/** `measureAgreement`'s own options and `providerOptions`; any other key must be an AI SDK call setting. */
const MEASURE_OPTION_KEYS: ReadonlySet<string> = new Set([
  'model',
  'prompt',
  'labelSet',
  'preregistration',
  'measuredAt',
  'providerOptions',
]);

/** The calibration report with the outcome of every item, or why the measurement was refused. */
export type MeasureAgreementResult = Result<
  { report: CalibrationReport; outcomes: CalibrationOutcome[] },
  CalibrationRefusal
>;

/**
 * Measures a judge against human labels: refuses before any model call unless the label set verifies (its
 * hash, and its rubric verbatim in the judge prompt) and a pre-registration covers this judge, prompt, call
 * settings and label set; then judges every item once, in order, with the model resolved once, counting a `JudgeError`
 * as that item's outcome (AI SDK errors propagate), and builds the `CalibrationReport`.
 */
export async function measureAgreement(options: MeasureAgreementOptions): Promise<MeasureAgreementResult> {
  // The millisecond this call began: any record passed to it was written then or before.
  const calledAt = Date.now();
  // Every option is read once, here, and only the copies are used (the settings checked are the ones sent); a getter
  // or a proxy that throws is refused with a code.
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  const {
    model: requested,
    prompt: given = defaultJudgePrompt,
    labelSet: input,
    preregistration: registered,
    measuredAt: givenMeasuredAt,
    ...settings
  } = readOptions(options);
  checkArgument(
    givenMeasuredAt === undefined || givenMeasuredAt instanceof Date,
    'options.measuredAt',
    'a Date',
    givenMeasuredAt,
  );
  checkSettingKeys(settings, MEASURE_OPTION_KEYS);
  const prompt = judgePromptOf(given, 'options.prompt');
  const model = resolveModel(requested);
  // The labels count only if the humans followed the rubric this judge is given.
  const verified = await verifyLabelSet(input, { prompt });
  if (!verified.success) return verified;
  const labelSet = verified.data;
  const judge = await identityOf(model, prompt, settings);
  const measuredAt = givenMeasuredAt ?? (await millisecondAfter(calledAt));
  const checked = checkPreregistration(registered, {
    judge,
    labelSetHash: labelSet.hash,
    measuredAt,
    labelSetCreatedAt: new Date(labelSet.createdAt),
  });
  if (!checked.success) return checked;
  // The record checked, not the input read again: the report answers the pre-registration that let the calls run.
  const preregistration = checked.data;

  const outcomes: CalibrationOutcome[] = [];
  for (const item of labelSet.items) {
    try {
      const { verdict } = await judgeWith(model, {
        ...settings,
        prompt,
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
  const built = await buildCalibrationReport({
    labelSet,
    preregistration,
    judge,
    outcomes,
    measuredAt,
    prompt,
  });
  return built.success ? { success: true, data: { report: built.data, outcomes } } : built;
}

/**
 * The millisecond after `time`, once the clock has passed it (a millisecond or two at most; it is usually past already):
 * a measurement dated so starts after any record written by `time`, as the recorded times then show. A clock set back
 * meanwhile is waited for a few milliseconds, then the date is taken as it is, for the order check to judge.
 */
async function millisecondAfter(time: number): Promise<Date> {
  for (let tries = 0; Date.now() <= time && tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return new Date(Math.min(time + 1, Date.now()));
}
