import { describe, expect, it } from 'vitest';
import { licenceLabelSet } from '../__fixtures__/label-set.js';
import { analyzeDisagreements } from './analyze-disagreements.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { preregister } from './preregister.js';

const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'e'.repeat(64) };

/** A report of a judge that calls every item faithful: recall 1 on faithful, 0 on unfaithful. */
async function alwaysFaithful(threshold: number) {
  const preregistration = preregister({
    metric: 'agreement_rate',
    threshold,
    judge,
    labelSetHash: licenceLabelSet.hash,
    createdAt: new Date('2026-11-30T05:00:00.000Z'),
  });
  const outcomes = licenceLabelSet.items.map((item) => ({
    itemId: item.id,
    verdict: { faithful: true, unsupportedClaims: [], reasoning: 'r' },
  }));
  const built = await buildCalibrationReport({
    labelSet: licenceLabelSet,
    preregistration,
    judge,
    outcomes,
    measuredAt: new Date('2026-11-30T06:00:00.000Z'),
  });
  if (!built.success) throw new Error(built.error.message);
  return built.data;
}

describe('analyzeDisagreements', () => {
  // r17: a stored recall may differ from the rows by up to 1e-9 and still parse; a class was read as passing from a
  // recall of 0 written as 1e-9 against a threshold of 1e-10.
  it('decides whether a class fails from the rows, not from the recall stored in the report', async () => {
    const report = await alwaysFaithful(1e-10);
    const edited = { ...report, recall: { ...report.recall, unfaithful: 1e-9 } };
    const analysis = analyzeDisagreements(edited);
    expect(analysis.failsOn).toEqual(['unfaithful']);
    expect(analysis.unfaithful).toMatchObject({ agreed: 0, recall: 0, fails: true });
    expect(analysis.unfaithful.detail).toContain('(recall 0)');
  });

  it('fails a class with recall 0 whatever the threshold, even a threshold 0 written into the report by hand', async () => {
    const report = await alwaysFaithful(0.5);
    expect(analyzeDisagreements(report).failsOn).toEqual(['unfaithful']);
    const zero = { ...report, preregistration: { ...report.preregistration, threshold: 0 } };
    const analysis = analyzeDisagreements(zero);
    expect(analysis.failsOn).toEqual(['unfaithful']);
    expect(analysis.unfaithful).toMatchObject({
      recall: 0,
      fails: true,
      detail:
        'the judge recognised 0 of 4 unfaithful items (recall 0), which fails the class whatever the threshold (pre-registered: 0)',
    });
    expect(analysis.faithful).toMatchObject({ recall: 1, fails: false });
  });

  it('reads a report given as JSON text like the parsed report, and refuses an invalid one with a code', async () => {
    const report = await alwaysFaithful(0.5);
    expect(analyzeDisagreements(JSON.stringify(report) as never)).toEqual(analyzeDisagreements(report));
    for (const bad of ['{"schemaVersion":1}', '[[[[', 42]) {
      expect(() => analyzeDisagreements(bad as never)).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'report' }),
      );
    }
  });
});
