import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { sampleSynthesisReport } from './__fixtures__/reports.js';
import { countSynthesisRows, type SynthesisReport, safeParseSynthesisReport } from './index.js';

const row = (report: SynthesisReport, index: number): SynthesisReport['rows'][number] =>
  report.rows[index] as SynthesisReport['rows'][number];

describe('SynthesisReport', () => {
  it('accepts a report whose counts equal its rows', () => {
    const report = sampleSynthesisReport();
    expect(countSynthesisRows(report.rows)).toEqual(report.counts);
    expect(safeParseSynthesisReport(report)).toEqual({ success: true, data: report });
  });
  it('refuses an answered row without an accepted claim', () => {
    const report = sampleSynthesisReport();
    report.rows[1] = { queryId: 'q2', status: 'answered', claimsWritten: 2, claimsAccepted: 0 };
    Object.assign(report, { counts: countSynthesisRows(report.rows), claimAcceptance: 2 / 5 });
    const result = safeParseSynthesisReport(report);
    expect(issuesOf(result)).toEqual(['rule rows[1].claimsAccepted']);
  });
  it('refuses accepted claims on an abstained or rejected row, and claims written on an abstained one', () => {
    // buildSynthesisRow writes claimsAccepted 0 for both, and an abstention comes from a verification without claims.
    const cases: Array<[SynthesisReport['rows'][number], string[]]> = [
      [
        { queryId: 'a', status: 'abstained', claimsWritten: 3, claimsAccepted: 3 },
        ['claimsWritten', 'claimsAccepted'],
      ],
      [
        { queryId: 'a', status: 'abstained', claimsWritten: 2, claimsAccepted: 1 },
        ['claimsWritten', 'claimsAccepted'],
      ],
      [{ queryId: 'a', status: 'abstained', claimsWritten: 1, claimsAccepted: 0 }, ['claimsWritten']],
      [
        {
          queryId: 'r',
          status: 'rejected',
          rejectionCode: 'no_accepted_claims',
          claimsWritten: 3,
          claimsAccepted: 3,
        },
        ['claimsAccepted'],
      ],
      [
        {
          queryId: 'r',
          status: 'rejected',
          rejectionCode: 'rejected_claims',
          claimsWritten: 4,
          claimsAccepted: 2,
        },
        ['claimsAccepted'],
      ],
    ];
    for (const [bad, fields] of cases) {
      const report = sampleSynthesisReport();
      delete report.judge;
      report.rows = [bad];
      report.counts = countSynthesisRows(report.rows);
      report.claimAcceptance = report.counts.claimsAccepted / report.counts.claimsWritten;
      const result = safeParseSynthesisReport(report);
      expect(issuesOf(result), JSON.stringify(bad)).toEqual(
        fields.map((field) => `rule rows[0].${field}`).sort(),
      );
    }
    const rejected = sampleSynthesisReport();
    row(rejected, 3).claimsAccepted = 1;
    Object.assign(rejected, { counts: countSynthesisRows(rejected.rows), claimAcceptance: 0.8 });
    const result = safeParseSynthesisReport(rejected);
    expect(issuesOf(result)).toEqual(['rule rows[3].claimsAccepted']);
    expect(result.success ? '' : result.error.message).toBe(
      'SynthesisReport.rows[3].claimsAccepted: expected 0 accepted claims on a row that is rejected (only an answered row shows claims), received 1',
    );
    // What the writer does write for both stays accepted: nothing accepted, and claims written only when rejected.
    const report = sampleSynthesisReport();
    delete report.judge;
    report.rows = [
      { queryId: 'a', status: 'abstained', claimsWritten: 0, claimsAccepted: 0 },
      {
        queryId: 'r',
        status: 'rejected',
        rejectionCode: 'no_accepted_claims',
        claimsWritten: 3,
        claimsAccepted: 0,
      },
    ];
    Object.assign(report, { counts: countSynthesisRows(report.rows), claimAcceptance: 0 });
    expect(safeParseSynthesisReport(report).success).toBe(true);
  });

  it('refuses faithful + unfaithful + judgeErrors != judged', () => {
    const report = sampleSynthesisReport();
    report.counts.judgeErrors = 1;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual([
      'rule counts.judgeErrors',
      'rule counts.judged',
    ]);
    const result = safeParseSynthesisReport(report);
    expect(result.success ? [] : result.error.issues[1]?.message).toBe(
      'count disagrees with its rows: expected 3 (faithful + unfaithful + judgeErrors), received 2',
    );
  });
  it('refuses answered / abstained / rejected counts that disagree with the rows', () => {
    const report = sampleSynthesisReport();
    report.counts.answered = 3;
    report.counts.rejected = 0;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual([
      'rule counts.answered',
      'rule counts.rejected',
    ]);
  });
  it('takes judge fields all together or not at all', () => {
    const partial = sampleSynthesisReport() as unknown as { judge: Record<string, unknown> };
    delete partial.judge.promptHash;
    expect(issuesOf(safeParseSynthesisReport(partial))).toEqual(['invalid_field judge.promptHash']);
    const judgedWithoutJudge = sampleSynthesisReport();
    delete judgedWithoutJudge.judge;
    expect(issuesOf(safeParseSynthesisReport(judgedWithoutJudge))).toEqual(['rule judge']);
    const unjudged = sampleSynthesisReport();
    delete unjudged.judge;
    unjudged.rows = unjudged.rows.map(({ verdict: _verdict, ...rest }) => rest);
    unjudged.counts = countSynthesisRows(unjudged.rows);
    expect(safeParseSynthesisReport(unjudged).success).toBe(true);
  });
  it('refuses a verdict on a row that was not answered and a rejection code on an answered row', () => {
    const report = sampleSynthesisReport();
    row(report, 2).verdict = 'faithful';
    row(report, 0).rejectionCode = 'no_accepted_claims';
    report.counts = countSynthesisRows(report.rows);
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual([
      'rule rows[0].rejectionCode',
      'rule rows[2].verdict',
    ]);
  });
  it('refuses claim acceptance that disagrees with the counts or lies outside [0, 1]', () => {
    const report = sampleSynthesisReport();
    report.claimAcceptance = 0.5;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual(['rule claimAcceptance']);
    // The range check speaks; the recomputation runs only once every field parsed.
    expect(issuesOf(safeParseSynthesisReport({ ...sampleSynthesisReport(), claimAcceptance: 1.25 }))).toEqual(
      ['invalid_field claimAcceptance'],
    );
    row(report, 1).claimsAccepted = 3;
    report.counts = countSynthesisRows(report.rows);
    report.claimAcceptance = 1;
    expect(issuesOf(safeParseSynthesisReport(report))).toContain('rule rows[1].claimsAccepted');
  });
  it('returns a failure, never throws, for rows whose counts are out of range (the totals are not recomputed then)', () => {
    for (const value of [-1, 2 ** 53, 1.5]) {
      const report = sampleSynthesisReport();
      row(report, 0).claimsWritten = value;
      const result = safeParseSynthesisReport(report);
      expect(result.success).toBe(false);
      expect(issuesOf(result)).toEqual(['invalid_field rows[0].claimsWritten']);
    }
  });

  it('requires null claim acceptance when no claim was written', () => {
    const report = sampleSynthesisReport();
    report.rows = [{ queryId: 'q', status: 'abstained', claimsWritten: 0, claimsAccepted: 0 }];
    report.counts = countSynthesisRows(report.rows);
    report.claimAcceptance = 0;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual(['rule claimAcceptance']);
    report.claimAcceptance = null;
    expect(safeParseSynthesisReport(report).success).toBe(true);
  });
  it('has no place for a score', () => {
    expect(issuesOf(safeParseSynthesisReport({ ...sampleSynthesisReport(), score: 0.9 }))).toEqual([
      'unknown_key score',
    ]);
  });
});

