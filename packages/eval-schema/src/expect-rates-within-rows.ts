import type { z } from 'zod';
import type { MetricSet, QueryResult } from './stage-result.js';

// Which chunk is relevant to a query is decided by the writer (the report holds gold spans, not relevant ids), so
// the rates cannot be recomputed from the rows; these are the bounds every relevance definition obeys.

type Path = Array<string | number>;
const RATES = ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'] as const;
const TOLERANCE = 1e-9;

function addIssue(ctx: z.RefinementCtx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message: `rate exceeds what its rows allow: ${message}` });
}

/**
 * Adds an issue for a rate of `metrics` (the means over `queries` with gold) that its rows rule out: a query with
 * gold and no hit scores 0 on every metric, so no rate exceeds the share of those queries that have a hit, and
 * `hitRate`, a mean of 0s and 1s, is a multiple of 1 / the number of queries with gold.
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
  for (const key of RATES) {
    const value = metrics[key];
    if (value === null || value <= most + TOLERANCE) continue;
    const why =
      withHits === 0
        ? 'expected 0 (no query with gold has a hit)'
        : `expected at most ${most} (the share of queries with gold that have a hit)`;
    addIssue(ctx, [...path, key], `${why}, received ${value}`);
  }
  const { hitRate } = metrics;
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
 * Adds an issue when `metrics.precision` exceeds what the hits allow: a query's precision at `topK` is at most
 * its hits over `topK`, so the mean is at most the hits of the queries with gold over `topK` times their number.
 */
export function expectPrecisionWithinHits(
  ctx: z.RefinementCtx,
  path: Path,
  metrics: MetricSet,
  queries: readonly QueryResult[],
  topK: number,
): void {
  const gold = queries.filter((query) => query.gold.length > 0);
  if (gold.length === 0 || metrics.precision === null) return;
  let hits = 0;
  for (const query of gold) hits += Math.min(query.hits.length, topK);
  const most = hits / (topK * gold.length);
  if (metrics.precision > most + TOLERANCE) {
    addIssue(
      ctx,
      [...path, 'precision'],
      `expected at most ${most} (hits of the queries with gold / (config.topK × their number)), received ${metrics.precision}`,
    );
  }
}
