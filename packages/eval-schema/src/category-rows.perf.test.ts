// Scale: rows grouped by category once per stage, bounded by counted work (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { sampleEvalReport } from './__fixtures__/reports.js';
import { safeParseEvalReport } from './safe-parse.js';
import { StageResult } from './stage-result.js';

const METRICS = { queries: 1, recall: 1, precision: 0.2, hitRate: 1, mrr: 1, ndcg: 1 };

/** Query `i` of a stage: gold and one hit in document `d<i>`, under `category(i)`. */
const queryOf = (index: number, category: string) => ({
  queryId: `q${index}`,
  category,
  gold: [{ documentId: `d${index}`, start: 0, end: 1 }],
  hits: [{ rank: 1, documentId: `d${index}`, chunkId: `c${index}`, start: 0, end: 1, score: 1 }],
  latencyMs: 1,
});

/** A valid evaluation report of `size` queries, each its own category (a per-question tag used as category). */
function perQuestionCategories(size: number): object {
  const report = sampleEvalReport();
  delete report.synthesis;
  Object.assign(report, { documentCount: size, chunkCount: size, judgmentCount: size });
  const queries = Array.from({ length: size }, (_, index) => queryOf(index, `tag-${index}`));
  Object.assign(report.stages[0]!, {
    metrics: { ...METRICS, queries: size },
    categories: queries.map((query) => ({ category: query.category, metrics: METRICS })),
    noAnswerQueries: 0,
    abstentions: 0,
    queries,
  });
  return report;
}

/** Array elements that `filter`, `map`, `forEach`, `some`, `every` and `find` visit while `run` runs. */
function elementsVisited(run: () => unknown): number {
  const methods = ['filter', 'map', 'forEach', 'some', 'every', 'find'] as const;
  const originals = methods.map((name) => Array.prototype[name]);
  let visited = 0;
  methods.forEach((name, index) => {
    const original = originals[index] as (...args: unknown[]) => unknown;
    (Array.prototype as unknown as Record<string, unknown>)[name] = function (
      this: unknown[],
      ...args: unknown[]
    ) {
      visited += this.length;
      return original.apply(this, args);
    };
  });
  try {
    run();
  } finally {
    methods.forEach((name, index) => {
      (Array.prototype as unknown as Record<string, unknown>)[name] = originals[index];
    });
  }
  return visited;
}

// Work is counted, not timed: n against 8n questions must cost about 8× the work; a pass over every row per category
// (or per entry of one category) costs 64×. The bound leaves room for fixed costs.
const FACTOR = 8;
const BOUND = 16;

describe('category metrics', () => {
  // One pass over the rows per category cost categories × rows (4,000 questions, one category each: 1.14 s).
  it('checks a report with one category per question in work linear in the questions', () => {
    const work = (size: number) => {
      const report = perQuestionCategories(size);
      let success = false;
      const visited = elementsVisited(() => {
        success = safeParseEvalReport(report).success;
      });
      expect(success).toBe(true);
      return visited;
    };
    expect(work(400 * FACTOR) / work(400)).toBeLessThan(BOUND);
  });

  // A category listed many times is a duplicate (its own issue); each entry is still checked against its rows, and
  // the rows of one category are tallied once, not once per entry.
  it('checks a category listed as often as it has rows in work linear in the rows', () => {
    const stageOf = (size: number) => ({
      stage: 'lexical',
      isBaseline: true,
      metrics: { ...METRICS, queries: size },
      categories: Array.from({ length: size }, () => ({
        category: 'all',
        metrics: { ...METRICS, queries: size },
      })),
      noAnswerQueries: 0,
      abstentions: 0,
      queries: Array.from({ length: size }, (_, index) => queryOf(index, 'all')),
    });
    const work = (size: number) => {
      const stage = stageOf(size);
      let success = true;
      const visited = elementsVisited(() => {
        success = StageResult.safeParse(stage).success;
      });
      expect(success).toBe(false);
      return visited;
    };
    expect(work(400 * FACTOR) / work(400)).toBeLessThan(BOUND);
  });

  it('reports the same issues for every entry of a category, in order', () => {
    const queries = [queryOf(0, 'a'), { ...queryOf(1, 'b'), hits: [] }, queryOf(2, 'a'), queryOf(3, 'b')];
    const stage = {
      stage: 'lexical',
      isBaseline: true,
      metrics: { queries: 4, recall: 0.75, precision: 0.75, hitRate: 0.75, mrr: 0.75, ndcg: 0.75 },
      categories: [
        {
          category: 'b',
          metrics: { queries: 2, recall: 0.9, precision: 0.5, hitRate: 0.5, mrr: 0.5, ndcg: 0.5 },
        },
        { category: 'a', metrics: { queries: 2, recall: 1, precision: 1, hitRate: 0.75, mrr: 1, ndcg: 1 } },
        {
          category: 'b',
          metrics: { queries: 2, recall: 0, precision: 0.5, hitRate: 0.5, mrr: 0.5, ndcg: 0.5 },
        },
        {
          category: 'none',
          metrics: { queries: 0, recall: null, precision: null, hitRate: null, mrr: null, ndcg: null },
        },
      ],
      noAnswerQueries: 0,
      abstentions: 1,
      queries,
    };
    const result = StageResult.safeParse(stage);
    const at = (index: number, key: string) => ['categories', index, 'metrics', key];
    const aboveHitRate =
      'rates contradict each other: expected at most hitRate 0.75 (a query without a gold id in the first topK scores 0), received 1';
    expect(result.success ? [] : result.error.issues.map(({ path, message }) => [path, message])).toEqual([
      [['categories', 2, 'category'], 'duplicate id "b"'],
      [['categories', 3, 'category'], 'expected a category that occurs in queries'],
      [
        at(0, 'recall'),
        'rate exceeds what its rows allow: expected at most 0.5 (the share of queries with gold that have a hit), received 0.9',
      ],
      [at(1, 'recall'), aboveHitRate],
      [at(1, 'precision'), aboveHitRate],
      [at(1, 'mrr'), aboveHitRate],
      [at(1, 'ndcg'), aboveHitRate],
      [
        at(1, 'hitRate'),
        'rate exceeds what its rows allow: expected a multiple of 1/2 (a share of the queries with gold), received 0.75',
      ],
      [
        at(2, 'recall'),
        'rates contradict each other: expected above 0 with hitRate 0.5 (a query with a hit has recall at least 1 / its gold ids), received 0',
      ],
    ]);
  });

  it("bounds each category's precision by the distinct chunks of its own rows at topK", () => {
    const report = perQuestionCategories(4) as ReturnType<typeof sampleEvalReport>;
    const stage = report.stages[0]!;
    stage.queries.forEach((query, index) => {
      query.category = index % 2 === 0 ? 'a' : 'b';
    });
    stage.categories = [
      { category: 'b', metrics: { ...METRICS, queries: 2 } },
      { category: 'a', metrics: { ...METRICS, queries: 2, precision: 0.5, mrr: 0.5 } },
    ];
    const result = safeParseEvalReport(report);
    expect(result.success ? [] : result.error.issues.map(({ path, message }) => [path, message])).toEqual([
      [
        ['stages', 0, 'categories', 1, 'metrics', 'precision'],
        'rate exceeds what its rows allow: expected at most 0.2 (distinct chunks in the first config.topK hits of the queries with gold / (config.topK × their number)), received 0.5',
      ],
    ]);
  });
});
