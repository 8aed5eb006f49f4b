import {
  CalibrationMetric,
  type JudgeIdentity,
  type Preregistration,
  parsePreregistration,
} from '@gk/eval-schema';
import {
  checkArgument,
  checkOptionalDate,
  isObject,
  isOptional,
  readOptions,
  readArgument,
} from '@gk/internal';
import { checkJudgeIdentity } from './check-judge-identity.js';

/** Options for {@link preregister}. */
export interface PreregisterOptions {
  /** The metric the judge will be measured on (`faithful` is the positive class). */
  metric: CalibrationMetric;
  /**
   * The value in (0, 1] the metric must reach; also the per-class recall bar in `assessGateReadiness`. 0 is refused:
   * it is no bar at all.
   */
  threshold: number;
  /** The judge to be measured, as `describeJudge` reports it with the call settings it will be measured with. */
  judge: JudgeIdentity;
  /** `LabelSet.hash` of the human labels it will be measured against. */
  labelSetHash: string;
  /** Unique id of the record; defaults to a random UUID. */
  id?: string;
  /** Why this threshold. */
  note?: string;
  /** When the record is written; defaults to now. It must precede the measurement. */
  createdAt?: Date;
}

/**
 * Writes the pre-registration record that must exist before a judge is measured; a bad option (a threshold
 * outside (0, 1], an unknown metric) throws an `InvalidArgumentError`, a malformed hash a `ReportParseError`.
 */
export function preregister(options: PreregisterOptions): Preregistration {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // A misspelt `createdAt` would date the record now, after the measurement it was meant to precede, silently.
  const read = readOptions(options, [
    'metric',
    'threshold',
    'judge',
    'labelSetHash',
    'id',
    'note',
    'createdAt',
  ]);
  // Every option is read once and only the copies are used: a getter could pass a check with one value (a threshold
  // of 0.85) and be recorded with another (0).
  const { metric, threshold, judge: judgeInput, labelSetHash, id, note, createdAt } = read;
  const metrics: readonly unknown[] = CalibrationMetric.options;
  checkArgument(metrics.includes(metric), 'options.metric', `one of ${metrics.join(', ')}`, metric);
  checkArgument(
    typeof threshold === 'number' && threshold > 0 && threshold <= 1,
    'options.threshold',
    'a number in (0, 1] (0 is no bar: any judge would meet it)',
    threshold,
  );
  const judge = checkJudgeIdentity(judgeInput, 'options.judge');
  checkArgument(typeof labelSetHash === 'string', 'options.labelSetHash', 'a string', labelSetHash);
  checkArgument(isOptional(id, 'string'), 'options.id', 'a string', id);
  checkArgument(isOptional(note, 'string'), 'options.note', 'a string', note);
  checkOptionalDate(createdAt, 'options.createdAt');
  // What the schema refuses besides (a label set hash that is no SHA-256) is a coded ReportParseError.
  return parsePreregistration({
    schemaVersion: 1,
    id: id ?? globalThis.crypto.randomUUID(),
    metric,
    threshold,
    judge,
    labelSetHash,
    createdAt: (createdAt ?? new Date()).toISOString(),
    ...(note === undefined ? {} : { note }),
  });
}
