import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HASH_A, HASH_B } from './__fixtures__/reports.js';
import {
  countEchoCases,
  countSynthesisRows,
  type EchoReport,
  type EvalReport,
  type MetricSet,
  type QueryResult,
  type SynthesisReport,
  safeParseEchoReport,
  safeParseEvalReport,
  safeParseSynthesisReport,
  type SafeParseReportResult,
} from './index.js';
import { shownId } from './rules.js';

const text = fc.string({ unit: 'binary', maxLength: 20 });
// An identifier needs a visible character; the rest of it is any text.
const id = fc.string({ unit: 'binary', maxLength: 11 }).map((rest) => `i${rest}`);
const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const rate = fc.double({ min: 0, max: 1, noNaN: true }).filter((value) => !Object.is(value, -0));
const span = fc
  .tuple(fc.nat({ max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }))
  .map(([start, length]) => ({ start, end: start + length }));

/** Every report this version writes must survive parse → JSON text → parse unchanged. */
function expectLossless<T>(report: T, parse: (input: unknown) => SafeParseReportResult<T>): void {
  const first = parse(report);
  if (!first.success) throw first.error;
  expect(first.data).toEqual(report);
  const second = parse(JSON.stringify(first.data));
  if (!second.success) throw second.error;
  expect(second.data).toEqual(first.data);
  // Zod writes keys in schema order, so the text is stable from the first parse on.
  expect(JSON.stringify(second.data)).toBe(JSON.stringify(first.data));
}