describe('countSynthesisRows past 2^53', () => {
  const huge = { queryId: 'a', status: 'answered', claimsWritten: 2 ** 53 - 1, claimsAccepted: 1 } as const;
  const more = { queryId: 'b', status: 'answered', claimsWritten: 2, claimsAccepted: 1 } as const;
  it('refuses claim counts that add up past 2^53 - 1, naming the field, as precision and recall do', () => {
    expect(() => countSynthesisRows([huge, more])).toThrow(invalidArgument('rows[].claimsWritten'));
    expect(() => countSynthesisRows([huge, more])).toThrow(
      'Invalid rows[].claimsWritten: expected counts that add up to at most 2^53 - 1, received number 9007199254740992.',
    );
    // Counting does not check a row's rules (the report does): the sum of accepted claims alone is refused too.
    const accepted = [
      { ...huge, claimsWritten: 1, claimsAccepted: 2 ** 53 - 1 },
      { ...more, claimsWritten: 1 },
    ];
    expect(() => countSynthesisRows(accepted)).toThrow(invalidArgument('rows[].claimsAccepted'));
    // Up to 2^53 - 1 the sum is exact and counted.
    expect(countSynthesisRows([{ ...huge, claimsWritten: 2 ** 53 - 3 }, more]).claimsWritten).toBe(
      2 ** 53 - 1,
    );
  });
  it('leaves a report whose rows add up past 2^53 - 1 to safeParse, as an issue at the rows, not a throw', () => {
    const report = sampleSynthesisReport();
    delete report.judge;
    report.rows = [huge, more];
    report.counts = { ...countSynthesisRows([more]), questions: 2, answered: 2, claimsAccepted: 2 };
    report.counts.claimsWritten = Number.MAX_SAFE_INTEGER;
    report.claimAcceptance = 2 / Number.MAX_SAFE_INTEGER;
    const result = safeParseSynthesisReport(report);
    // Not `counts.claimsWritten`: the rows' sum (2^53, inexact) is no count to compare the stored one with.
    expect(issuesOf(result)).toEqual(['rule rows']);
    expect(result.success ? '' : result.error.message).toBe(
      'SynthesisReport.rows: expected claimsWritten of the rows to add up to at most 2^53 - 1, received more',
    );
  });
});
