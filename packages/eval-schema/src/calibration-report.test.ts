import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { HASH_A, sampleCalibrationReport } from './__fixtures__/reports.js';
import { type CalibrationReport, safeParseCalibrationReport, summarizeCalibrationRows } from './index.js';

describe('summarizeCalibrationRows', () => {
  it('computes every number from the rows, leaving judge errors out of the rates', () => {
    const report = sampleCalibrationReport();
    expect(summarizeCalibrationRows(report.rows, report.preregistration)).toEqual({
      judgeErrors: 1,
      confusionMatrix: { truePositive: 1, falsePositive: 0, falseNegative: 1, trueNegative: 1 },
      agreementRate: 2 / 3,
      precision: { faithful: 1, unfaithful: 1 / 2 },
      recall: { faithful: 1 / 2, unfaithful: 1 },
      disagreements: ['i2'],
      outcome: { value: 2 / 3, met: false },
    });
  });
  it('meets the threshold at equality and never with a null value', () => {
    const rows = [{ itemId: 'a', human: true, judge: true }];
    expect(summarizeCalibrationRows(rows, { metric: 'agreement_rate', threshold: 1 }).outcome).toEqual({
      value: 1,
      met: true,
    });
    expect(summarizeCalibrationRows(rows, { metric: 'recall_unfaithful', threshold: 0 }).outcome).toEqual({
      value: null,
      met: false,
    });
  });
});

describe('CalibrationReport', () => {
  it('accepts the sample', () => {
    const report = sampleCalibrationReport();
    expect(safeParseCalibrationReport(report)).toEqual({ success: true, data: report });
  });
  it('refuses numbers that disagree with the rows', () => {
    const report = sampleCalibrationReport();
    report.judgeErrors = 0;
    report.confusionMatrix.trueNegative = 2;
    report.agreementRate = 0.75;
    report.recall.faithful = 1;
    expect(issuesOf(safeParseCalibrationReport(report))).toEqual([
      'rule judgeErrors',
      'rule confusionMatrix.trueNegative',
      'rule agreementRate',
      'rule recall.faithful',
    ]);
  });
  it('refuses a disagreement list that hides or invents a disagreement', () => {
    const hidden = sampleCalibrationReport();
    hidden.disagreements = [];
    expect(issuesOf(safeParseCalibrationReport(hidden))).toEqual(['rule disagreements']);
    const wrongSide = sampleCalibrationReport();
    (wrongSide.disagreements[0] as CalibrationReport['disagreements'][number]).human = false;
    expect(issuesOf(safeParseCalibrationReport(wrongSide))).toEqual(['rule disagreements[0].judge']);
    const flipped = sampleCalibrationReport();
    Object.assign(flipped.disagreements[0] as object, { human: false, judge: true });
    expect(issuesOf(safeParseCalibrationReport(flipped))).toEqual(['rule disagreements[0]']);
  });
  it('compares the disagreements with the rows element by element, never as joined text', () => {
    // Rows a and b agree and a\u0000b disagrees: listing a and b joins to the same text as listing a\u0000b.
    const report = sampleCalibrationReport();
    report.rows = [
      { itemId: 'a', human: true, judge: true },
      { itemId: 'b', human: false, judge: false },
      { itemId: 'a\u0000b', human: true, judge: false },
    ];
    Object.assign(report, {
      judgeErrors: 0,
      confusionMatrix: { truePositive: 1, falsePositive: 0, falseNegative: 1, trueNegative: 1 },
      agreementRate: 2 / 3,
      precision: { faithful: 1, unfaithful: 0.5 },
      recall: { faithful: 0.5, unfaithful: 1 },
      outcome: { value: 2 / 3, met: false },
      disagreements: [{ itemId: 'a\u0000b', human: true, judge: false }],
    });
    expect(safeParseCalibrationReport(report).success).toBe(true);
    report.disagreements = [
      { itemId: 'a', human: true, judge: false },
      { itemId: 'b', human: true, judge: false },
    ];
    expect(issuesOf(safeParseCalibrationReport(report))).toEqual([
      'rule disagreements',
      'rule disagreements[0]',
      'rule disagreements[1]',
    ]);
  });
  it('refuses an outcome that claims the threshold was met when it was not', () => {
    const report = sampleCalibrationReport();
    report.outcome.met = true;
    const result = safeParseCalibrationReport(report);
    expect(issuesOf(result)).toEqual(['rule outcome.met']);
    expect(result.success ? '' : result.error.message).toBe(
      'CalibrationReport.outcome.met: expected met to be false (value 0.6666666666666666, threshold 0.8)',
    );
  });
  it('refuses a judge, label set or time that differs from the pre-registration', () => {
    const report = sampleCalibrationReport();
    report.judge = { ...report.judge, modelId: 'gpt-4.1' };
    report.labelSetHash = HASH_A;
    report.measuredAt = '2026-11-29T11:59:59.000Z';
    expect(issuesOf(safeParseCalibrationReport(report))).toEqual([
      'rule judge',
      'rule labelSetHash',
      'rule measuredAt',
    ]);
  });
  it('reads a judge with call settings, and refuses settings that differ from the pre-registration', () => {
    const report = sampleCalibrationReport();
    const judge = { ...report.judge, settingsHash: HASH_A };
    const recorded = { ...report, judge, preregistration: { ...report.preregistration, judge } };
    expect(issuesOf(safeParseCalibrationReport(recorded))).toEqual([]);
    for (const [registered, measured] of [
      [judge, report.judge],
      [report.judge, judge],
      [judge, { ...judge, settingsHash: 'c'.repeat(64) }],
    ]) {
      const other = {
        ...report,
        judge: measured,
        preregistration: { ...report.preregistration, judge: registered },
      };
      expect(issuesOf(safeParseCalibrationReport(other))).toEqual(['rule judge']);
    }
    expect(
      issuesOf(safeParseCalibrationReport({ ...recorded, judge: { ...judge, settingsHash: 'x' } })),
    ).toEqual(['invalid_field judge.settingsHash']);
  });
  it('requires an error code exactly on the rows the judge failed, and unique item ids', () => {
    const report = sampleCalibrationReport();
    (report.rows[0] as CalibrationReport['rows'][number]).errorCode = 'schema';
    (report.rows[3] as CalibrationReport['rows'][number]).errorCode = undefined;
    (report.rows[2] as CalibrationReport['rows'][number]).itemId = 'i1';
    expect(issuesOf(safeParseCalibrationReport(report))).toEqual([
      'rule rows[2].itemId',
      'rule rows[0].errorCode',
      'rule rows[3].errorCode',
    ]);
  });
});
