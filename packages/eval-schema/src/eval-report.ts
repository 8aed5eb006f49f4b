import { z } from 'zod';
import { expectRatesWithinTopK, NO_ROWS, tallyRows } from './expect-rates-within-rows.js';
import { expectRowsWithinCorpus } from './expect-rows-within-corpus.js';
import { Count, Identifier, IsoDateTime, SemverVersion, Sha256Hex } from './primitives.js';
import { expectNotBefore, expectUniqueIds, WHEN_FIELDS_PARSED } from './rules.js';
import { RunConfig } from './run-config.js';
import { type QueryResult, StageResult } from './stage-result.js';
import { StringMap, StringSet } from '@gk/internal';
import { SynthesisReport } from './synthesis-report.js';

/** The artifact of one retrieval (and optional synthesis) evaluation run. */
export const EvalReport = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Version of this schema; this package reads version 1. */
      schemaVersion: z.literal(1),
      /** Discriminates the artifact when files are read without context. */
      kind: z.literal('eval'),
      /** Unique id of the run. */
      runId: Identifier,
      /** When the run started. */
      startedAt: IsoDateTime,
      /** When the run finished, if recorded. */
      finishedAt: IsoDateTime.optional(),
      /** Version of the package that wrote the report (semver). */
      packageVersion: SemverVersion,
      /** `hashCorpus` of the documents retrieved from. */
      corpusHash: Sha256Hex,
      /** `hashJudgments` of the gold judgments. */
      judgmentsHash: Sha256Hex,
      /** Documents in the corpus; at least the distinct documents the gold spans and hits name. */
      documentCount: Count,
      /** Chunks the documents were cut into; at least the distinct chunks the hits and gold passages name. */
      chunkCount: Count,
      /** Judged queries; every stage reports exactly these queries. */
      judgmentCount: Count,
      /** Retrieval settings. */
      config: RunConfig,
      /** One result per stage run; stage names are unique, at most one is the baseline and it is `lexical`. */
      stages: z.array(StageResult).min(1),
      /** Synthesis and advisory judge counts, when the run synthesised answers. */
      synthesis: SynthesisReport.optional(),
    })
    .superRefine((report, ctx) => {
      expectNotBefore(ctx, ['finishedAt'], report.finishedAt, report.startedAt, 'startedAt');
      expectUniqueIds(
        ctx,
        report.stages.map((stage) => stage.stage),
        (index) => ['stages', index, 'stage'],
      );
      const baselines = report.stages.flatMap((stage, index) => (stage.isBaseline ? [index] : []));
      for (const index of baselines.slice(1)) {
        ctx.addIssue({
          code: 'custom',
          path: ['stages', index, 'isBaseline'],
          message: 'expected at most one baseline stage',
        });
      }
      for (const index of baselines) {
        if (report.stages[index]?.stage !== 'lexical') {
          ctx.addIssue({
            code: 'custom',
            path: ['stages', index, 'isBaseline'],
            message: 'expected the baseline stage to be lexical',
          });
        }
      }
      const needs = { dense: 'embedding', fusion: 'fusion', rerank: 'rerank' } as const;
      report.stages.forEach((stage, index) => {
        if (stage.stage !== 'lexical' && report.config[needs[stage.stage]] === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['config', needs[stage.stage]],
            message: `expected ${needs[stage.stage]} settings for the ${stage.stage} stage (stages[${index}])`,
          });
        }
        if (stage.queries.length !== report.judgmentCount) {
          ctx.addIssue({
            code: 'custom',
            path: ['stages', index, 'queries'],
            message: `count disagrees with its rows: expected judgmentCount ${report.judgmentCount} queries, received ${stage.queries.length}`,
          });
        }
        const { topK } = report.config;
        // The rows are tallied once per category, not read again for each category.
        const tallies = tallyRows(stage.queries, topK);
        expectRatesWithinTopK(ctx, ['stages', index, 'metrics'], stage.metrics, tallies.all, topK);
        stage.categories.forEach((entry, categoryIndex) => {
          const rows = tallies.byCategory.get(entry.category) ?? NO_ROWS;
          const path = ['stages', index, 'categories', categoryIndex, 'metrics'];
          expectRatesWithinTopK(ctx, path, entry.metrics, rows, topK);
        });
        stage.queries.forEach((query, queryIndex) => {
          if (query.hits.length > report.config.topK) {
            ctx.addIssue({
              code: 'custom',
              path: ['stages', index, 'queries', queryIndex, 'hits'],
              message: `expected at most config.topK (${report.config.topK}) hits, received ${query.hits.length}`,
            });
          }
        });
      });
      const first = report.stages[0];
      if (first !== undefined) {
        const judged = new StringMap<string>();
        for (const query of first.queries) judged.set(query.queryId, judgmentOf(query));
        report.stages.slice(1).forEach((stage, offset) => {
          const same =
            stage.queries.length === judged.size && stage.queries.every((query) => judged.has(query.queryId));
          if (!same) {
            ctx.addIssue({
              code: 'custom',
              path: ['stages', offset + 1, 'queries'],
              message: 'expected the same query ids as stages[0]',
            });
          }
          // The gold and the category come from the judgments (`judgmentsHash`), not from the stage: a stage that
          // reads other gold is measured on other questions, and its rates compare with nothing.
          stage.queries.forEach((query, queryIndex) => {
            const expected = judged.get(query.queryId);
            if (expected === undefined || expected === judgmentOf(query)) return;
            ctx.addIssue({
              code: 'custom',
              path: ['stages', offset + 1, 'queries', queryIndex],
              message: `expected the gold spans and category of query ${JSON.stringify(query.queryId).slice(0, 80)} as in stages[0] (one set of judgments)`,
            });
          });
        });
      }
      expectRowsWithinCorpus(ctx, report);
      // The synthesis answered the judged questions from the input stage's hits: a row for another question was
      // answered from nothing this report shows, and its counts would sit beside rates that never saw it.
      const judged = new StringSet();
      for (const query of first?.queries ?? []) judged.add(query.queryId);
      report.synthesis?.rows.forEach((row, index) => {
        if (judged.has(row.queryId)) return;
        ctx.addIssue({
          code: 'custom',
          path: ['synthesis', 'rows', index, 'queryId'],
          message: `expected a query of the stages, received ${JSON.stringify(row.queryId).slice(0, 80)}`,
        });
      });
      if (
        report.synthesis !== undefined &&
        !report.stages.some((stage) => stage.stage === report.synthesis?.inputStage)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['synthesis', 'inputStage'],
          message: 'expected a stage that is in stages',
        });
      }
    }, WHEN_FIELDS_PARSED))();
/** The artifact of one retrieval (and optional synthesis) evaluation run. */
export type EvalReport = z.infer<typeof EvalReport>;

/**
 * A query's judgment as one string: its category and its gold spans, each with the passage id it was written as, in a
 * fixed order (a stage may list them in any).
 */
function judgmentOf(query: QueryResult): string {
  const spans = query.gold.map((span) =>
    JSON.stringify([span.documentId, span.start, span.end, span.chunkId ?? null]),
  );
  return JSON.stringify([query.category ?? null, spans.sort()]);
}
