import { type CalibrationMetric, type JudgeIdentity, Preregistration } from '@gk/eval-schema';

/** Options for {@link preregister}. */
export interface PreregisterOptions {
  /** The metric the judge will be measured on (`faithful` is the positive class). */
  metric: CalibrationMetric;
  /** The value in [0, 1] the metric must reach; also the per-class recall bar in `assessGateReadiness`. */
  threshold: number;
  /** The judge to be measured, as `judgeFaithfulness` reports it. */
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
 * Writes the pre-registration record that must exist before a judge is measured; invalid input (a threshold
 * outside [0, 1], a malformed hash) throws the schema's `ZodError`.
 */
export function preregister(options: PreregisterOptions): Preregistration {
  return Preregistration.parse({
    schemaVersion: 1,
    id: options.id ?? globalThis.crypto.randomUUID(),
    metric: options.metric,
    threshold: options.threshold,
    judge: {
      provider: options.judge.provider,
      modelId: options.judge.modelId,
      promptHash: options.judge.promptHash,
    },
    labelSetHash: options.labelSetHash,
    createdAt: (options.createdAt ?? new Date()).toISOString(),
    ...(options.note === undefined ? {} : { note: options.note }),
  });
}
