import { LabelSet } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet, scaledLabelSet } from '../__fixtures__/label-set.js';
import { judgeOverLabelSet } from '../__fixtures__/verdicts.js';
import { analyzeDisagreements } from './analyze-disagreements.js';
import { assessGateReadiness } from './assess-gate-readiness.js';
import { describeJudge } from '../faithfulness/describe-judge.js';
import { measureAgreement } from './measure-agreement.js';
import { preregister } from './preregister.js';
import { verifyLabelSet } from './verify-label-set.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';

const writtenAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T06:00:00.000Z');

// The whole procedure, in order: verify labels, pre-register, measure, analyse, assess.
async function runProcedure(
  decide: Parameters<typeof judgeOverLabelSet>[1],
  metric: 'agreement_rate' | 'recall_unfaithful' = 'agreement_rate',
  labelSet = licenceLabelSet,
) {
  const verified = await verifyLabelSet(labelSet, { prompt: defaultJudgePrompt });
  expect(verified).toEqual({ success: true, data: labelSet });
  const model = judgeOverLabelSet(labelSet, decide);
  const judge = await describeJudge({ model });
  const preregistration = preregister({
    id: 'licence-judge-1',
    metric,
    threshold: 0.8,
    judge,
    labelSetHash: labelSet.hash,
    createdAt: writtenAt,
  });
  const measured = await measureAgreement({ model, labelSet, preregistration, measuredAt });
  if (!measured.success) throw new Error(`expected a measurement, got ${measured.error.code}`);
  const analysis = analyzeDisagreements(measured.data.report);
  const readiness = await assessGateReadiness({
    labelSet,
    preregistration,
    report: measured.data.report,
    judge,
  });
  return { model, judge, preregistration, report: measured.data.report, analysis, readiness };
}

const holds = (readiness: { conditions: Array<{ id: string; holds: boolean }> }): Record<string, boolean> =>
  Object.fromEntries(readiness.conditions.map((condition) => [condition.id, condition.holds]));