const echoReport: fc.Arbitrary<EchoReport> = fc
  .record({
    runId: id,
    startedAt: isoDate,
    cases: fc.array(
      fc.record(
        {
          outcome: fc.constantFrom('grounded', 'wrong_source', 'abstained', 'rejected'),
          leaked: fc.boolean(),
          question: text,
          citedSources: fc.uniqueArray(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
          detail: text,
        },
        { requiredKeys: ['outcome', 'leaked'] },
      ),
      { maxLength: 8 },
    ),
  })
  .map(({ runId, startedAt, cases }) => {
    // As the scorer writes: a grounded case cites the positive alone (source 1 or 2), an abstained one nothing.
    const withIds = cases.map(({ citedSources, ...c }, index) => {
      const cited =
        c.outcome === 'grounded'
          ? [((citedSources?.[0] ?? 0) % 2) + 1]
          : c.outcome === 'abstained'
            ? undefined
            : citedSources;
      return { caseId: `case-${index}`, ...c, ...(cited === undefined ? {} : { citedSources: cited }) };
    });
    return {
      schemaVersion: 1,
      kind: 'echo',
      runId,
      startedAt,
      cases: withIds,
      counts: countEchoCases(withIds),
    };
  });

const synthesisRow = fc
  .tuple(
    fc.constantFrom('answered', 'abstained', 'rejected'),
    fc.nat({ max: 50 }),
    fc.nat({ max: 50 }),
    fc.option(fc.constantFrom('faithful', 'unfaithful', 'judge_error'), { nil: undefined }),
    id,
  )
  .map(([status, a, b, verdict, code]) => ({
    status,
    // As buildSynthesisRow writes: an answered row has an accepted claim, only it has any, an abstained one wrote none.
    claimsWritten: status === 'abstained' ? 0 : Math.max(a, b, status === 'answered' ? 1 : 0),
    claimsAccepted: status === 'answered' ? Math.max(Math.min(a, b), 1) : 0,
    ...(status === 'rejected' ? { rejectionCode: code } : {}),
    ...(status === 'answered' && verdict !== undefined ? { verdict } : {}),
  }));

const synthesisReport: fc.Arbitrary<SynthesisReport> = fc
  .record({
    redacted: fc.boolean(),
    provider: id,
    modelId: id,
    rows: fc.array(synthesisRow, { maxLength: 8 }),
  })
  .map(({ redacted, provider, modelId, rows }) => {
    const withIds = rows.map((row, index) => ({ queryId: `q${index}`, ...row })) as SynthesisReport['rows'];
    const counts = countSynthesisRows(withIds);
    return {
      schemaVersion: 1,
      inputStage: 'lexical',
      model: { provider, modelId },
      promptHash: HASH_A,
      ...(counts.judged > 0 ? { judge: { provider, modelId, promptHash: HASH_B } } : {}),
      redacted,
      counts,
      claimAcceptance: counts.claimsWritten === 0 ? null : counts.claimsAccepted / counts.claimsWritten,
      rows: withIds,
    };
  });

/**
 * Metrics over the rows with gold, the random `values` scaled into what the rows allow at topK 5: `hitRate` a share
 * of the queries with a hit, the others at most `hitRate`, precision and reciprocal rank at least `hitRate / 5`,
 * precision at most the distinct chunks of the hits over 5 times the queries.
 */
function metricSet(rows: readonly QueryResult[], values: number[]): MetricSet {
  const gold = rows.filter((row) => row.gold.length > 0);
  const queries = gold.length;
  const withHits = gold.filter((row) => row.hits.length > 0).length;
  // A chunk listed at several ranks of a row counts once, as `precisionAtK` counts it.
  const hits = gold.reduce((sum, row) => sum + new Set(row.hits.map((hit) => hit.chunkId)).size, 0);
  const hitRate = Math.round((values[2] ?? 0) * withHits) / Math.max(queries, 1);
  const at = (index: number, least: number, most: number): number | null =>
    queries === 0 ? null : least + (values[index] ?? 0) * (most - least);
  return {
    queries,
    recall: at(0, hitRate / 5, hitRate),
    precision: at(1, hitRate / 5, Math.min(hitRate, hits / (5 * Math.max(queries, 1)))),
    hitRate: queries === 0 ? null : hitRate,
    mrr: at(3, hitRate / 5, hitRate),
    ndcg: at(4, 0, hitRate),
  };
}

const queryResult = fc.record({
  category: fc.option(fc.constantFrom('a', 'b', '__proto__', 'c\u202e'), { nil: undefined }),
  gold: fc.array(
    fc.tuple(id, span).map(([documentId, s]) => ({ documentId, ...s })),
    { maxLength: 3 },
  ),
  hits: fc.array(fc.tuple(id, id, span, fc.double({ noNaN: true, noDefaultInfinity: true })), {
    maxLength: 5,
  }),
  latencyMs: fc.double({ min: 0, max: 1e6, noNaN: true }).filter((value) => !Object.is(value, -0)),
});

const evalReport: fc.Arbitrary<EvalReport> = fc
  .record({
    runId: id,
    startedAt: isoDate,
    queries: fc.array(queryResult, { maxLength: 6 }),
    values: fc.array(rate, { minLength: 5, maxLength: 5 }),
    synthesis: fc.option(synthesisReport, { nil: undefined }),
  })
  .map(({ runId, startedAt, queries, values, synthesis }) => {
    // A name is spelled one way: one that reads as an earlier one (`i`, `i` + NUL) takes the earlier spelling.
    const spellings = new Map<string, string>();
    const spell = (kind: string, name: string): string => {
      const key = `${kind}\u0000${shownId(name)}`;
      if (!spellings.has(key)) spellings.set(key, name);
      return spellings.get(key) as string;
    };
    // A chunk id names one span: a repeated id takes the document and span of its first hit.
    const chunks = new Map<string, { documentId: string; start: number; end: number }>();
    const rows: QueryResult[] = queries.map((query, index) => ({
      queryId: `q${index}`,
      ...(query.category === undefined ? {} : { category: spell('category', query.category) }),
      gold: query.gold.map((span) => ({ ...span, documentId: spell('document', span.documentId) })),
      hits: query.hits.map(([written, writtenChunk, s, score], rank) => {
        const [documentId, chunkId] = [spell('document', written), spell('chunk', writtenChunk)];
        const chunk = chunks.get(chunkId) ?? { documentId, ...s };
        chunks.set(chunkId, chunk);
        return { rank: rank + 1, chunkId, ...chunk, score: Object.is(score, -0) ? 0 : score };
      }),
      latencyMs: query.latencyMs,
    }));
    const documents = new Set(
      rows.flatMap((row) => [...row.gold, ...row.hits].map((item) => item.documentId)),
    );
    const withGold = (list: QueryResult[]): number => list.filter((row) => row.gold.length > 0).length;
    const categories = [
      ...new Set(rows.flatMap((row) => (row.category === undefined ? [] : [row.category]))),
    ].map((category) => ({
      category,
      metrics: metricSet(
        rows.filter((row) => row.category === category),
        values,
      ),
    }));
    return {
      schemaVersion: 1,
      kind: 'eval',
      runId,
      startedAt,
      packageVersion: '0.1.0',
      corpusHash: HASH_A,
      judgmentsHash: HASH_B,
      documentCount: documents.size + 3,
      chunkCount: chunks.size + 9,
      judgmentCount: rows.length,
      config: {
        chunking: { strategy: 'paragraph', unit: 'characters', size: 400, overlap: 40 },
        topK: 5,
        scoreThreshold: null,
        embedding: null,
        fusion: null,
        rerank: null,
      },
      stages: [
        {
          stage: 'lexical',
          isBaseline: true,
          metrics: metricSet(rows, values),
          categories,
          noAnswerQueries: rows.length - withGold(rows),
          abstentions: rows.filter((row) => row.hits.length === 0).length,
          queries: rows,
        },
      ],
      ...(synthesis === undefined ? {} : { synthesis: answering(synthesis, rows.length) }),
    };
  });

/** `report` cut to the rows of the first `questions` queries (a synthesis answers the judged questions only). */
function answering(report: SynthesisReport, questions: number): SynthesisReport {
  const rows = report.rows.slice(0, questions);
  const counts = countSynthesisRows(rows);
  const claimAcceptance = counts.claimsWritten === 0 ? null : counts.claimsAccepted / counts.claimsWritten;
  return { ...report, rows, counts, claimAcceptance };
}

describe('parse → serialize → parse', () => {
  it('is lossless for echo reports', () => {
    fc.assert(
      fc.property(echoReport, (report) => expectLossless(report, safeParseEchoReport)),
      { numRuns: 200 },
    );
  });
  it('is lossless for synthesis reports', () => {
    fc.assert(
      fc.property(synthesisReport, (report) => expectLossless(report, safeParseSynthesisReport)),
      { numRuns: 200 },
    );
  });
  it('is lossless for eval reports', () => {
    fc.assert(
      fc.property(evalReport, (report) => expectLossless(report, safeParseEvalReport)),
      { numRuns: 200 },
    );
  });
});
