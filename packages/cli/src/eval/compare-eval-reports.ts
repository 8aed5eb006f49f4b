import type { EvalReport, MetricSet } from '@gk/eval-schema';
import { InputError } from '../input-error.js';

/** One metric of one stage (or of synthesis) in the current run against the baseline. */
export interface MetricDelta {
  /** A stage name, or `synthesis`. */
  stage: string;
  metric: string;
  baseline: number | null;
  current: number | null;
  /** `current - baseline`, or `null` when either is missing. */
  delta: number | null;
  /** True when the metric dropped by more than `maxDrop`, or vanished. */
  regression: boolean;
}

/** The result of {@link compareEvalReports}. */
export interface EvalComparison {
  deltas: MetricDelta[];
  regressions: MetricDelta[];
  /** Reasons the two runs may not be comparable (different corpus, judgments or k). */
  warnings: string[];
}

const METRICS = ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'] as const satisfies ReadonlyArray<
  keyof MetricSet
>;
// Rates are means of at most a few thousand terms; differences below this are rounding, not regressions.
const EPSILON = 1e-9;

/**
 * Compares each stage's metrics and the synthesis rates with a baseline report. A metric regresses when it
 * drops by more than `maxDrop` (absolute), or when the baseline had it and the current run does not.
 */
export function compareEvalReports(
  current: EvalReport,
  baseline: EvalReport,
  options: { maxDrop?: number } = {},
): EvalComparison {
  for (const [name, report] of [
    ['current', current],
    ['baseline', baseline],
  ] as const) {
    if (
      typeof report !== 'object' ||
      report === null ||
      !Array.isArray(report.stages) ||
      typeof report.config !== 'object'
    )
      throw new InputError({
        code: 'usage',
        field: name,
        message: `compareEvalReports: ${name}: expected an EvalReport (with stages and config), received ${report === null ? 'null' : typeof report === 'object' ? 'an object without them' : typeof report}`,
      });
  }
  const maxDrop = options.maxDrop;
  if (maxDrop !== undefined && !(typeof maxDrop === 'number' && maxDrop >= 0 && maxDrop <= 1))
    throw new InputError({
      code: 'usage',
      field: 'maxDrop',
      message: `compareEvalReports: maxDrop: expected a number from 0 to 1, received ${String(maxDrop).slice(0, 40)}`,
    });
  const deltas: MetricDelta[] = [];
  const push = (stage: string, metric: string, base: number | null, now: number | null | undefined): void => {
    const present = now ?? null;
    const delta = base === null || present === null ? null : present - base;
    const vanished = base !== null && present === null;
    const regression = maxDrop !== undefined && (vanished || (delta !== null && -delta > maxDrop + EPSILON));
    deltas.push({ stage, metric, baseline: base, current: present, delta, regression });
  };
  for (const stage of baseline.stages) {
    const now = current.stages.find((entry) => entry.stage === stage.stage);
    for (const metric of METRICS) push(stage.stage, metric, stage.metrics[metric], now?.metrics[metric]);
  }
  if (baseline.synthesis !== undefined) {
    const before = baseline.synthesis;
    const after = current.synthesis;
    push('synthesis', 'claimAcceptance', before.claimAcceptance, after?.claimAcceptance);
    const answered = (report: NonNullable<EvalReport['synthesis']>): number | null =>
      report.counts.questions === 0 ? null : report.counts.answered / report.counts.questions;
    push('synthesis', 'answeredRate', answered(before), after === undefined ? null : answered(after));
  }
  const warnings: string[] = [];
  if (current.corpusHash !== baseline.corpusHash)
    warnings.push('the corpus differs from the baseline run (corpusHash)');
  if (current.judgmentsHash !== baseline.judgmentsHash)
    warnings.push('the questions or gold differ from the baseline run (judgmentsHash)');
  if (current.config.topK !== baseline.config.topK)
    warnings.push(`k differs: ${current.config.topK} now, ${baseline.config.topK} in the baseline`);
  return { deltas, regressions: deltas.filter((delta) => delta.regression), warnings };
}
