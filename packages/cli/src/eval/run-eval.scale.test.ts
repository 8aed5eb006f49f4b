import { describe, expect, it, vi } from 'vitest';
import type { EvalChunk, EvalPipeline } from './eval-pipeline.js';
import type { QuestionLine } from './read-questions.js';
import { runEval } from './run-eval.js';

// The report's validation has its own per-category passes (@gk/eval-schema, tested there): the category test
// counts runEval's own work, with the validation passed through.
const validation = vi.hoisted(() => ({ skip: false }));
vi.mock('@gk/eval-schema', async (original) => {
  const schema = await original<typeof import('@gk/eval-schema')>();
  return {
    ...schema,
    safeParseEvalReport: (report: unknown) =>
      validation.skip ? { success: true, data: report } : schema.safeParseEvalReport(report),
  };
});

// Work is counted, not timed (tests/no-wall-clock.test.ts): n against 8n questions must cost about 8× the work;
// a per-question scan of every chunk or of every row costs 64×. The bound leaves room for fixed costs.
const FACTOR = 8;
const BOUND = 16;
const CONFIG = {
  chunking: { strategy: 'fixed', unit: 'characters', size: 10, overlap: 0 },
  scoreThreshold: null,
  embedding: { provider: 'test', modelId: 'tiny', dimensions: 4 },
  fusion: null,
  rerank: null,
} as const;

/** n documents of one chunk each; question i asks about document i and gets its chunk back from two stages. */
function scaled(n: number, gold: 'span' | 'id', counter: { reads: number }, categories: boolean) {
  const chunks: EvalChunk[] = [];
  const plain: EvalChunk[] = [];
  for (let i = 0; i < n; i++) {
    const chunk = { chunkId: `c${i}`, documentId: `doc${i}`, start: 0, end: 10 };
    plain.push(chunk);
    // Every read of a chunk's field is counted: the lookup's work over the corpus, whatever shape it takes.
    chunks.push({
      get chunkId() {
        counter.reads++;
        return chunk.chunkId;
      },
      get documentId() {
        counter.reads++;
        return chunk.documentId;
      },
      get start() {
        counter.reads++;
        return chunk.start;
      },
      get end() {
        counter.reads++;
        return chunk.end;
      },
    });
  }
  const documents = plain.map((chunk, i) => ({
    id: chunk.documentId,
    text: `Text of document number ${i}.`,
  }));
  const pipeline: EvalPipeline = {
    setup: () => ({ documents, chunks, config: CONFIG }),
    answer: (question) => {
      const hit = { ...plain[Number(question.id.slice(1))]!, score: 1 };
      return { stages: { lexical: [hit], dense: [hit] } };
    },
  };
  const questions: QuestionLine[] = plain.map((chunk, i) => ({
    id: `q${i}`,
    question: `What about ${i}?`,
    ...(categories ? { category: `cat${i}` } : {}),
    gold: gold === 'id' ? [chunk.chunkId] : [{ documentId: chunk.documentId, start: 0, end: 5 }],
  }));
  return { pipeline, questions };
}

async function chunkReads(n: number, gold: 'span' | 'id'): Promise<number> {
  const counter = { reads: 0 };
  const report = await runEval({ ...scaled(n, gold, counter, false), topK: 5, packageVersion: '0.0.0' });
  expect(report.stages[0]!.metrics.recall).toBe(1);
  return counter.reads;
}

const METHODS = [
  'filter',
  'map',
  'flatMap',
  'forEach',
  'reduce',
  'some',
  'every',
  'find',
  'findIndex',
] as const;

/** Calls of the callbacks given to the array methods while `run` runs: the per-element work of those loops. */
async function arrayCallbacks(run: () => Promise<unknown>): Promise<number> {
  let calls = 0;
  const prototype = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = METHODS.map((name) => [name, prototype[name]!] as const);
  for (const [name, original] of originals) {
    prototype[name] = function (this: unknown, callback: unknown, ...rest: unknown[]) {
      const counted =
        typeof callback === 'function'
          ? (...args: unknown[]) => {
              calls++;
              return (callback as (...a: unknown[]) => unknown)(...args);
            }
          : callback;
      return original.call(this, counted, ...rest);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, original] of originals) prototype[name] = original;
  }
  return calls;
}

describe('runEval at scale', () => {
  it('reads the chunks a number of times linear in the questions when gold is given as spans', async () => {
    const n = 250;
    const small = await chunkReads(n, 'span');
    const large = await chunkReads(n * FACTOR, 'span');
    expect(large / small).toBeLessThan(BOUND);
  });

  it('reads the chunks about as often for span gold as for passage-id gold', async () => {
    const n = 250;
    expect(await chunkReads(n, 'span')).toBeLessThan(4 * (await chunkReads(n, 'id')));
  });

  it('groups rows by category in work linear in the questions (one category per question)', async () => {
    const n = 200;
    const work = (size: number) =>
      arrayCallbacks(() =>
        runEval({ ...scaled(size, 'id', { reads: 0 }, true), topK: 5, packageVersion: '0.0.0' }),
      );
    validation.skip = true;
    let small: number;
    let large: number;
    try {
      small = await work(n);
      large = await work(n * FACTOR);
    } finally {
      validation.skip = false;
    }
    expect(small).toBeGreaterThan(n);
    expect(large / small).toBeLessThan(BOUND);
  });
});
