import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleEchoReport } from './__fixtures__/reports.js';
import { countEchoCases, type EchoCase, type EchoReport, safeParseEchoReport } from './index.js';

describe('EchoReport', () => {
  it('accepts a report whose counts equal its cases', () => {
    const report = sampleEchoReport();
    expect(countEchoCases(report.cases)).toEqual(report.counts);
    expect(safeParseEchoReport(report)).toEqual({ success: true, data: report });
  });
  it('refuses counts that disagree with the cases (rule: counts equal the rows they summarise)', () => {
    const report = sampleEchoReport();
    report.counts.grounded = 2;
    report.counts.total = 5;
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule counts.grounded', 'rule counts.total']);
    const result = safeParseEchoReport(report);
    expect(result.success ? '' : result.error.message).toBe(
      'EchoReport.counts.grounded: count disagrees with its rows: expected 1 (grounded recomputed from cases), received 2 (and 1 more issue)',
    );
  });
  it('refuses a leaked count that hides a leaking case', () => {
    const report = sampleEchoReport();
    report.counts.leaked = 0;
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule counts.leaked']);
  });
  it('refuses a repeated case id', () => {
    const report = sampleEchoReport();
    (report.cases[1] as EchoReport['cases'][number]).caseId = 'case-1';
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule cases[1].caseId']);
  });
  it.each([
    ['a zero-width space', 'case-1\u200b'],
    ['a soft hyphen inside', 'case\u00ad-1'],
    ['a bidi mark', '\u200ecase-1'],
    ['a word joiner', 'case-\u20601'],
    ['a byte order mark', '\ufeffcase-1'],
  ])('refuses a case id that differs from another only by %s', (_name, caseId) => {
    const report = sampleEchoReport();
    (report.cases[1] as EchoReport['cases'][number]).caseId = caseId;
    const result = safeParseEchoReport(report);
    expect(issuesOf(result)).toEqual(['rule cases[1].caseId']);
    expect(result.success ? '' : result.error.issues[0]!.message).toContain('reads as "case-1"');
  });
  it('refuses case ids that are one text in two Unicode normal forms', () => {
    const report = sampleEchoReport();
    (report.cases[0] as EchoReport['cases'][number]).caseId = 'caf\u00e9';
    (report.cases[1] as EchoReport['cases'][number]).caseId = 'cafe\u0301';
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule cases[1].caseId']);
    (report.cases[1] as EchoReport['cases'][number]).caseId = 'cafe';
    expect(safeParseEchoReport(report).success).toBe(true);
  });
  it('refuses a cited source named twice (rule: cited sources are distinct)', () => {
    const rows: Array<Pick<EchoCase, 'outcome' | 'citedSources'>> = [
      { outcome: 'wrong_source', citedSources: [1, 1, 1] },
      { outcome: 'rejected', citedSources: [2, 1, 2] },
      { outcome: 'grounded', citedSources: [1, 1] },
      { outcome: 'wrong_source', citedSources: [2, 1] },
    ];
    const cases = rows.map((row, index) => ({ caseId: `case-${index + 1}`, leaked: false, ...row }));
    const result = safeParseEchoReport({ ...sampleEchoReport(), cases, counts: countEchoCases(cases) });
    expect(issuesOf(result)).toEqual([0, 1, 2].map((index) => `rule cases[${index}].citedSources`));
    expect(result.success ? '' : result.error.issues[0]!.message).toBe(
      'the cited sources are distinct, each named once in first-mention order; received [1, 1, 1]',
    );
  });
  it('refuses unknown keys, unknown outcomes and source numbers below 1', () => {
    const report = sampleEchoReport() as unknown as { cases: Array<Record<string, unknown>> };
    Object.assign(report.cases[0] as object, { score: 1 });
    (report.cases[1] as Record<string, unknown>).outcome = 'partially_grounded';
    (report.cases[2] as Record<string, unknown>).citedSources = [0];
    expect(issuesOf(safeParseEchoReport(report))).toEqual([
      'unknown_key cases[0].score',
      'invalid_field cases[1].outcome',
      'invalid_field cases[2].citedSources[0]',
    ]);
  });
  it('refuses cited sources that contradict the outcome (rule: a grounded case cites the positive alone; an abstained one nothing)', () => {
    const rows: Array<Pick<EchoCase, 'outcome' | 'citedSources'>> = [
      { outcome: 'grounded', citedSources: [] },
      { outcome: 'grounded' },
      { outcome: 'grounded', citedSources: [1, 2] },
      { outcome: 'grounded', citedSources: [7] },
      { outcome: 'grounded', citedSources: [3, 1] },
      { outcome: 'abstained', citedSources: [2] },
      { outcome: 'abstained', citedSources: [1, 2, 3, 4, 5, 6] },
    ];
    const cases = rows.map((row, index) => ({ caseId: `case-${index + 1}`, leaked: false, ...row }));
    const result = safeParseEchoReport({ ...sampleEchoReport(), cases, counts: countEchoCases(cases) });
    expect(issuesOf(result)).toEqual(rows.map((_, index) => `rule cases[${index}].citedSources`));
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'a grounded case cites exactly one source, the positive (1 or 2); received none',
      'a grounded case cites exactly one source, the positive (1 or 2); received none',
      'a grounded case cites exactly one source, the positive (1 or 2); received [1, 2]',
      'a grounded case cites exactly one source, the positive (1 or 2); received [7]',
      'a grounded case cites exactly one source, the positive (1 or 2); received [3, 1]',
      'an abstained case cites no source; received [2]',
      'an abstained case cites no source; received [1, 2, 3, 4, 5, …]',
    ]);
  });
  it('accepts the sources each outcome may cite: grounded 1 or 2, abstained none, any for the others', () => {
    const rows: Array<Pick<EchoCase, 'outcome' | 'citedSources'>> = [
      { outcome: 'grounded', citedSources: [1] },
      { outcome: 'grounded', citedSources: [2] },
      { outcome: 'abstained', citedSources: [] },
      { outcome: 'abstained' },
      { outcome: 'wrong_source', citedSources: [1, 2] },
      { outcome: 'wrong_source', citedSources: [7] },
      { outcome: 'wrong_source', citedSources: [] },
      { outcome: 'rejected', citedSources: [3] },
      { outcome: 'rejected' },
    ];
    const cases = rows.map((row, index) => ({ caseId: `case-${index + 1}`, leaked: false, ...row }));
    const report = { ...sampleEchoReport(), cases, counts: countEchoCases(cases) };
    expect(safeParseEchoReport(report)).toEqual({ success: true, data: report });
  });
  it('accepts an empty run and refuses a non-ISO start time', () => {
    const empty = { ...sampleEchoReport(), cases: [], counts: countEchoCases([]) };
    expect(safeParseEchoReport(empty).success).toBe(true);
    expect(issuesOf(safeParseEchoReport({ ...empty, startedAt: 'yesterday' }))).toEqual([
      'invalid_field startedAt',
    ]);
  });
  it('refuses a finish before the start', () => {
    const report = { ...sampleEchoReport(), finishedAt: '2026-11-30T03:00:00.000Z' };
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule finishedAt']);
  });
});

describe('countEchoCases reads each field once', () => {
  it('counts what it checked, even when a getter answers differently on a second read', () => {
    let outcomeReads = 0;
    let leakedReads = 0;
    const flaky = {
      get outcome() {
        outcomeReads += 1;
        return outcomeReads === 1 ? 'grounded' : 'nonsense';
      },
      get leaked() {
        leakedReads += 1;
        return leakedReads === 1;
      },
    } as unknown as EchoCase;
    expect(countEchoCases([flaky])).toEqual({
      grounded: 1,
      wrongSource: 0,
      abstained: 0,
      rejected: 0,
      leaked: 1,
      total: 1,
    });
    expect([outcomeReads, leakedReads]).toEqual([1, 1]);
  });
});
