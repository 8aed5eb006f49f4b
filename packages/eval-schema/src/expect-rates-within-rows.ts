import { StringSet } from '@gk/internal';
import type { z } from 'zod';
import type { MetricSet, QueryResult } from './stage-result.js';

// Which chunk is relevant to a query is decided by the writer (the report holds gold spans, not relevant ids), so
// the rates cannot be recomputed from the rows; these are the bounds every relevance definition obeys. The rates
// of one query read one relevant set: nDCG's positive gains are gold ids, and the reciprocal rank reads the hits
// reported (at most `topK`), so a query's recall, precision, reciprocal rank and nDCG are 0 without a hit.

type Path = Array<string | number>;
const RATES = ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'] as const;
const TOLERANCE = 1e-9;

function addIssue(
  ctx: z.RefinementCtx,
  path: Path,
  message: string,
  prefix = 'rate exceeds what its rows allow',
): void {
  ctx.addIssue({ code: 'custom', path, message: `${prefix}: ${message}` });
}

/**
 * Adds an issue for a rate of `metrics` (the means over `queries` with gold) that its rows rule out: a query with
 * gold and no hit scores 0 on every metric, so no rate exceeds the share of those queries that have a hit, and
 * `hitRate`, a mean of 0s and 1s, is a multiple of 1 / the number of queries with gold. Each query's recall,
 * precision, reciprocal rank and nDCG are at most its hit, so their means are at most `hitRate`; its recall is at
 * least 1 / its gold ids when it has a hit, so recall is above 0 whenever `hitRate` is.
 */
export function expectRatesWithinRows(
  ctx: z.RefinementCtx,
  path: Path,
  metrics: MetricSet,
  queries: readonly QueryResult[],
): void {
  const gold = queries.filter((query) => query.gold.length > 0);
  if (gold.length === 0 || metrics.queries !== gold.length) return; // the counts have their own issue
  const withHits = gold.filter((query) => query.hits.length > 0).length;
  const most = withHits / gold.length;
  const { hitRate } = metrics;
  for (const key of RATES) {
    const value = metrics[key];
    if (value === null) continue;
    if (value > most + TOLERANCE) {
      const why =
        withHits === 0
          ? 'expected 0 (no query with gold has a hit)'
          : `expected at most ${most} (the share of queries with gold that have a hit)`;
      addIssue(ctx, [...path, key], `${why}, received ${value}`);
    } else if (hitRate !== null && value > hitRate + TOLERANCE) {
      const why = `expected at most hitRate ${hitRate} (a query without a gold id in the first topK scores 0)`;
      addIssue(ctx, [...path, key], `${why}, received ${value}`, 'rates contradict each other');
    }
  }
  if (metrics.recall === 0 && hitRate !== null && hitRate > 0) {
    const why = `expected above 0 with hitRate ${hitRate} (a query with a hit has recall at least 1 / its gold ids)`;
    addIssue(ctx, [...path, 'recall'], `${why}, received 0`, 'rates contradict each other');
  }
  const scaled = hitRate === null ? 0 : hitRate * gold.length;
  if (Math.abs(scaled - Math.round(scaled)) > TOLERANCE * gold.length) {
    addIssue(
      ctx,
      [...path, 'hitRate'],
      `expected a multiple of 1/${gold.length} (a share of the queries with gold), received ${hitRate}`,
    );
  }
}

/**
 * Distinct chunk ids among the first `topK` hits of `query`: a chunk listed at several ranks is relevant once, as
 * `precisionAtK` counts it (its later ranks are non-relevant slots), so it adds one to the precision bound.
 */
function distinctChunks(query: QueryResult, topK: number): number {
  const seen = new StringSet(); // chunk ids past 16,383 units of one length all collide in a Set
  for (const hit of query.hits.slice(0, topK)) seen.add(hit.chunkId);
  return seen.size;
}

/**
 * Adds an issue for a rate that `topK` rules out: a query's precision at `topK` is at most its distinct chunks in the
 * first `topK` hits over `topK`, so the mean is at most their sum over the queries with gold over `topK` times their
 * number; a query with a hit has precision and reciprocal rank at least 1 / `topK`, so neither mean is below
 * `hitRate / topK`.
 */
export function expectRatesWithinTopK(
  ctx: z.RefinementCtx,
  path: Path,
  metrics: MetricSet,
  queries: readonly QueryResult[],
  topK: number,
): void {
  const gold = queries.filter((query) => query.gold.length > 0);
  if (gold.length === 0 || metrics.precision === null) return;
  let hits = 0;
  for (const query of gold) hits += distinctChunks(query, topK);
  const most = hits / (topK * gold.length);
  if (metrics.precision > most + TOLERANCE) {
    addIssue(
      ctx,
      [...path, 'precision'],
      `expected at most ${most} (distinct chunks in the first config.topK hits of the queries with gold / (config.topK × their number)), received ${metrics.precision}`,
    );
  }
  const least = (metrics.hitRate ?? 0) / topK;
  for (const key of ['precision', 'mrr'] as const) {
    const value = metrics[key] ?? 0;
    if (value < least - TOLERANCE) {
      const why = `expected at least hitRate / config.topK = ${least} (a query with a hit scores >= 1 / topK)`;
      addIssue(ctx, [...path, key], `${why}, received ${value}`, 'rates contradict each other');
    }
  }
}
