import { z } from 'zod';
import { Count, Identifier, NonNegative, NullableRate, StageName } from './primitives.js';
import { expectRatesWithinRows, NO_ROWS, tallyRows } from './expect-rates-within-rows.js';
import { expectCount, expectOneSpelling, expectUniqueIds, WHEN_FIELDS_PARSED } from './rules.js';
import { StringMap, StringSet } from '@gk/internal';

/** Mean retrieval metrics at `RunConfig.topK` over the queries that have gold; all `null` when none has. */
export const MetricSet = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Queries with at least one gold span, which the means are taken over. */
      queries: Count,
      /** Mean `recallAtK`. */
      recall: NullableRate,
      /** Mean `precisionAtK`. */
      precision: NullableRate,
      /** Mean `hitRateAtK`. */
      hitRate: NullableRate,
      /** `meanReciprocalRank` of the per-query reciprocal ranks. */
      mrr: NullableRate,
      /** Mean `ndcgAtK`. */
      ndcg: NullableRate,
    })
    .superRefine((metrics, ctx) => {
      for (const key of ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'] as const) {
        if ((metrics[key] === null) !== (metrics.queries === 0)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              metrics.queries === 0
                ? 'expected null: no query has gold'
                : 'expected a number: queries have gold',
          });
        }
      }
    }, WHEN_FIELDS_PARSED))();
/** Mean retrieval metrics at `RunConfig.topK` over the queries that have gold; all `null` when none has. */
export type MetricSet = z.infer<typeof MetricSet>;

/** One retrieved chunk of a query result, at its 1-based rank. */
export const RetrievedHit = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** 1-based rank; hits are listed in rank order 1, 2, 3, ... */
      rank: z.int().min(1),
      /** Document the chunk belongs to. */
      documentId: Identifier,
      /** Chunk id; it names the same document span wherever it occurs in the report. */
      chunkId: Identifier,
      /** Start of the chunk in its document (UTF-16 code units). */
      start: Count,
      /** End of the chunk in its document (UTF-16 code units, exclusive). */
      end: Count,
      /** The stage's score for the hit. */
      score: z.number(),
    })
    .refine((hit) => hit.start < hit.end, { message: 'expected start < end', path: ['end'] }))();
/** One retrieved chunk of a query result, at its 1-based rank. */
export type RetrievedHit = z.infer<typeof RetrievedHit>;

/**
 * One gold span of a query. With `chunkId` the gold was written as that passage id and only that chunk is relevant;
 * without it, every chunk that overlaps the span is. The two score the same span differently, so both are recorded.
 */
const GoldSpan = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Document the span belongs to. */
      documentId: Identifier,
      /** Start offset (UTF-16 code units, inclusive). */
      start: Count,
      /** End offset (UTF-16 code units, exclusive). */
      end: Count,
      /** The passage id the gold was written as, whose chunk is this span; absent for gold written as a span. */
      chunkId: Identifier.optional(),
    })
    .refine((span) => span.start < span.end, { message: 'expected start < end', path: ['end'] }))();

/** One query as a stage answered it: the gold spans, the hits and the latency. */
export const QueryResult = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Judgment id of the query. */
      queryId: Identifier,
      /** Category the query is reported under, if any. */
      category: Identifier.optional(),
      /** Gold spans, each with the passage id it was written as if any; empty for a no-answer query. */
      gold: z.array(GoldSpan),
      /** Hits in rank order; empty when the stage abstained. */
      hits: z.array(RetrievedHit),
      /** Wall-clock time of the stage for this query, in milliseconds. */
      latencyMs: NonNegative,
    })
    .superRefine((query, ctx) => {
      query.hits.forEach((hit, index) => {
        if (hit.rank !== index + 1) {
          ctx.addIssue({
            code: 'custom',
            path: ['hits', index, 'rank'],
            message: `expected rank ${index + 1}`,
          });
        }
      });
    }, WHEN_FIELDS_PARSED))();
