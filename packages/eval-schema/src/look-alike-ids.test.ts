import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import {
  HASH_A,
  sampleCalibrationReport,
  sampleEchoReport,
  sampleEvalReport,
  sampleLabelSetWithoutHash,
  sampleSynthesisReport,
} from './__fixtures__/reports.js';
import {
  countEchoCases,
  countSynthesisRows,
  type LabelSet,
  type StageResult,
  safeParseCalibrationReport,
  safeParseEchoReport,
  safeParseEvalReport,
  safeParseLabelSet,
  safeParseSynthesisReport,
} from './index.js';

// Two ids a reader cannot tell apart are one id: a report that lists a question under both counts it twice. Every list
// of rows reads its ids as shown (invisible, format and control characters removed, whitespace runs one space,
// trimmed, NFC), as `EchoReport` reads its case ids.

/** Spellings of `base` that read as it, and what makes each one differ. */
const lookAlikes = (base: string): Array<[string, string]> => [
  ['a zero-width space', `${base}\u200b`],
  ['a soft hyphen inside', `${base.slice(0, 1)}\u00ad${base.slice(1)}`],
  ['a bidi mark', `\u200e${base}`],
  ['a word joiner', `${base}\u2060`],
  ['a control character', `${base}\u0007`],
  ['a NUL', `${base}\u0000`],
  ['a trailing space', `${base} `],
  ['a trailing no-break space', `${base}\u00a0`],
];

const synthesisWith = (ids: readonly string[]) => {
  const report = sampleSynthesisReport();
  report.rows.forEach((row, index) => {
    row.queryId = ids[index] ?? row.queryId;
  });
  return report;
};

describe('ids that read alike', () => {
  it.each(lookAlikes('q1'))('refuses synthesis rows whose query ids differ by %s', (_name, id) => {
    const result = safeParseSynthesisReport(synthesisWith(['q1', id]));
    expect(issuesOf(result)).toEqual(['rule rows[1].queryId']);
    expect(result.success ? '' : result.error.issues[0]!.message).toContain('reads as "q1"');
  });

  it('refuses a synthesis question counted twice under one id in two normal forms', () => {
    const report = synthesisWith(['caf\u00e9', 'cafe\u0301']);
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual(['rule rows[1].queryId']);
    // An answered question listed twice is counted twice: the counts agree with the rows, so only the id rule sees it.
    report.rows.push({ ...(report.rows[0] as (typeof report.rows)[number]), queryId: 'caf\u00e9\u200b' });
    report.counts = countSynthesisRows(report.rows);
    report.claimAcceptance = report.counts.claimsAccepted / report.counts.claimsWritten;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual([
      'rule rows[1].queryId',
      'rule rows[4].queryId',
    ]);
  });

  it.each(lookAlikes('i1'))('refuses calibration rows whose item ids differ by %s', (_name, id) => {
    const report = sampleCalibrationReport();
    (report.rows[1] as (typeof report.rows)[number]).itemId = id;
    (report.disagreements[0] as (typeof report.disagreements)[number]).itemId = id;
    expect(issuesOf(safeParseCalibrationReport(report))).toEqual(['rule rows[1].itemId']);
  });

  it.each(lookAlikes('item-1'))('refuses label items whose ids differ by %s', (_name, id) => {
    const set = { ...sampleLabelSetWithoutHash(), hash: HASH_A } as LabelSet;
    (set.items[1] as LabelSet['items'][number]).id = id;
    expect(issuesOf(safeParseLabelSet(set))).toEqual(['rule items[1].id']);
  });

  it.each(lookAlikes('q1'))('refuses eval queries whose ids differ by %s', (_name, id) => {
    const report = sampleEvalReport();
    ((report.stages[0] as StageResult).queries[1] as StageResult['queries'][number]).queryId = id;
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule stages[0].queries[1].queryId']);
  });

  it.each(lookAlikes('case-1'))('still refuses echo case ids that differ by %s', (_name, id) => {
    const report = sampleEchoReport();
    (report.cases[1] as (typeof report.cases)[number]).caseId = id;
    expect(issuesOf(safeParseEchoReport(report))).toEqual(['rule cases[1].caseId']);
  });

  it('refuses a category spelled two ways, which splits its queries into rows that read alike', () => {
    const report = sampleEvalReport();
    const stage = report.stages[0] as StageResult;
    (stage.queries[1] as StageResult['queries'][number]).category = 'licence\u200b';
    stage.categories.push({
      category: 'licence\u200b',
      metrics: { queries: 0, recall: null, precision: null, hitRate: null, mrr: null, ndcg: null },
    });
    expect(issuesOf(safeParseEvalReport(report))).toEqual([
      'rule stages[0].queries[1].category',
      'rule stages[0].categories[1].category',
    ]);
  });

  it('refuses a document or chunk id spelled two ways in the rows (each would count as another)', () => {
    const chunk = sampleEvalReport();
    const hits = ((chunk.stages[0] as StageResult).queries[0] as StageResult['queries'][number]).hits;
    // Another span under a chunk id that reads as `mit#0`, of a document that reads as `mit`.
    Object.assign(hits[1] as object, { documentId: 'mit\u200b', chunkId: 'mit#0\u200b' });
    expect(issuesOf(safeParseEvalReport(chunk))).toEqual([
      'rule stages[0].queries[0].hits[1].documentId',
      'rule stages[0].queries[0].hits[1].chunkId',
    ]);
    const gold = sampleEvalReport();
    const row = (gold.stages[0] as StageResult).queries[0] as StageResult['queries'][number];
    row.gold = [{ documentId: 'mit\u00a0', start: 0, end: 120 }];
    gold.documentCount = 3; // the rows name three documents as written, two as read
    expect(issuesOf(safeParseEvalReport(gold))).toEqual(['rule stages[0].queries[0].hits[0].documentId']);
  });

  it('keeps ids that a reader can tell apart', () => {
    const cases = ['c', 'C', 'c 1', 'c1', 'ｃ', 'c\u0301'].map((caseId) => ({
      caseId,
      outcome: 'rejected' as const,
      leaked: false,
    }));
    const echo = { ...sampleEchoReport(), cases, counts: countEchoCases(cases) };
    expect(safeParseEchoReport(echo).success).toBe(true);
    expect(issuesOf(safeParseSynthesisReport(synthesisWith(['q 1', 'q1', 'Q1', 'q\t \n1'])))).toEqual([
      'rule rows[3].queryId',
    ]);
    expect(safeParseSynthesisReport(synthesisWith(['q 1', 'q1', 'Q1', 'q-1'])).success).toBe(true);
  });
});
