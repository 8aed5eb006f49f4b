import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleCalibrationReport, sampleEchoReport, sampleEvalReport } from './__fixtures__/reports.js';
import { safeParseCalibrationReport, safeParseEchoReport, safeParseEvalReport } from './index.js';

// `Date.parse` keeps milliseconds only, so two times within one millisecond compared equal: a finish a fraction of a
// millisecond before its start was accepted.

describe('a time that must not be before another is compared past the millisecond', () => {
  const earlier = [
    ['2026-11-30T04:00:00.0009Z', '2026-11-30T04:00:00.0001Z'],
    ['2026-11-30T04:00:00.5001+01:00', '2026-11-30T03:00:00.5Z'],
    ['2026-11-30T04:00:00.123456789Z', '2026-11-30T04:00:00.12345678Z'],
  ] as const;
  it('refuses a finish a fraction of a millisecond before the start', () => {
    for (const [startedAt, finishedAt] of earlier) {
      const echo = { ...sampleEchoReport(), startedAt, finishedAt };
      expect([finishedAt, issuesOf(safeParseEchoReport(echo))]).toEqual([finishedAt, ['rule finishedAt']]);
      const evaluation = { ...sampleEvalReport(), startedAt, finishedAt };
      expect([finishedAt, issuesOf(safeParseEvalReport(evaluation))]).toEqual([
        finishedAt,
        ['rule finishedAt'],
      ]);
    }
  });
  it('refuses a measurement a fraction of a millisecond before its pre-registration', () => {
    for (const [createdAt, measuredAt] of earlier) {
      const report = sampleCalibrationReport();
      report.preregistration.createdAt = createdAt;
      report.measuredAt = measuredAt;
      expect([measuredAt, issuesOf(safeParseCalibrationReport(report))]).toEqual([
        measuredAt,
        ['rule measuredAt'],
      ]);
    }
  });
  it('accepts equal times however many digits they are written with, and later ones', () => {
    for (const [startedAt, finishedAt] of [
      ['2026-11-30T04:00:00Z', '2026-11-30T04:00:00.000000Z'],
      ['2026-11-30T04:00:00.0009Z', '2026-11-30T04:00:00.000900Z'],
      ['2026-11-30T04:00:00.5+01:00', '2026-11-30T03:00:00.5000001Z'],
      ['2026-11-30T04:00:00.0001Z', '2026-11-30T04:00:00.0009Z'],
      ['2026-11-30T04:00:00.9999Z', '2026-11-30T04:00:01Z'],
    ] as const) {
      expect([
        finishedAt,
        safeParseEchoReport({ ...sampleEchoReport(), startedAt, finishedAt }).success,
      ]).toEqual([finishedAt, true]);
      const report = sampleCalibrationReport();
      report.preregistration.createdAt = startedAt;
      report.measuredAt = finishedAt;
      expect([finishedAt, safeParseCalibrationReport(report).success]).toEqual([finishedAt, true]);
    }
  });
});