/** One query as a stage answered it: the gold spans, the hits and the latency. */
export type QueryResult = z.infer<typeof QueryResult>;

/** The results of one retrieval stage: aggregate and per-category metrics, counts, and per-query rows. */
export const StageResult = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Which stage produced these results. */
      stage: StageName,
      /** True for the stage the others are compared against; only `lexical` may be the baseline. */
      isBaseline: z.boolean(),
      /** Metrics over all queries. */
      metrics: MetricSet,
      /** Metrics per category, one entry for each category that occurs in `queries`. */
      categories: z.array(z.strictObject({ category: Identifier, metrics: MetricSet })),
      /** Queries with no gold span (`gold: []`). */
      noAnswerQueries: Count,
      /** Queries for which the stage returned no hit. */
      abstentions: Count,
      /** One row per query; query ids are unique. */
      queries: z.array(QueryResult),
    })
    .superRefine((stage, ctx) => {
      expectUniqueIds(
        ctx,
        stage.queries.map((query) => query.queryId),
        (index) => ['queries', index, 'queryId'],
      );
      // A category spelled two ways (`licence`, `licence` + ZWSP) would split its queries into two rows that read alike.
      const spellings = new StringMap<string>();
      stage.queries.forEach((query, index) => {
        if (query.category === undefined) return;
        expectOneSpelling(ctx, spellings, query.category, ['queries', index, 'category'], 'category');
      });
      const withGold = (query: QueryResult): boolean => query.gold.length > 0;
      expectCount(
        ctx,
        ['metrics', 'queries'],
        stage.metrics.queries,
        stage.queries.filter(withGold).length,
        'queries with gold',
      );
      expectCount(
        ctx,
        ['noAnswerQueries'],
        stage.noAnswerQueries,
        stage.queries.filter((q) => !withGold(q)).length,
        'queries without gold',
      );
      expectCount(
        ctx,
        ['abstentions'],
        stage.abstentions,
        stage.queries.filter((q) => q.hits.length === 0).length,
        'queries without hits',
      );
      expectUniqueIds(
        ctx,
        stage.categories.map((entry) => entry.category),
        (index) => ['categories', index, 'category'],
      );
      const goldByCategory = new StringMap<number>();
      const categories: string[] = []; // in order of first occurrence, as a Map's keys
      for (const query of stage.queries) {
        if (query.category === undefined) continue;
        if (!goldByCategory.has(query.category)) categories.push(query.category);
        goldByCategory.set(
          query.category,
          (goldByCategory.get(query.category) ?? 0) + (withGold(query) ? 1 : 0),
        );
      }
      stage.categories.forEach((entry, index) => {
        const gold = goldByCategory.get(entry.category);
        if (gold === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['categories', index, 'category'],
            message: 'expected a category that occurs in queries',
          });
          return;
        }
        expectCount(
          ctx,
          ['categories', index, 'metrics', 'queries'],
          entry.metrics.queries,
          gold,
          'queries with gold in this category',
        );
      });
      // The rows are tallied once per category, not read again for each category (or each entry of one).
      const tallies = tallyRows(stage.queries, null);
      expectRatesWithinRows(ctx, ['metrics'], stage.metrics, tallies.all);
      stage.categories.forEach((entry, index) => {
        const rows = tallies.byCategory.get(entry.category) ?? NO_ROWS;
        expectRatesWithinRows(ctx, ['categories', index, 'metrics'], entry.metrics, rows);
      });
      const listed = new StringSet();
      for (const entry of stage.categories) listed.add(entry.category);
      for (const category of categories) {
        if (!listed.has(category)) {
          ctx.addIssue({
            code: 'custom',
            path: ['categories'],
            message: `missing metrics for category ${JSON.stringify(category).slice(0, 80)}`,
          });
        }
      }
    }, WHEN_FIELDS_PARSED))();
/** The results of one retrieval stage: aggregate and per-category metrics, counts, and per-query rows. */
export type StageResult = z.infer<typeof StageResult>;
