import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleEvalReport, sampleSynthesisReport } from './__fixtures__/reports.js';
import { countSynthesisRows, type EvalReport, type StageResult, safeParseEvalReport } from './index.js';

const stage = (report: EvalReport, index = 0): StageResult => report.stages[index] as StageResult;
const query = (report: EvalReport, index = 0): StageResult['queries'][number] =>
  stage(report).queries[index] as StageResult['queries'][number];

/** A second stage with the same queries, for rules that need two stages. */
function withDenseStage(report: EvalReport, isBaseline = false): EvalReport {
  report.stages.push({ ...structuredClone(stage(report)), stage: 'dense', isBaseline });
  report.config.embedding = {
    provider: 'openai.embedding',
    modelId: 'text-embedding-3-small',
    dimensions: 1536,
  };
  return report;
}

/** The issues of a report whose every rate, of the stage and of its one category, the rows rule out. */
const EVERY_RATE = ['metrics', 'categories[0].metrics'].flatMap((at) =>
  ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'].map((rate) => `rule stages[0].${at}.${rate}`),
);

describe('EvalReport', () => {
  it('accepts the sample report', () => {
    const report = sampleEvalReport();
    expect(safeParseEvalReport(report)).toEqual({ success: true, data: report });
    expect(safeParseEvalReport(withDenseStage(sampleEvalReport())).success).toBe(true);
  });

  it('allows at most one baseline stage, and only a lexical one', () => {
    expect(issuesOf(safeParseEvalReport(withDenseStage(sampleEvalReport(), true)))).toEqual([
      'rule stages[1].isBaseline',
      'rule stages[1].isBaseline',
    ]);
    const denseBaseline = withDenseStage(sampleEvalReport(), true);
    stage(denseBaseline).isBaseline = false;
    expect(issuesOf(safeParseEvalReport(denseBaseline))).toEqual(['rule stages[1].isBaseline']);
    const result = safeParseEvalReport(denseBaseline);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.stages[1].isBaseline: expected the baseline stage to be lexical',
    );
    const noBaseline = sampleEvalReport();
    stage(noBaseline).isBaseline = false;
    expect(safeParseEvalReport(noBaseline).success).toBe(true);
  });

  it('refuses a repeated stage and a stage without its settings', () => {
    const twice = sampleEvalReport();
    twice.stages.push({ ...structuredClone(stage(twice)), isBaseline: false });
    expect(issuesOf(safeParseEvalReport(twice))).toEqual(['rule stages[1].stage']);
    const dense = withDenseStage(sampleEvalReport());
    dense.config.embedding = null;
    expect(issuesOf(safeParseEvalReport(dense))).toEqual(['rule config.embedding']);
  });

  it('requires 0 <= start < end for gold spans and hits', () => {
    const report = sampleEvalReport();
    query(report).gold = [{ documentId: 'mit', start: 120, end: 120 }];
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule stages[0].queries[0].gold[0].end']);
    const negative = sampleEvalReport();
    query(negative).gold = [{ documentId: 'mit', start: -1, end: 5 }];
    expect(issuesOf(safeParseEvalReport(negative))).toEqual([
      'invalid_field stages[0].queries[0].gold[0].start',
    ]);
    const hit = sampleEvalReport();
    const first = query(hit).hits[0] as StageResult['queries'][number]['hits'][number];
    first.start = 500;
    expect(issuesOf(safeParseEvalReport(hit))).toEqual(['rule stages[0].queries[0].hits[0].end']);
  });

  it('requires rates in [0, 1] and null exactly when no query has gold', () => {
    const report = sampleEvalReport();
    stage(report).metrics.recall = 1.5;
    stage(report).metrics.mrr = -0.1;
    expect(issuesOf(safeParseEvalReport(report))).toEqual([
      'invalid_field stages[0].metrics.recall',
      'invalid_field stages[0].metrics.mrr',
    ]);
    const silentZero = sampleEvalReport();
    query(silentZero).gold = [];
    const s = stage(silentZero);
    s.noAnswerQueries = 2;
    s.metrics.queries = 0;
    (s.categories[0] as StageResult['categories'][number]).metrics = { ...s.metrics };
    expect(issuesOf(safeParseEvalReport(silentZero))).toEqual(EVERY_RATE);
  });

  it('refuses rates the rows rule out: above 0 with no hit, above the share with a hit, hitRate off 1/queries, precision above hits/topK', () => {
    const noHits = sampleEvalReport();
    query(noHits).hits = [];
    stage(noHits).abstentions = 2;
    const result = safeParseEvalReport(noHits);
    expect(issuesOf(result)).toEqual(EVERY_RATE);
    expect(result.success ? '' : result.error.issues[0]?.message).toBe(
      'rate exceeds what its rows allow: expected 0 (no query with gold has a hit), received 1',
    );
    const zeros = { queries: 1, recall: 0, precision: 0, hitRate: 0, mrr: 0, ndcg: 0 };
    stage(noHits).metrics = { ...zeros };
    (stage(noHits).categories[0] as StageResult['categories'][number]).metrics = { ...zeros };
    expect(safeParseEvalReport(noHits).success).toBe(true);

    // Two queries with gold, one of them without hits: no rate above 1/2, hitRate 0, 1/2 or 1.
    const half = sampleEvalReport();
    const q2 = query(half, 1);
    q2.gold = [{ documentId: 'mit', start: 0, end: 10 }];
    Object.assign(stage(half), { noAnswerQueries: 0 });
    const metrics = { queries: 2, recall: 0.5, precision: 0.1, hitRate: 0.5, mrr: 0.5, ndcg: 0.5 };
    stage(half).metrics = { ...metrics };
    (stage(half).categories[0] as StageResult['categories'][number]).metrics = { ...metrics };
    expect(safeParseEvalReport(half).success).toBe(true);
    stage(half).metrics = { ...metrics, recall: 0.75, hitRate: 0.25 };
    // mrr and ndcg 0.5 are within the share but above hitRate 0.25: rates contradicting each other (see below).
    expect(issuesOf(safeParseEvalReport(half))).toEqual([
      'rule stages[0].metrics.recall',
      'rule stages[0].metrics.mrr',
      'rule stages[0].metrics.ndcg',
      'rule stages[0].metrics.hitRate',
    ]);
    // 2 hits over topK 5 and 2 queries with gold: precision at most 0.2.
    stage(half).metrics = { ...metrics, precision: 0.3 };
    expect(issuesOf(safeParseEvalReport(half))).toEqual(['rule stages[0].metrics.precision']);
  });

  // One chunk at every rank of a query, precision 1 at topK 5 (precision@5 of one chunk is at most 0.2).
  it('counts a chunk listed at several ranks of a query once in the precision bound, as the metrics do', () => {
    const repeated = sampleEvalReport();
    const hit = { documentId: 'mit', chunkId: 'mit#0', start: 0, end: 400 };
    query(repeated).hits = [1, 2, 3, 4, 5].map((rank) => ({ rank, ...hit, score: rank }));
    for (const metrics of [stage(repeated).metrics, stage(repeated).categories[0]!.metrics]) {
      metrics.precision = 1;
    }
    const result = safeParseEvalReport(repeated);
    expect(issuesOf(result)).toEqual([
      'rule stages[0].metrics.precision',
      'rule stages[0].categories[0].metrics.precision',
    ]);
    expect(result.success ? '' : result.error.issues[0]?.message).toBe(
      'rate exceeds what its rows allow: expected at most 0.2 (distinct chunks in the first config.topK hits of the queries with gold / (config.topK × their number)), received 1',
    );
    // The honest record of a retriever that returns one chunk five times (precisionAtK counts it once: 1/5), with
    // its scores in any order (a distance rises by rank), stays valid.
    for (const metrics of [stage(repeated).metrics, stage(repeated).categories[0]!.metrics]) {
      metrics.precision = 0.2;
    }
    expect(safeParseEvalReport(repeated).success).toBe(true);
    // Two chunk ids of one span are two chunks of the corpus: each counts.
    const twoIds = sampleEvalReport();
    query(twoIds).hits = [
      { rank: 1, ...hit, score: 1 },
      { rank: 2, ...hit, chunkId: 'mit#0-copy', score: 1 },
    ];
    for (const metrics of [stage(twoIds).metrics, stage(twoIds).categories[0]!.metrics]) {
      metrics.precision = 0.4;
    }
    expect(safeParseEvalReport(twoIds).success).toBe(true);
  });

  it('refuses rates that contradict each other: recall, precision, mrr or ndcg above hitRate, recall 0 or precision and mrr below hitRate / topK with a hit', () => {
    // Two queries with gold, both with hits, so the share allows 1; a query scores 0 on every rate without a hit.
    const both = (): EvalReport => {
      const report = sampleEvalReport();
      query(report, 1).gold = [{ documentId: 'mit', start: 0, end: 50 }];
      query(report, 1).hits = [
        { rank: 1, documentId: 'apache-2.0', chunkId: 'apache-2.0#3', start: 900, end: 1300, score: 3 },
      ];
      Object.assign(stage(report), { noAnswerQueries: 0, abstentions: 0 });
      return report;
    };
    const setMetrics = (report: EvalReport, metrics: Partial<StageResult['metrics']>): EvalReport => {
      const base = { queries: 2, recall: 0.5, precision: 0.1, hitRate: 0.5, mrr: 0.5, ndcg: 0.5 };
      stage(report).metrics = { ...base, ...metrics };
      (stage(report).categories[0] as StageResult['categories'][number]).metrics = { ...base, ...metrics };
      return report;
    };
    expect(safeParseEvalReport(setMetrics(both(), {})).success).toBe(true);
    expect(safeParseEvalReport(setMetrics(both(), { recall: 0.25, mrr: 0.1, ndcg: 0 })).success).toBe(true);
    const at = (...rates: string[]): string[] =>
      ['metrics', 'categories[0].metrics'].flatMap((where) =>
        rates.map((rate) => `rule stages[0].${where}.${rate}`),
      );
    // The red team's report: recall, mrr and ndcg 1 with hitRate 0.5.
    const above = safeParseEvalReport(setMetrics(both(), { recall: 1, precision: 0.2, mrr: 1, ndcg: 1 }));
    expect(issuesOf(above)).toEqual(at('recall', 'mrr', 'ndcg'));
    expect(above.success ? '' : above.error.issues[0]?.message).toBe(
      'rates contradict each other: expected at most hitRate 0.5 (a query without a gold id in the first topK scores 0), received 1',
    );
    for (const rate of ['recall', 'precision', 'mrr', 'ndcg'] as const) {
      const result = safeParseEvalReport(setMetrics(both(), { hitRate: 0.5, [rate]: 0.5 + 1e-6 }));
      expect(issuesOf(result), rate).toEqual(at(rate));
    }
    // hitRate 0 with a hit anywhere is still trusted (the hits may be off gold), but then every rate is 0.
    const none = { hitRate: 0, recall: 0, precision: 0, mrr: 0, ndcg: 0 };
    expect(safeParseEvalReport(setMetrics(both(), none)).success).toBe(true);
    expect(issuesOf(safeParseEvalReport(setMetrics(both(), { ...none, ndcg: 0.1 })))).toEqual(at('ndcg'));
    // A query with a hit has recall > 0 and precision and reciprocal rank >= 1 / topK (topK 5: 0.5 / 5 = 0.1).
    expect(issuesOf(safeParseEvalReport(setMetrics(both(), { recall: 0 })))).toEqual(at('recall'));
    expect(issuesOf(safeParseEvalReport(setMetrics(both(), { precision: 0.09, mrr: 0.05 })))).toEqual(
      at('precision', 'mrr'),
    );
    expect(safeParseEvalReport(setMetrics(both(), { precision: 0.1, mrr: 0.1 })).success).toBe(true);
  });

  it('refuses a documentCount or chunkCount below the distinct documents and chunks the rows name', () => {
    // The sample's gold and hits name 2 documents (mit, apache-2.0) and 2 chunks.
    for (const [documentCount, chunkCount, issues] of [
      [0, 0, ['rule documentCount', 'rule chunkCount']],
      [1, 1, ['rule documentCount', 'rule chunkCount']],
      [1, 2, ['rule documentCount']],
      [2, 1, ['rule chunkCount']],
      [2, 2, []],
    ] as const) {
      const report = { ...sampleEvalReport(), documentCount, chunkCount };
      expect(issuesOf(safeParseEvalReport(report)), `${documentCount} ${chunkCount}`).toEqual(issues);
    }
    const result = safeParseEvalReport({ ...sampleEvalReport(), chunkCount: 1 });
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.chunkCount: count disagrees with its rows: expected at least 2 (distinct chunks of the hits and gold passages), received 1',
    );
    // A gold span names a document too, and a second stage's hits count with the first's.
    const gold = sampleEvalReport();
    query(gold, 1).gold = [{ documentId: 'gpl-3.0', start: 0, end: 10 }];
    Object.assign(stage(gold), { noAnswerQueries: 0 });
    stage(gold).metrics = {
      ...stage(gold).metrics,
      queries: 2,
      recall: 0.5,
      precision: 0.1,
      hitRate: 0.5,
      mrr: 0.5,
      ndcg: 0.5,
    };
    (stage(gold).categories[0] as StageResult['categories'][number]).metrics = { ...stage(gold).metrics };
    expect(issuesOf(safeParseEvalReport(gold))).toEqual(['rule documentCount']);
    const dense = withDenseStage({ ...sampleEvalReport(), chunkCount: 2 });
    stage(dense, 1).queries[0]?.hits.push({
      rank: 3,
      documentId: 'mit',
      chunkId: 'mit#1',
      start: 400,
      end: 800,
      score: 1,
    });
    expect(issuesOf(safeParseEvalReport(dense))).toEqual(['rule chunkCount']);
  });

  it('refuses a chunk id that names another document or span than where it first occurs, in any stage', () => {
    const hit = (report: EvalReport, stageIndex: number, index: number) =>
      (stage(report, stageIndex).queries[0]?.hits[index] ??
        {}) as StageResult['queries'][number]['hits'][number];
    const otherDocument = sampleEvalReport();
    hit(otherDocument, 0, 1).chunkId = 'mit#0';
    const result = safeParseEvalReport(otherDocument);
    expect(issuesOf(result)).toEqual(['rule stages[0].queries[0].hits[1].chunkId']);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.stages[0].queries[0].hits[1].chunkId: expected chunk "mit#0" to be "mit" 0–400 as where it first occurs (a chunk id names one span), received "apache-2.0" 900–1300',
    );
    for (const change of [{ start: 1 }, { end: 399 }, { documentId: 'apache-2.0' }]) {
      const report = withDenseStage(sampleEvalReport());
      Object.assign(hit(report, 1, 0), change);
      expect(issuesOf(safeParseEvalReport(report)), JSON.stringify(change)).toEqual([
        'rule stages[1].queries[0].hits[0].chunkId',
      ]);
    }
    // The same chunk at the same span, in two stages or twice in one list, is one chunk.
    const repeated = withDenseStage(sampleEvalReport());
    Object.assign(hit(repeated, 1, 1), { ...hit(repeated, 1, 0), rank: 2 });
    expect(safeParseEvalReport(repeated).success).toBe(true);
  });

  it('checks no-answer, abstention and per-category counts against the query rows', () => {
    const report = sampleEvalReport();
    stage(report).noAnswerQueries = 0;
    stage(report).abstentions = 2;
    stage(report).metrics.queries = 2;
    expect(issuesOf(safeParseEvalReport(report))).toEqual([
      'rule stages[0].metrics.queries',
      'rule stages[0].noAnswerQueries',
      'rule stages[0].abstentions',
    ]);
    const categories = sampleEvalReport();
    query(categories, 1).category = 'patent';
    expect(issuesOf(safeParseEvalReport(categories))).toEqual(['rule stages[0].categories']);
    const unknown = sampleEvalReport();
    stage(unknown).categories.push({ category: 'ghost', metrics: { ...stage(unknown).metrics } });
    expect(issuesOf(safeParseEvalReport(unknown))).toEqual(['rule stages[0].categories[1].category']);
  });

  it('ties every stage to the judgments and the hits to topK and their ranks', () => {
    const report = sampleEvalReport();
    report.judgmentCount = 3;
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule stages[0].queries']);
    const topK = sampleEvalReport();
    topK.config.topK = 1;
    // At topK 1 the query's hit at rank 1 has precision 1 (the sample's 0.2 is at topK 5).
    stage(topK).metrics.precision = 1;
    (stage(topK).categories[0] as StageResult['categories'][number]).metrics.precision = 1;
    expect(issuesOf(safeParseEvalReport(topK))).toEqual(['rule stages[0].queries[0].hits']);
    const ranks = sampleEvalReport();
    (query(ranks).hits[1] as { rank: number }).rank = 3;
    expect(issuesOf(safeParseEvalReport(ranks))).toEqual(['rule stages[0].queries[0].hits[1].rank']);
    const differentQueries = withDenseStage(sampleEvalReport());
    (stage(differentQueries, 1).queries[1] as { queryId: string }).queryId = 'q9';
    expect(issuesOf(safeParseEvalReport(differentQueries))).toEqual(['rule stages[1].queries']);
  });

  it('refuses a stage that reads another gold or category for a query than stages[0] (one set of judgments)', () => {
    const noGold = withDenseStage(sampleEvalReport());
    // The dense stage drops q1's gold: it is then measured on no query, and its null rates hide that.
    const dense = stage(noGold, 1);
    (dense.queries[0] as StageResult['queries'][number]).gold = [];
    dense.metrics = { queries: 0, recall: null, precision: null, hitRate: null, mrr: null, ndcg: null };
    (dense.categories[0] as StageResult['categories'][number]).metrics = { ...dense.metrics };
    dense.noAnswerQueries = 2;
    expect(issuesOf(safeParseEvalReport(noGold))).toEqual(['rule stages[1].queries[0]']);
    const otherSpan = withDenseStage(sampleEvalReport());
    (stage(otherSpan, 1).queries[0] as StageResult['queries'][number]).gold = [
      { documentId: 'mit', start: 0, end: 121 },
    ];
    expect(issuesOf(safeParseEvalReport(otherSpan))).toEqual(['rule stages[1].queries[0]']);
    const otherCategory = withDenseStage(sampleEvalReport());
    for (const row of stage(otherCategory, 1).queries) row.category = 'patent';
    (stage(otherCategory, 1).categories[0] as StageResult['categories'][number]).category = 'patent';
    expect(issuesOf(safeParseEvalReport(otherCategory))).toEqual([
      'rule stages[1].queries[0]',
      'rule stages[1].queries[1]',
    ]);
    const noCategory = withDenseStage(sampleEvalReport());
    delete (stage(noCategory, 1).queries[1] as StageResult['queries'][number]).category;
    expect(issuesOf(safeParseEvalReport(noCategory))).toEqual(['rule stages[1].queries[1]']);
    // The same spans in another order are the same judgment.
    const reordered = withDenseStage(sampleEvalReport());
    const spans = [
      { documentId: 'mit', start: 0, end: 120 },
      { documentId: 'apache-2.0', start: 900, end: 1000 },
    ];
    (stage(reordered, 0).queries[0] as StageResult['queries'][number]).gold = spans;
    (stage(reordered, 1).queries[0] as StageResult['queries'][number]).gold = [...spans].reverse();
    expect(safeParseEvalReport(reordered).success).toBe(true);
  });

  it('requires the synthesis input stage to be one of the stages', () => {
    const report = sampleEvalReport();
    (report.synthesis as NonNullable<EvalReport['synthesis']>).inputStage = 'rerank';
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule synthesis.inputStage']);
  });

  it('refuses synthesis rows for questions the evaluation did not judge', () => {
    const report = sampleEvalReport();
    const synthesis = report.synthesis as NonNullable<EvalReport['synthesis']>;
    (synthesis.rows[1] as (typeof synthesis.rows)[number]).queryId = 'q3';
    expect(issuesOf(safeParseEvalReport(report))).toEqual(['rule synthesis.rows[1].queryId']);
    // The standalone sample answers four questions, two of which this evaluation never asked.
    const four = { ...sampleEvalReport(), synthesis: sampleSynthesisReport() };
    expect(issuesOf(safeParseEvalReport(four))).toEqual([
      'rule synthesis.rows[2].queryId',
      'rule synthesis.rows[3].queryId',
    ]);
    // Answering some of the judged questions only is a smaller run, not a contradiction.
    synthesis.rows = synthesis.rows.slice(0, 1);
    synthesis.counts = countSynthesisRows(synthesis.rows);
    expect(safeParseEvalReport(report).success).toBe(true);
  });

  it('refuses a nested synthesis report of another version and says which versions it reads', () => {
    const report = sampleEvalReport() as unknown as { synthesis: { schemaVersion: number } };
    report.synthesis.schemaVersion = 2;
    const result = safeParseEvalReport(report);
    expect(issuesOf(result)).toEqual(['unsupported_version synthesis.schemaVersion']);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.synthesis.schemaVersion: unsupported schemaVersion: this package reads version 1; received 2',
    );
  });

  it('refuses a package version outside the semver.org grammar and accepts what it allows', () => {
    for (const version of [
      '0.1.0',
      '1.2.3-beta.1',
      '1.0.0-0a.x-y',
      '1.0.0-alpha+001',
      '10.20.30+build.007',
    ]) {
      expect(issuesOf(safeParseEvalReport({ ...sampleEvalReport(), packageVersion: version }))).toEqual([]);
    }
    for (const version of [
      '01.2.3',
      '1.02.3',
      '1.2.03',
      '1.2.3-beta..1',
      '1.2.3-01',
      '1.2.3-',
      '1.2.3+',
      '1.2',
    ]) {
      expect(issuesOf(safeParseEvalReport({ ...sampleEvalReport(), packageVersion: version }))).toEqual([
        'invalid_field packageVersion',
      ]);
    }
  });

  it('refuses a finish before the start', () => {
    const report = { ...sampleEvalReport(), finishedAt: '2026-11-30T03:59:59.999Z' };
    const result = safeParseEvalReport(report);
    expect(issuesOf(result)).toEqual(['rule finishedAt']);
    expect(result.success ? '' : result.error.message).toBe(
      'EvalReport.finishedAt: expected a time not before startedAt (2026-11-30T04:00:00.000Z)',
    );
    expect(safeParseEvalReport({ ...report, finishedAt: '2026-11-30T05:00:00+01:00' }).success).toBe(true);
  });

  it('refuses chunk overlap not below the chunk size and a malformed package version', () => {
    const report = sampleEvalReport();
    report.config.chunking.overlap = 400;
    report.packageVersion = 'latest';
    expect(issuesOf(safeParseEvalReport(report))).toEqual([
      'invalid_field packageVersion',
      'rule config.chunking.overlap',
    ]);
  });
});