describe('the calibration procedure, end to end', () => {
  it('ships a verified example label set over the licence corpus with both classes', async () => {
    expect(LabelSet.safeParse(licenceLabelSet).success).toBe(true);
    expect(licenceLabelSet.items).toHaveLength(20);
    expect(licenceLabelSet.items.filter((item) => !item.faithful).map((item) => item.id)).toEqual([
      'apache-changelog',
      'apache-patent-damages',
      'gpl-binary-only',
      'bsd-endorse-allowed',
    ]);
    const documents = new Set(
      licenceLabelSet.items.flatMap((item) => item.passages.map((p) => p.documentId)),
    );
    expect([...documents].sort()).toEqual(['Apache-2.0', 'BSD-3-Clause', 'GPL-3.0-only', 'MIT', 'MPL-2.0']);
    for (const passage of licenceLabelSet.items.flatMap((item) => item.passages)) {
      expect(passage.end - passage.start).toBe(passage.text.length);
    }
  });

  it('reports a judge with 80% agreement that misses every unfaithful answer as not ready', async () => {
    const { model, report, analysis, readiness } = await runProcedure(() => 'faithful');
    expect(model.doGenerateCalls).toHaveLength(20);
    expect(report.agreementRate).toBe(0.8);
    expect(report.outcome).toEqual({ value: 0.8, met: true });
    expect(report.confusionMatrix).toEqual({
      truePositive: 16,
      falsePositive: 4,
      falseNegative: 0,
      trueNegative: 0,
    });
    expect(report.recall).toEqual({ faithful: 1, unfaithful: 0 });
    expect(report.precision).toEqual({ faithful: 0.8, unfaithful: null });
    expect(analysis.failsOn).toEqual(['unfaithful']);
    expect(analysis.unfaithful.disagreements.map((d) => d.itemId)).toEqual([
      'apache-changelog',
      'apache-patent-damages',
      'gpl-binary-only',
      'bsd-endorse-allowed',
    ]);
    expect(analysis.unfaithful.detail).toBe(
      'the judge recognised 0 of 4 unfaithful items (recall 0), below the pre-registered threshold 0.8',
    );
    expect(holds(readiness)).toEqual({
      label_set_verified: false, // 4 unfaithful items are too few to gate on
      agreement_measured: true,
      preregistered: true,
      judge_unchanged: true,
      no_failing_class: false,
    });
    expect(readiness.ready).toBe(false);
    // Unfaithful fails on its recall of 0; faithful too, on its bound: 16 of 16 right bounds the recall at
    // 0.025^(1/16) = 0.794, below 0.8 (the Wilson bound, 0.806, had passed it).
    expect(readiness.conditions[4]!.detail).toContain('fails on faithful and unfaithful');
    expect(readiness.conditions[4]!.detail).toContain('unfaithful: right on 0 of 4 distinct items');
    expect(readiness.conditions[4]!.detail).toContain(
      'faithful: right on 16 of 16 distinct items, 95% lower bound on recall 0.794 is below the threshold 0.8',
    );
  });

  it('reports a judge that agrees on both classes as ready on enough labels, listing its one false alarm', async () => {
    const decide = (item: { id: string; faithful: boolean }) =>
      item.id.split('~')[0] === 'mit-sublicense' || !item.faithful ? 'unfaithful' : 'faithful';
    const { report, analysis, readiness } = await runProcedure(decide);
    expect(report.agreementRate).toBe(0.95);
    expect(report.recall).toEqual({ faithful: 15 / 16, unfaithful: 1 });
    expect(analysis.failsOn).toEqual([]);
    expect(analysis.faithful.disagreements).toEqual([
      {
        itemId: 'mit-sublicense',
        human: true,
        judge: false,
        reasoning: 'The sources do not state this (mit-sublicense).',
        unsupportedClaims: ['Yes. Anyone obtaining a copy may sublicense copies of the Software [1].'],
      },
    ]);
    // The example set holds 4 unfaithful items: too few to gate on, whatever the judge does; 4 of 4 right bound
    // the recall only at 0.398 (95% Clopper–Pearson: 0.025^(1/4)), below the threshold 0.8.
    expect(readiness.ready).toBe(false);
    expect(readiness.conditions.filter((condition) => !condition.holds).map((c) => c.id)).toEqual([
      'label_set_verified',
      'no_failing_class',
    ]);
    expect(readiness.conditions[4]!.detail).toContain(
      'unfaithful: right on 4 of 4 distinct items, 95% lower bound on recall 0.398 is below the threshold 0.8',
    );
    // Eight rounds of it as distinct items (128 faithful, 32 unfaithful) are enough.
    const scaled = await runProcedure(decide, 'agreement_rate', await scaledLabelSet(8));
    expect(scaled.report.recall).toEqual({ faithful: 15 / 16, unfaithful: 1 });
    expect(scaled.readiness.ready).toBe(true);
    expect(scaled.readiness.conditions.every((condition) => condition.holds)).toBe(true);
  });

  it('produces a report without throwing when every verdict is unfaithful', async () => {
    const { report, readiness } = await runProcedure(() => 'unfaithful', 'recall_unfaithful');
    expect(report.outcome).toEqual({ value: 1, met: true });
    expect(report.recall.faithful).toBe(0);
    expect(holds(readiness).no_failing_class).toBe(false);
    expect(readiness.ready).toBe(false);
  });

  it('invalidates the calibration when the prompt or the model changes afterwards', async () => {
    const { report, preregistration, judge } = await runProcedure((item) =>
      item.faithful ? 'faithful' : 'unfaithful',
    );
    const newPrompt = await describeJudge({
      model: judgeOverLabelSet(licenceLabelSet, () => 'faithful'),
      prompt: { ...defaultJudgePrompt, system: `${defaultJudgePrompt.system}\nBe strict.` },
    });
    for (const current of [newPrompt, { ...judge, modelId: 'scripted-judge-2' }]) {
      const readiness = await assessGateReadiness({
        labelSet: licenceLabelSet,
        preregistration,
        report,
        judge: current,
      });
      expect(holds(readiness).judge_unchanged).toBe(false);
      expect(readiness.ready).toBe(false);
    }
  });

  it('counts judge errors as outcomes and refuses readiness while any remain', async () => {
    const { report, analysis, readiness } = await runProcedure((item) =>
      item.id === 'gpl-binary-only' ? 'prose' : item.faithful ? 'faithful' : 'unfaithful',
    );
    expect(report.judgeErrors).toBe(1);
    expect(report.rows.find((row) => row.itemId === 'gpl-binary-only')).toEqual({
      itemId: 'gpl-binary-only',
      human: false,
      judge: null,
      errorCode: 'not_json',
    });
    expect(analysis.judgeErrors).toEqual([{ itemId: 'gpl-binary-only', errorCode: 'not_json' }]);
    expect(holds(readiness).agreement_measured).toBe(false);
    expect(readiness.ready).toBe(false);
  });
});
