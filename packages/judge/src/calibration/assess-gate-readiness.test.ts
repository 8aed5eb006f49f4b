import { describe, expect, it } from 'vitest';
import { copyLabelSet, licenceLabelSet } from '../__fixtures__/label-set.js';
import { assessGateReadiness } from './assess-gate-readiness.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { createLabelSet } from './create-label-set.js';
import { preregister } from './preregister.js';

const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'e'.repeat(64) };
const createdAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T05:30:00.000Z');

async function perfectRun(labelSet = licenceLabelSet) {
  const preregistration = preregister({
    id: 'p1',
    metric: 'agreement_rate',
    threshold: 0.9,
    judge,
    labelSetHash: labelSet.hash,
    createdAt,
  });
  const outcomes = labelSet.items.map((item) => ({
    itemId: item.id,
    verdict: { faithful: item.faithful, unsupportedClaims: item.faithful ? [] : ['c'], reasoning: 'r' },
  }));
  const built = await buildCalibrationReport({ labelSet, preregistration, judge, outcomes, measuredAt });
  if (!built.success) throw new Error(built.error.message);
  return { preregistration, report: built.data };
}

const failing = (readiness: { conditions: Array<{ id: string; holds: boolean }> }): string[] =>
  readiness.conditions.filter((condition) => !condition.holds).map((condition) => condition.id);

describe('assessGateReadiness', () => {
  it('reports all five conditions as data when nothing has been done, without throwing', async () => {
    const readiness = await assessGateReadiness({ judge });
    expect(readiness).toEqual({
      ready: false,
      conditions: [
        { id: 'label_set_verified', holds: false, detail: 'no label set was given' },
        { id: 'agreement_measured', holds: false, detail: 'no calibration report was given' },
        {
          id: 'preregistered',
          holds: false,
          detail: 'no calibration report to check a pre-registration against',
        },
        { id: 'judge_unchanged', holds: false, detail: 'no calibration report records a judge' },
        { id: 'no_failing_class', holds: false, detail: 'no calibration report to analyse' },
      ],
    });
  });

  it('is ready after a complete, matching procedure, also from JSON text artifacts', async () => {
    const { preregistration, report } = await perfectRun();
    const readiness = await assessGateReadiness({
      labelSet: JSON.stringify(licenceLabelSet),
      preregistration: JSON.stringify(preregistration),
      report: JSON.stringify(report),
      judge,
    });
    expect(failing(readiness)).toEqual([]);
    expect(readiness.ready).toBe(true);
  });

  it('does not trust a report whose numbers were edited', async () => {
    const { preregistration, report } = await perfectRun();
    const edited = { ...report, agreementRate: 0.99, outcome: { value: 0.99, met: true } };
    const readiness = await assessGateReadiness({
      labelSet: licenceLabelSet,
      preregistration,
      report: edited,
      judge,
    });
    expect(failing(readiness)).toEqual([
      'agreement_measured',
      'preregistered',
      'judge_unchanged',
      'no_failing_class',
    ]);
  });

  it('does not accept a pre-registration other than the one the report answers', async () => {
    const { report } = await perfectRun();
    const other = preregister({
      id: 'p2',
      metric: 'agreement_rate',
      threshold: 0.5,
      judge,
      labelSetHash: licenceLabelSet.hash,
      createdAt,
    });
    const readiness = await assessGateReadiness({
      labelSet: licenceLabelSet,
      preregistration: other,
      report,
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
  });

  it('reports a pre-registration written at the instant of measurement as not pre-registered', async () => {
    const { preregistration, report } = await perfectRun();
    const sameInstant = { ...report, measuredAt: preregistration.createdAt };
    const readiness = await assessGateReadiness({
      labelSet: licenceLabelSet,
      preregistration,
      report: sameInstant,
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
    expect(readiness.conditions[2]!.detail).toContain('not before the measurement');
  });

  it('does not accept a report measured on a label set edited since', async () => {
    const { preregistration, report } = await perfectRun();
    const tampered = copyLabelSet();
    tampered.items[0]!.faithful = false;
    const readiness = await assessGateReadiness({ labelSet: tampered, preregistration, report, judge });
    expect(failing(readiness)).toEqual(['label_set_verified', 'agreement_measured']);
  });

  it('requires both classes in the label set', async () => {
    const oneClass = await createLabelSet({
      name: 'faithful-only',
      items: licenceLabelSet.items.filter((item) => item.faithful),
      createdAt,
    });
    const { preregistration, report } = await perfectRun(oneClass);
    const readiness = await assessGateReadiness({ labelSet: oneClass, preregistration, report, judge });
    expect(failing(readiness)).toEqual(['label_set_verified', 'no_failing_class']);
    expect(readiness.conditions[0]!.detail).toBe(
      'hash verified; 16 faithful and 0 unfaithful items (both classes are needed to measure per-class recall)',
    );
    expect(readiness.conditions[4]!.detail).toContain('no unfaithful item has a judge verdict');
  });

  it('never throws on hostile artifacts', async () => {
    for (const value of ['[[[['.repeat(100_000), '{"__proto__":{"x":1}}', 42, null, { schemaVersion: 1 }]) {
      const readiness = await assessGateReadiness({
        labelSet: value,
        preregistration: value,
        report: value,
        judge,
      });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions).toHaveLength(5);
    }
  });
});
