import { describe, expect, it } from 'vitest';
import type { EvalChunk, EvalPipeline } from './eval-pipeline.js';
import type { QuestionLine } from './read-questions.js';
import { runEval } from './run-eval.js';

// Chunks that overlap each other, share edges, have no length or run backwards, or carry offsets a JavaScript
// pipeline could hand over (a NaN, a string): relevance is "the chunk overlaps a gold span" for each of them,
// exactly as a scan of every chunk decides it (these values were recorded from that scan).
const CHUNKS = [
  { chunkId: 'a0', documentId: 'A', start: 0, end: 40 },
  { chunkId: 'b0', documentId: 'B', start: 0, end: 25 },
  { chunkId: 'a1', documentId: 'A', start: 30, end: 70 },
  { chunkId: 'a2', documentId: 'A', start: 70, end: 100 },
  { chunkId: 'a-empty', documentId: 'A', start: 50, end: 50 },
  { chunkId: 'a-backwards', documentId: 'A', start: 90, end: 80 },
  { chunkId: 'b1', documentId: 'B', start: 25, end: 50 },
  { chunkId: 'c0', documentId: 'C', start: 0, end: 30 },
  { chunkId: 'c-nan', documentId: 'C', start: Number.NaN, end: 30 },
  { chunkId: 'c-text', documentId: 'C', start: '10', end: '20' } as unknown as EvalChunk,
  { chunkId: 'a-wide', documentId: 'A', start: 0, end: 100 },
  { chunkId: 'a-late', documentId: 'A', start: 99, end: 100 },
];
const HITS = ['a-wide', 'a0', 'a1', 'a2', 'a-late', 'b0', 'b1', 'c0'];
const DOCUMENTS = [
  { id: 'A', text: 'a'.repeat(100) },
  { id: 'B', text: 'b'.repeat(50) },
  { id: 'C', text: 'c'.repeat(30) },
  { id: 'D', text: 'd'.repeat(10) },
];
const pipeline: EvalPipeline = {
  setup: () => ({
    documents: DOCUMENTS,
    chunks: CHUNKS,
    config: {
      chunking: { strategy: 'fixed', unit: 'characters', size: 40, overlap: 10 },
      scoreThreshold: null,
      embedding: null,
      fusion: null,
      rerank: null,
    },
  }),
  // Each question's hits rotate, so every relevant chunk's rank shows in the metrics.
  answer: (question) => {
    const shift = Number(question.id.slice(1));
    const ids = [...HITS.slice(shift % HITS.length), ...HITS.slice(0, shift % HITS.length)];
    return {
      stages: {
        lexical: ids.map((id, rank) => ({
          ...CHUNKS.find((chunk) => chunk.chunkId === id)!,
          score: 1 / (rank + 1),
        })),
      },
    };
  },
};
const span = (documentId: string, start: number, end: number) => ({ documentId, start, end });
const QUESTIONS: QuestionLine[] = [
  { id: 'q0', question: 'inside two chunks', gold: [span('A', 35, 36)] },
  { id: 'q1', question: 'from one edge to another', gold: [span('A', 40, 70)] },
  { id: 'q2', question: 'a whole document', gold: [span('A', 0, 100)] },
  { id: 'q3', question: 'across a chunk edge', gold: [span('B', 24, 26)] },
  { id: 'q4', question: 'an id and a span', gold: ['c0', span('B', 49, 50)] },
  { id: 'q5', question: 'offsets as text', gold: [span('C', 12, 13)] },
  { id: 'q6', question: 'no answer', gold: [] },
  { id: 'q7', question: 'before a backwards chunk', gold: [span('A', 85, 86)] },
  { id: 'q8', question: 'the last character', gold: [span('A', 99, 100)] },
  { id: 'q9', question: 'spans in two documents', gold: [span('C', 29, 30), span('A', 69, 71), 'a1'] },
  { id: 'q10', question: 'the same chunk twice', gold: [span('B', 0, 1), span('B', 1, 2)] },
].map((question, index) => ({ ...question, category: `k${index}` }));

