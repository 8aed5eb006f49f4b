import { StringMap, StringSet } from '@gk/internal';
import type { z } from 'zod';
import type { MetricSet, QueryResult } from './stage-result.js';

// Which chunk is relevant to a query is decided by the writer (the report holds gold spans, not relevant ids), so
// the rates cannot be recomputed from the rows; these are the bounds every relevance definition obeys. The rates
// of one query read one relevant set: nDCG's positive gains are gold ids, and the reciprocal rank reads the hits
// reported (at most `topK`), so a query's recall, precision, reciprocal rank and nDCG are 0 without a hit.

type Path = Array<string | number>;
const RATES = ['recall', 'precision', 'hitRate', 'mrr', 'ndcg'] as const;
const TOLERANCE = 1e-9;

/** What the rate bounds read of a set of rows: its queries with gold, and of those, the ones with a hit. */
export interface RowTally {
  gold: number;
  withHits: number;
}

/** What the `topK` bounds read of a set of rows: its queries with gold and their distinct chunks in the first `topK` hits. */
export interface TopKTally {
  gold: number;
  distinctHits: number;
}

/** A `RowTally` and a `TopKTally` of one set of rows. */
export type Tally = RowTally & TopKTally;

/**
 * Tallies of `queries` as a whole and per category, in one pass over the rows whatever the number of categories:
 * each entry of a category, however often it is listed, reads its tally, not the rows again. `distinctHits` counts
 * the first `topK` hits of each query with gold, and stays 0 when `topK` is null.
 */
export function tallyRows(
  queries: readonly QueryResult[],
  topK: number | null,
): { all: Tally; byCategory: StringMap<Tally> } {
  const all = { gold: 0, withHits: 0, distinctHits: 0 };
  const byCategory = new StringMap<Tally>();
  for (const query of queries) {
    if (query.gold.length === 0) continue;
    const withHit = query.hits.length > 0 ? 1 : 0;
    const distinct = topK === null ? 0 : distinctChunks(query, topK);
    add(all, withHit, distinct);
    if (query.category === undefined) continue;
    let tally = byCategory.get(query.category);
    if (tally === undefined) {
      tally = { gold: 0, withHits: 0, distinctHits: 0 };
      byCategory.set(query.category, tally);
    }
    add(tally, withHit, distinct);
  }
  return { all, byCategory };
}

/** Adds one query with gold to `tally`. */
function add(tally: Tally, withHit: number, distinct: number): void {
  tally.gold += 1;
  tally.withHits += withHit;
  tally.distinctHits += distinct;
}

/** The tally of a category no query with gold is under. */
export const NO_ROWS: Readonly<Tally> = { gold: 0, withHits: 0, distinctHits: 0 };

function addIssue(
  ctx: z.RefinementCtx,
  path: Path,
  message: string,
  prefix = 'rate exceeds what its rows allow',
): void {
  ctx.addIssue({ code: 'custom', path, message: `${prefix}: ${message}` });
}

/**
 * Adds an issue for a rate of `metrics` (the means over the queries with gold) that its `rows` rule out: a query with
 * gold and no hit scores 0 on every metric, so no rate exceeds the share of those queries that have a hit, and
 * `hitRate`, a mean of 0s and 1s, is a multiple of 1 / the number of queries with gold. Each query's recall,
 * precision, reciprocal rank and nDCG are at most its hit, so their means are at most `hitRate`; its recall is at
 * least 1 / its gold ids when it has a hit, so recall is above 0 whenever `hitRate` is.
 */
export function expectRatesWithinRows(
  ctx: z.RefinementCtx,
  path: Path,
  metrics: MetricSet,
  rows: RowTally,
): void {
  const { gold, withHits } = rows;
  if (gold === 0 || metrics.queries !== gold) return; // the counts have their own issue
  const most = withHits / gold;
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
  const scaled = hitRate === null ? 0 : hitRate * gold;
  if (Math.abs(scaled - Math.round(scaled)) > TOLERANCE * gold) {
    addIssue(
      ctx,
      [...path, 'hitRate'],
      `expected a multiple of 1/${gold} (a share of the queries with gold), received ${hitRate}`,
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
  rows: TopKTally,
  topK: number,
): void {
  const { gold, distinctHits } = rows;
  if (gold === 0 || metrics.precision === null) return;
  const most = distinctHits / (topK * gold);
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
