import type { EvalPipeline } from '../eval/eval-pipeline.js';
import type { QuestionLine } from '../eval/read-questions.js';

const documents = [
  { id: 'water', text: 'Water boils at 100 °C at sea level. Ice melts at 0 °C.' },
  { id: 'air', text: 'Air is mostly nitrogen. Oxygen is about a fifth of it.' },
];
const chunks = [
  { chunkId: 'water#0', documentId: 'water', start: 0, end: 35 },
  { chunkId: 'water#1', documentId: 'water', start: 36, end: 54 },
  { chunkId: 'air#0', documentId: 'air', start: 0, end: 23 },
  { chunkId: 'air#1', documentId: 'air', start: 24, end: 54 },
];

/** Three questions over the tiny corpus; gold by passage id and by span. */
export const TINY_QUESTIONS: QuestionLine[] = [
  { id: 'boil', question: 'When does water boil?', category: 'water', gold: ['water#0'] },
  {
    id: 'melt',
    question: 'When does ice melt?',
    category: 'water',
    gold: [{ documentId: 'water', start: 36, end: 54 }],
  },
  { id: 'mars', question: 'What is on Mars?', gold: [] },
];

/**
 * A deterministic pipeline over two tiny documents: the lexical stage ranks chunks by shared words; the
 * synthesis step "answers" when the top chunk shares a word, and a `quality` below 1 drops the best hit.
 */
export function tinyPipeline(options: { quality?: number; synthesis?: boolean } = {}): EvalPipeline {
  const quality = options.quality ?? 1;
  const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
  return {
    setup: () => ({
      documents,
      chunks,
      config: {
        chunking: { strategy: 'sentence', unit: 'characters', size: 40, overlap: 0 },
        scoreThreshold: null,
        embedding: null,
        fusion: null,
        rerank: null,
      },
      ...(options.synthesis === false
        ? {}
        : {
            synthesis: {
              inputStage: 'lexical' as const,
              model: { provider: 'test', modelId: 'tiny' },
              promptHash: 'c'.repeat(64),
            },
          }),
    }),
    answer: async (question, { topK }) => {
      const asked = words(question.question);
      const scored = chunks
        .map((chunk) => {
          const text = documents
            .find((document) => document.id === chunk.documentId)!
            .text.slice(chunk.start, chunk.end);
          return { ...chunk, score: [...words(text)].filter((word) => asked.has(word)).length };
        })
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.chunkId.localeCompare(b.chunkId))
        .slice(quality < 1 ? 1 : 0, topK + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return {
        stages: { lexical: scored },
        synthesis:
          scored.length === 0
            ? { status: 'abstained', claimsWritten: 0, claimsAccepted: 0 }
            : { status: 'answered', claimsWritten: 2, claimsAccepted: 1 },
      };
    },
  };
}
