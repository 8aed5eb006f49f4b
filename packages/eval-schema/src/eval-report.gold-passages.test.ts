import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleEvalReport } from './__fixtures__/reports.js';
import { type EvalReport, type StageResult, safeParseEvalReport } from './index.js';

type Gold = StageResult['queries'][number]['gold'];

/** The sample report with the gold of its first query replaced, in every stage (a dense copy when `dense`). */
function withGold(gold: Gold, dense = false): EvalReport {
  const report = sampleEvalReport();
  (report.stages[0] as StageResult).queries[0]!.gold = gold;
  if (dense) {
    report.stages.push({
      ...structuredClone(report.stages[0] as StageResult),
      stage: 'dense',
      isBaseline: false,
    });
    report.config.embedding = {
      provider: 'openai.embedding',
      modelId: 'text-embedding-3-small',
      dimensions: 1536,
    };
  }
  return report;
}

describe('EvalReport gold written as a passage id', () => {
  it('accepts a gold span with the chunk id it was written as, and keeps it', () => {
    const report = withGold([{ documentId: 'mit', start: 0, end: 400, chunkId: 'mit#0' }]);
    const result = safeParseEvalReport(report);
    expect(result).toEqual({ success: true, data: report });
  });

  it('refuses stages that disagree on whether a gold entry is a passage id', () => {
    const report = withGold([{ documentId: 'mit', start: 0, end: 400, chunkId: 'mit#0' }], true);
    delete (report.stages[1] as StageResult).queries[0]!.gold[0]!.chunkId;
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule stages[1].queries[0]']);
  });

  it('refuses a gold chunk id naming another span than a hit of that chunk, and counts it as a chunk', () => {
    const other = withGold([{ documentId: 'mit', start: 0, end: 120, chunkId: 'mit#0' }]);
    const result = safeParseEvalReport(other);
    expect(issuesOf(result)).toEqual(['rule stages[0].queries[0].hits[0].chunkId']);
    const counted = {
      ...withGold([{ documentId: 'mit', start: 400, end: 800, chunkId: 'mit#1' }]),
      chunkCount: 2,
    };
    expect(issuesOf(safeParseEvalReport(counted))).toEqual(['rule chunkCount']);
    expect(safeParseEvalReport({ ...counted, chunkCount: 3 }).success).toBe(true);
  });
});
