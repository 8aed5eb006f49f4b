import { describe, expect, it } from 'vitest';
import { licenceLabelSet } from './__fixtures__/label-set.js';
import { buildCalibrationReport, type CalibrationOutcome } from './build-calibration-report.js';
import { preregister } from './preregister.js';

const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'e'.repeat(64) };
const preregistration = preregister({
  id: 'p1',
  metric: 'recall_unfaithful',
  threshold: 0.75,
  judge,
  labelSetHash: licenceLabelSet.hash,
  createdAt: new Date('2026-11-30T05:00:00.000Z'),
});
const measuredAt = new Date('2026-11-30T05:30:00.000Z');

function outcomesFrom(
  judgeSays: (faithful: boolean, index: number) => boolean | 'error',
): CalibrationOutcome[] {
  return licenceLabelSet.items.map((item, index) => {
    const says = judgeSays(item.faithful, index);
    if (says === 'error') return { itemId: item.id, error: { code: 'trailing_content' } };
    return {
      itemId: item.id,
      verdict: { faithful: says, unsupportedClaims: says ? [] : ['claim'], reasoning: 'r' },
    };
  });
}

describe('buildCalibrationReport', () => {
  it('computes the pre-registered metric from the outcomes (hand-checked: 3 of 4 unfaithful caught)', async () => {
    let unfaithfulSeen = 0;
    const outcomes = outcomesFrom((human) => (human ? true : ++unfaithfulSeen === 1));
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge,
      outcomes,
      measuredAt,
    });
    if (result.status !== 'measured') throw new Error(result.status);
    const { report } = result;
    expect(report.confusionMatrix).toEqual({
      truePositive: 16,
      falsePositive: 1,
      falseNegative: 0,
      trueNegative: 3,
    });
    expect(report.recall).toEqual({ faithful: 1, unfaithful: 0.75 });
    expect(report.precision).toEqual({ faithful: 16 / 17, unfaithful: 1 });
    expect(report.agreementRate).toBe(19 / 20);
    expect(report.outcome).toEqual({ value: 0.75, met: true });
    expect(report.disagreements.map((d) => d.itemId)).toEqual(['apache-changelog']);
    expect(report.preregistration).toEqual(preregistration);
    expect(report.measuredAt).toBe('2026-11-30T05:30:00.000Z');
  });

  it('keeps item order of the label set whatever the outcome order', async () => {
    const outcomes = outcomesFrom((human) => human).reverse();
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge,
      outcomes,
      measuredAt,
    });
    expect(result.status === 'measured' && result.report.rows.map((row) => row.itemId)).toEqual(
      licenceLabelSet.items.map((item) => item.id),
    );
  });

  it('returns a null rate instead of NaN when every outcome is a judge error', async () => {
    const outcomes = outcomesFrom(() => 'error');
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge,
      outcomes,
      measuredAt,
    });
    if (result.status !== 'measured') throw new Error(result.status);
    expect(result.report.judgeErrors).toBe(20);
    expect(result.report.agreementRate).toBeNull();
    expect(result.report.outcome).toEqual({ value: null, met: false });
  });

  it('refuses outcomes that do not match the label set one for one', async () => {
    const outcomes = outcomesFrom((human) => human);
    const broken = [...outcomes.slice(1), outcomes[2]!, { itemId: '__proto__', error: { code: 'schema' } }];
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge,
      outcomes: broken,
      measuredAt,
    });
    expect(result.status === 'invalid_outcomes' && result.problems.map((p) => [p.code, p.itemId])).toEqual([
      ['duplicate_item', outcomes[2]!.itemId],
      ['unknown_item', '__proto__'],
      ['missing_item', outcomes[0]!.itemId],
    ]);
  });

  it('refuses a measurement for a judge other than the pre-registered one', async () => {
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge: { ...judge, promptHash: 'f'.repeat(64) },
      outcomes: outcomesFrom((human) => human),
      measuredAt,
    });
    expect(result.status === 'not_preregistered' && result.problems.map((p) => p.code)).toEqual([
      'other_prompt',
    ]);
  });
});
