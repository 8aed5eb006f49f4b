import { describe, expect, it } from 'vitest';
import { licenceLabelSet, scaledLabelSet } from '../__fixtures__/label-set.js';
import { assessGateReadiness, MIN_LABELS_PER_CLASS } from './assess-gate-readiness.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { createLabelSet } from './create-label-set.js';
import { preregister } from './preregister.js';

const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'e'.repeat(64) };
const createdAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T05:30:00.000Z');
// 128 faithful and 32 unfaithful items: enough of each class to gate.
const labelSet = await scaledLabelSet(8);

async function perfectRun(set = labelSet) {
  const preregistration = preregister({
    id: 'p1',
    metric: 'agreement_rate',
    threshold: 0.9,
    judge,
    labelSetHash: set.hash,
    createdAt,
  });
  const outcomes = set.items.map((item) => ({
    itemId: item.id,
    verdict: { faithful: item.faithful, unsupportedClaims: item.faithful ? [] : ['c'], reasoning: 'r' },
  }));
  const built = await buildCalibrationReport({ labelSet: set, preregistration, judge, outcomes, measuredAt });
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
      labelSet: JSON.stringify(labelSet),
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
      labelSet,
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
      labelSetHash: labelSet.hash,
      createdAt,
    });
    const readiness = await assessGateReadiness({
      labelSet,
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
      labelSet,
      preregistration,
      report: sameInstant,
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
    expect(readiness.conditions[2]!.detail).toContain('not before the measurement');
  });

  it('does not accept a report measured on a label set edited since', async () => {
    const { preregistration, report } = await perfectRun();
    const tampered = structuredClone(labelSet);
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
      'hash verified; 16 faithful and 0 unfaithful items (at least 30 of each class are needed: with fewer, even a judge right on every item may miss more than 1 in 10 of a class)',
    );
    expect(readiness.conditions[4]!.detail).toContain('no unfaithful item has a judge verdict');
  });

  it(`needs at least ${MIN_LABELS_PER_CLASS} labelled items of each class, even for a judge right on every item`, async () => {
    expect(MIN_LABELS_PER_CLASS).toBe(30);
    // The example set: 16 faithful, 4 unfaithful; two items, one of each; 29 and 30 unfaithful items.
    const twoItems = await createLabelSet({
      name: 'two',
      items: [
        licenceLabelSet.items.find((i) => i.faithful)!,
        licenceLabelSet.items.find((i) => !i.faithful)!,
      ],
      createdAt,
    });
    const unfaithful = labelSet.items.filter((item) => !item.faithful);
    const faithful = labelSet.items.filter((item) => item.faithful);
    const sized = async (u: number) =>
      createLabelSet({
        name: `${u}`,
        items: [...faithful.slice(0, 30), ...unfaithful.slice(0, u)],
        createdAt,
      });
    for (const [set, ready] of [
      [licenceLabelSet, false],
      [twoItems, false],
      [await sized(29), false],
      [await sized(30), true],
    ] as const) {
      const { preregistration, report } = await perfectRun(set);
      expect(report.agreementRate).toBe(1);
      const readiness = await assessGateReadiness({ labelSet: set, preregistration, report, judge });
      expect([set.items.length, readiness.ready, failing(readiness)]).toEqual([
        set.items.length,
        ready,
        ready ? [] : ['label_set_verified'],
      ]);
    }
  });

  it('is not ready for a judge that always says faithful, even under a threshold 0 record written by hand', async () => {
    const { preregistration, report } = await perfectRun();
    const zero = { ...preregistration, threshold: 0 };
    const rows = report.rows.map((row) => ({ ...row, judge: true }));
    const unfaithful = rows.filter((row) => !row.human).length;
    const always = {
      ...report,
      preregistration: zero,
      rows,
      confusionMatrix: {
        truePositive: rows.length - unfaithful,
        falsePositive: unfaithful,
        falseNegative: 0,
        trueNegative: 0,
      },
      agreementRate: (rows.length - unfaithful) / rows.length,
      precision: { faithful: (rows.length - unfaithful) / rows.length, unfaithful: null },
      recall: { faithful: 1, unfaithful: 0 },
      disagreements: rows
        .filter((row) => !row.human)
        .map((row) => ({
          itemId: row.itemId,
          human: false,
          judge: true,
          reasoning: 'r',
          unsupportedClaims: [],
        })),
      outcome: { value: (rows.length - unfaithful) / rows.length, met: true },
    };
    const readiness = await assessGateReadiness({ labelSet, preregistration: zero, report: always, judge });
    expect(readiness.ready).toBe(false);
    expect(failing(readiness)).toContain('no_failing_class');
    expect(failing(readiness)).toContain('preregistered');
    expect(readiness.conditions.find((c) => c.id === 'preregistered')!.detail).toContain(
      'threshold 0 is no bar',
    );
    expect(readiness.conditions.find((c) => c.id === 'no_failing_class')!.detail).toContain(
      'the judge recognised 0 of 32 unfaithful items (recall 0), which fails the class whatever the threshold',
    );
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
