import { runEchoCheck } from '@gk/echo-check';
import {
  type CalibrationReport,
  type CalibrationRow,
  type EchoReport,
  type EvalReport,
  hashPreregistration,
  type Preregistration,
  parseCalibrationReport,
  summarizeCalibrationRows,
} from '@gk/eval-schema';
import { runEval } from '../eval/run-eval.js';
import { tinyPipeline, TINY_QUESTIONS } from './tiny-pipeline.js';

const HASH = 'a'.repeat(64);

/** A real EchoReport: a pipeline that cites the first passage shown, so about half the cases cite the decoy. */
export async function echoReportFixture(): Promise<EchoReport> {
  return runEchoCheck({
    pipeline: ({ passages }) => `${passages[0]!.text.split('. ')[0]}. [1]`,
    cases: 6,
  });
}

/** A real EvalReport from the tiny pipeline. */
export async function evalReportFixture(): Promise<EvalReport> {
  return runEval({ pipeline: tinyPipeline(), questions: TINY_QUESTIONS, topK: 2, packageVersion: '0.1.0' });
}

/** A CalibrationReport whose numbers are computed from its rows, with one disagreement whose reasoning holds markup. */
export async function calibrationReportFixture(): Promise<CalibrationReport> {
  return calibrationReportOf(
    [
      { itemId: 'i1', human: true, judge: true },
      { itemId: 'i2', human: false, judge: false },
      { itemId: 'i3', human: true, judge: false },
      { itemId: 'i4', human: false, judge: null, errorCode: 'schema' },
    ],
    { i3: 'The passage says <script>alert(1)</script> nothing about it.' },
  );
}

/** A valid CalibrationReport over `rows` (agreement_rate against 0.8 unless `threshold` says otherwise). */
export async function calibrationReportOf(
  rows: CalibrationRow[],
  reasoning: Record<string, string> = {},
  threshold = 0.8,
): Promise<CalibrationReport> {
  const preregistration: Preregistration = {
    schemaVersion: 1,
    id: 'prereg-1',
    metric: 'agreement_rate',
    threshold,
    judge: { provider: 'scripted', modelId: 'judge-v1', promptHash: HASH },
    labelSetHash: 'b'.repeat(64),
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const summary = summarizeCalibrationRows(rows, preregistration);
  return parseCalibrationReport({
    schemaVersion: 1,
    judge: preregistration.judge,
    labelSetHash: preregistration.labelSetHash,
    preregistration,
    preregistrationHash: await hashPreregistration(preregistration),
    measuredAt: '2026-01-02T00:00:00.000Z',
    rows,
    judgeErrors: summary.judgeErrors,
    confusionMatrix: summary.confusionMatrix,
    agreementRate: summary.agreementRate,
    precision: summary.precision,
    recall: summary.recall,
    disagreements: rows
      .filter((row) => row.judge !== null && row.judge !== row.human)
      .map((row) => ({
        itemId: row.itemId,
        human: row.human,
        judge: row.judge as boolean,
        ...(reasoning[row.itemId] === undefined ? {} : { reasoning: reasoning[row.itemId] }),
      })),
    outcome: summary.outcome,
  });
}