describe('runEval with gold spans', () => {
  it('scores every chunk that overlaps a gold span as relevant, and no other', async () => {
    const report = await runEval({ pipeline, questions: QUESTIONS, topK: 8, packageVersion: '0.0.0' });
    const stage = report.stages[0]!;
    const rounded = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);
    const metrics = stage.categories.map(({ category, metrics: m }) =>
      [category, m.queries, m.recall, m.precision, m.hitRate, m.mrr, m.ndcg]
        .map((value) => String(typeof value === 'number' ? rounded(value) : value))
        .join(' '),
    );
    // Spans are kept as given; a passage id becomes its chunk's span, with the id it was written as.
    expect(stage.queries.map((query) => query.gold)).toEqual(
      QUESTIONS.map((question) =>
        question.gold.map((gold) => {
          if (typeof gold !== 'string') return gold;
          const { documentId, start, end } = CHUNKS.find((chunk) => chunk.chunkId === gold)!;
          return { documentId, start, end, chunkId: gold };
        }),
      ),
    );
    expect(stage.noAnswerQueries).toBe(1);
    expect({ overall: stage.metrics, metrics }).toMatchInlineSnapshot(`
      {
        "metrics": [
          "k0 1 1 0.375 1 1 1",
          "k1 1 0.666667 0.25 1 0.5 0.444123",
          "k2 1 0.714286 0.625 1 1 0.764081",
          "k3 1 1 0.25 1 0.333333 0.570642",
          "k4 1 1 0.25 1 0.333333 0.570642",
          "k5 1 0.5 0.125 1 0.333333 0.306574",
          "k6 0 null null null null null",
          "k7 1 1 0.25 1 0.5 0.624051",
          "k8 1 1 0.375 1 1 0.852928",
          "k9 1 1 0.5 1 0.5 0.69477",
          "k10 1 1 0.125 1 0.25 0.430677",
        ],
        "overall": {
          "hitRate": 1,
          "mrr": 0.575,
          "ndcg": 0.6258486564476461,
          "precision": 0.3125,
          "queries": 10,
          "recall": 0.8880952380952382,
        },
      }
    `);
  });

  it.each([
    ['a span in a document with no chunk', span('D', 0, 5), 'overlaps no chunk of its document'],
    ['an empty span at the end of a chunk', span('C', 30, 30), 'overlaps no chunk'],
    ['a span past the end', span('B', 40, 51), 'ends past the document'],
    ['a span in no document', span('E', 0, 1), 'is not in the pipeline'],
  ])('refuses %s', async (_name, gold, message) => {
    const questions = [{ id: 'q0', question: 'q', gold: [gold] }];
    await expect(runEval({ pipeline, questions, topK: 8, packageVersion: '0.0.0' })).rejects.toThrow(
      expect.objectContaining({
        code: 'invalid_questions',
        field: 'gold[0]',
        message: expect.stringContaining(message),
      }),
    );
  });
});

describe('runEval with a passage id and the span of that passage', () => {
  // Overlapping chunks; the pipeline always ranks a0, a2, a1. Gold a1 (an id: only a1 is relevant) and gold A 30–70
  // (a1's span: a0 and a2 overlap it and are relevant too) score differently, so they must not hash the same.
  const chunks = [
    { chunkId: 'a0', documentId: 'A', start: 0, end: 40 },
    { chunkId: 'a1', documentId: 'A', start: 30, end: 70 },
    { chunkId: 'a2', documentId: 'A', start: 60, end: 100 },
  ];
  const overlapping: EvalPipeline = {
    setup: () => ({
      documents: [{ id: 'A', text: 'a'.repeat(100) }],
      chunks,
      config: {
        chunking: { strategy: 'fixed', unit: 'characters', size: 40, overlap: 10 },
        scoreThreshold: null,
        embedding: null,
        fusion: null,
        rerank: null,
      },
    }),
    answer: () => ({
      stages: { lexical: [chunks[0]!, chunks[2]!, chunks[1]!].map((chunk) => ({ ...chunk, score: 1 })) },
    }),
  };
  const run = (gold: QuestionLine['gold']) =>
    runEval({
      pipeline: overlapping,
      questions: [{ id: 'q0', question: 'q', gold }],
      topK: 3,
      packageVersion: '0.0.0',
      now: () => new Date(0),
    });

  it('hashes them apart and shows which rule each gold entry is scored by', async () => {
    const byId = await run(['a1']);
    const bySpan = await run([span('A', 30, 70)]);
    expect(byId.stages[0]!.metrics.mrr).toBeCloseTo(1 / 3);
    expect(bySpan.stages[0]!.metrics.mrr).toBe(1);
    expect(byId.judgmentsHash).not.toBe(bySpan.judgmentsHash);
    expect(byId.stages[0]!.queries[0]!.gold).toEqual([
      { documentId: 'A', start: 30, end: 70, chunkId: 'a1' },
    ]);
    expect(bySpan.stages[0]!.queries[0]!.gold).toEqual([span('A', 30, 70)]);
  });

  it('hashes the same gold, as written, the same in any order', async () => {
    const first = await run(['a1', span('A', 0, 10)]);
    const again = await run([span('A', 0, 10), 'a1']);
    expect(again.judgmentsHash).toBe(first.judgmentsHash);
    expect((await run(['a1'])).judgmentsHash).toBe((await run(['a1'])).judgmentsHash);
  });
});
