import { type JudgeIdentity, type Preregistration, safeParsePreregistration } from '@gk/eval-schema';
import { checkArgument, excerpt, isObject, type Result, readOptions, readArgument } from '@gk/internal';
import { checkJudgeIdentity, settingsHashOf } from './check-judge-identity.js';

/** Why a measurement does not count as pre-registered. */
export type PreregistrationProblemCode =
  | 'missing'
  | 'invalid'
  | 'after_measurement'
  | 'before_label_set'
  | 'future_measurement'
  | 'other_model'
  | 'other_prompt'
  | 'other_settings'
  | 'other_label_set';

/** One reason a measurement is not pre-registered. */
export interface PreregistrationProblem {
  code: PreregistrationProblemCode;
  message: string;
}

/** A measurement refused as not pre-registered, with every reason. */
export interface PreregistrationRefusal {
  code: 'not_preregistered';
  message: string;
  problems: PreregistrationProblem[];
}

/** What a pre-registration must match. */
export interface CheckPreregistrationOptions {
  /** The judge that is (or was) measured. */
  judge: JudgeIdentity;
  /** `LabelSet.hash` of the labels it is measured against. */
  labelSetHash: string;
  /** When the measurement happens; the record must be strictly older, and it must not be later than now. */
  measuredAt: Date;
  /**
   * `LabelSet.createdAt` of the labels it is measured against (as a Date); when given, the record must not be older:
   * it names the labels by their hash, so they were frozen before it was written.
   */
  labelSetCreatedAt?: Date;
}

/** The pre-registration that covers the measurement, or every reason it does not. */
export type CheckPreregistrationResult = Result<Preregistration, PreregistrationRefusal>;

/**
 * Decides whether a measurement counts as pre-registered: a valid record with a threshold above 0, written strictly
 * before the measurement, which is not later than now, and (with `labelSetCreatedAt`) not before the labels it names
 * were frozen, for the same model, prompt hash, call settings and label set.
 */
export function checkPreregistration(
  input: unknown,
  options: CheckPreregistrationOptions,
): CheckPreregistrationResult {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // Every option is read once and only the copies are used: a getter could pass a check with one value and be
  // compared with another.
  const {
    judge: judgeInput,
    labelSetHash,
    measuredAt: measuredDate,
    labelSetCreatedAt,
  } = readOptions(options);
  const judge = checkJudgeIdentity(judgeInput, 'options.judge');
  checkArgument(typeof labelSetHash === 'string', 'options.labelSetHash', 'a string', labelSetHash);
  // An invalid Date is reported as a problem (after_measurement); anything but a Date is refused.
  checkArgument(measuredDate instanceof Date, 'options.measuredAt', 'a Date', measuredDate);
  checkArgument(
    labelSetCreatedAt === undefined || labelSetCreatedAt instanceof Date,
    'options.labelSetCreatedAt',
    'a Date',
    labelSetCreatedAt,
  );
  if (input === undefined || input === null) {
    return refuse([{ code: 'missing', message: 'no pre-registration record was given' }]);
  }
  const parsed = safeParsePreregistration(input);
  if (!parsed.success) return refuse([{ code: 'invalid', message: parsed.error.message }]);
  const record = parsed.data;
  const problems: PreregistrationProblem[] = [];
  // The schema reads any rate in [0, 1]; a threshold of 0 is met by any judge, so it pre-registers nothing.
  if (record.threshold <= 0) {
    problems.push({
      code: 'invalid',
      message: 'threshold 0 is no bar (any judge meets it); expected a number in (0, 1]',
    });
  }
  const createdAt = Date.parse(record.createdAt);
  const measuredAt = measuredDate.getTime();
  if (!(createdAt < measuredAt)) {
    problems.push({
      code: 'after_measurement',
      message: `pre-registration written at ${record.createdAt}, not before the measurement at ${Number.isNaN(measuredAt) ? 'an invalid date' : measuredDate.toISOString()}`,
    });
  }
  // A record cannot name by hash labels frozen after it was written: either it was backdated, or the labels were
  // (re)frozen after it, possibly after the measurement and so written to agree with the judge.
  if (labelSetCreatedAt !== undefined && !(labelSetCreatedAt.getTime() <= createdAt)) {
    problems.push({
      code: 'before_label_set',
      message: `pre-registration written at ${record.createdAt}, before the label set it names was frozen at ${Number.isNaN(labelSetCreatedAt.getTime()) ? 'an invalid date' : labelSetCreatedAt.toISOString()}`,
    });
  }
  // A measurement dated in the future lets a record written after the results look written before them.
  const now = Date.now();
  if (measuredAt > now) {
    problems.push({
      code: 'future_measurement',
      message: `the measurement is dated ${measuredDate.toISOString()}, later than now (${new Date(now).toISOString()})`,
    });
  }
  if (record.judge.provider !== judge.provider || record.judge.modelId !== judge.modelId) {
    problems.push({
      code: 'other_model',
      message: `pre-registered for ${describe(record.judge)}, measured ${describe(judge)}`,
    });
  }
  if (record.judge.promptHash !== judge.promptHash) {
    problems.push({
      code: 'other_prompt',
      message: `pre-registered prompt hash ${record.judge.promptHash}, measured ${judge.promptHash}`,
    });
  }
  // The same model at another temperature, token limit or reasoning effort is another judge (absent: defaults).
  const registered = settingsHashOf(record.judge);
  const measured = settingsHashOf(judge);
  if (registered !== measured) {
    problems.push({
      code: 'other_settings',
      message: `pre-registered with call settings ${registered ?? '(none: the provider defaults)'}, measured with ${measured ?? '(none: the provider defaults)'}`,
    });
  }
  if (record.labelSetHash !== labelSetHash) {
    problems.push({
      code: 'other_label_set',
      message: `pre-registered label set ${record.labelSetHash}, measured against ${labelSetHash}`,
    });
  }
  return problems.length === 0 ? { success: true, data: record } : refuse(problems);
}

function refuse(problems: PreregistrationProblem[]): { success: false; error: PreregistrationRefusal } {
  const codes = [...new Set(problems.map((problem) => problem.code))].join(', ');
  return {
    success: false,
    error: {
      code: 'not_preregistered',
      message: `The measurement does not count as pre-registered (${codes}).`,
      problems,
    },
  };
}

function describe(judge: Pick<JudgeIdentity, 'provider' | 'modelId'>): string {
  const shown = (text: string): string => excerpt(JSON.stringify(text), { length: 80 });
  return `${shown(judge.provider)} / ${shown(judge.modelId)}`;
}
