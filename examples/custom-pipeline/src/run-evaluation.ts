import type { Claim, Passage } from '@gk/citations';
import {
  countSynthesisRows,
  type EvalReport,
  hashCorpus,
  hashJudgments,
  type JudgeIdentity,
  type MetricSet,
  meanReciprocalRank,
  ndcgAtK,
  parseEvalReport,
  precisionAtK,
  type QueryResult,
  recallAtK,
  reciprocalRank,
  hitRateAtK,
  type SynthesisRow,
} from '@gk/eval-schema';
import { JudgeError, type JudgeOutcome, judgeFaithfulness } from '@gk/judge';
import {
  buildSynthesisRow,
  DEFAULT_PROMPT,
  hashPromptTemplate,
  rewriteQuery,
  SynthesisError,
  type SynthesizeResult,
  synthesize,
} from '@gk/synthesis';
import type { LanguageModel } from 'ai';
import type { LicenceIndex } from '../../demo/src/build-index.js';
import { retrievePassages } from '../../demo/src/retrieve.js';
import { relevantChunkIds } from './gold-relevance.js';
import type { GoldenQuestion } from './golden-set.js';
import { createScriptedJudge } from './scripted-models.js';
import { verbatimVerdict } from './verbatim-verdict.js';

type Model = Exclude<LanguageModel, string>;

/** Options for {@link runEvaluation}. */
export interface RunEvaluationOptions {
  index: LicenceIndex;
  questions: readonly GoldenQuestion[];
  /** The synthesis model (the extractive model offline). */
  model: Model;
  /** Hits per question; every metric is measured at this k (default 5). */
  topK?: number;
  /** A query-rewrite model; without one, the question itself is the search query. */
  rewriter?: Model;
  /** The judge for answered questions; default: the scripted verbatim-rule judge. */
  judgeFor?: (claims: readonly Claim[], passages: readonly Passage[]) => Model;
  /** Called after each question. */
  onQuestion?: (row: { id: string; status: SynthesisRow['status']; verdict?: string }) => void;
  /** Recorded as `startedAt`; injectable for tests. */
  now?: () => Date;
}

/**
 * Rewrite (optional) → retrieve → synthesize → judge over a golden set, returning an `EvalReport` with one
 * lexical stage and a `SynthesisReport`, already validated by `parseEvalReport`.
 */
export async function runEvaluation(options: RunEvaluationOptions): Promise<EvalReport> {
  const { index, questions, model } = options;
  const topK = options.topK ?? 5;
  const now = options.now ?? ((): Date => new Date());
  const judgeFor =
    options.judgeFor ?? ((claims, passages) => createScriptedJudge(() => verbatimVerdict(claims, passages)));
  const startedAt = now().toISOString();

  const queries: QueryResult[] = [];
  const perQuery: Array<{
    category: string;
    recall: number | null;
    precision: number | null;
    hit: number | null;
    rr: number | null;
    ndcg: number | null;
  }> = [];
  const rows: SynthesisRow[] = [];
  let promptHash: string | null = null;
  let judge: JudgeIdentity | undefined;

  for (const golden of questions) {
    const began = performance.now();
    const query = options.rewriter
      ? await rewriteQuery({ model: options.rewriter, query: golden.question })
      : golden.question;
    const retrieval = retrievePassages(index, query, { topK });
    const latencyMs = performance.now() - began;
    const ranked = retrieval.passages.map((passage) => passage.chunkId);
    const relevant = relevantChunkIds(index.passages, golden.gold);
    const gains = new Map([...relevant].map((id) => [id, 1]));
    perQuery.push({
      category: golden.category,
      recall: recallAtK(ranked, relevant, topK),
      precision: precisionAtK(ranked, relevant, topK),
      hit: hitRateAtK(ranked, relevant, topK),
      rr: reciprocalRank(ranked, relevant),
      ndcg: ndcgAtK(ranked, gains, topK),
    });
    queries.push({
      queryId: golden.id,
      category: golden.category,
      gold: golden.gold.map(({ documentId, start, end }) => ({ documentId, start, end })),
      hits: retrieval.passages.map((passage, position) =>
        hit(passage, position, retrieval.scores[position] ?? 0),
      ),
      latencyMs,
    });

    const row = await synthesizeAndJudge(golden, retrieval.passages, model, judgeFor);
    if (row.promptHash !== null) promptHash = row.promptHash;
    if (row.judge !== undefined) judge = row.judge;
    rows.push(row.row);
    options.onQuestion?.({ id: golden.id, status: row.row.status, verdict: row.row.verdict });
  }

  const counts = countSynthesisRows(rows);
  const documents = index.documents.map(({ id, text }) => ({ id, text }));
  const report: EvalReport = {
    schemaVersion: 1,
    kind: 'eval',
    runId: `custom-pipeline-${startedAt}`,
    startedAt,
    finishedAt: now().toISOString(),
    packageVersion: '0.0.0',
    corpusHash: await hashCorpus(documents),
    judgmentsHash: await hashJudgments(
      questions.map((golden) => ({
        queryId: golden.id,
        query: golden.question,
        category: golden.category,
        gold: golden.gold.map(({ documentId, start, end }) => ({ documentId, start, end })),
      })),
    ),
    documentCount: index.documents.length,
    chunkCount: index.passages.length,
    judgmentCount: questions.length,
    config: {
      chunking: { strategy: 'paragraph', unit: 'characters', size: 1000, overlap: 0 },
      topK,
      scoreThreshold: null,
      embedding: null,
      fusion: null,
      rerank: null,
    },
    stages: [
      {
        stage: 'lexical',
        isBaseline: true,
        metrics: aggregate(perQuery),
        categories: [...new Set(perQuery.map((entry) => entry.category))].map((category) => ({
          category,
          metrics: aggregate(perQuery.filter((entry) => entry.category === category)),
        })),
        noAnswerQueries: questions.filter((golden) => golden.gold.length === 0).length,
        abstentions: queries.filter((entry) => entry.hits.length === 0).length,
        queries,
      },
    ],
    synthesis: {
      schemaVersion: 1,
      inputStage: 'lexical',
      model: { provider: model.provider, modelId: model.modelId },
      // Every call used the default template; hash it directly when no synthesis call returned a result.
      promptHash: promptHash ?? (await hashPromptTemplate(DEFAULT_PROMPT)),
      ...(judge === undefined ? {} : { judge }),
      redacted: false,
      counts,
      claimAcceptance: counts.claimsWritten === 0 ? null : counts.claimsAccepted / counts.claimsWritten,
      rows,
    },
  };
  return parseEvalReport(report);
}

function hit(passage: Passage, position: number, score: number): QueryResult['hits'][number] {
  const { documentId, chunkId, start, end } = passage;
  return { rank: position + 1, documentId, chunkId, start, end, score };
}

function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
}

function aggregate(
  entries: ReadonlyArray<{
    recall: number | null;
    precision: number | null;
    hit: number | null;
    rr: number | null;
    ndcg: number | null;
  }>,
): MetricSet {
  return {
    queries: entries.filter((entry) => entry.recall !== null).length,
    recall: mean(entries.map((entry) => entry.recall)),
    precision: mean(entries.map((entry) => entry.precision)),
    hitRate: mean(entries.map((entry) => entry.hit)),
    mrr: meanReciprocalRank(entries.map((entry) => entry.rr)),
    ndcg: mean(entries.map((entry) => entry.ndcg)),
  };
}

/** Synthesizes and (when answered) judges one question into its `SynthesisRow`; `gk eval` reuses it. */
export async function synthesizeAndJudge(
  golden: GoldenQuestion,
  passages: readonly Passage[],
  model: Model,
  judgeFor: NonNullable<RunEvaluationOptions['judgeFor']>,
): Promise<{ row: SynthesisRow; promptHash: string | null; judge?: JudgeIdentity }> {
  const queryId = golden.id;
  if (passages.length === 0) {
    // Retrieval found nothing: the pipeline abstains before any model call.
    return { row: { queryId, status: 'abstained', claimsWritten: 0, claimsAccepted: 0 }, promptHash: null };
  }
  let synthesis: SynthesizeResult | SynthesisError;
  try {
    synthesis = await synthesize({
      model,
      question: golden.question,
      passages,
      policy: 'drop-claims',
      verify: { support: {} },
    });
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    return { row: buildSynthesisRow({ queryId, synthesis: error }), promptHash: null };
  }
  if (synthesis.status === 'abstained') {
    return { row: buildSynthesisRow({ queryId, synthesis }), promptHash: synthesis.promptHash };
  }
  let judged: JudgeOutcome;
  let judge: JudgeIdentity | undefined;
  try {
    const result = await judgeFaithfulness({
      model: judgeFor(synthesis.claims, passages),
      question: golden.question,
      answer: synthesis.text,
      passages,
    });
    judged = result;
    judge = result.judge;
  } catch (error) {
    if (!JudgeError.isInstance(error)) throw error;
    judged = { error };
    judge = error.judge;
  }
  return {
    row: buildSynthesisRow({ queryId, synthesis, judge: judged }),
    promptHash: synthesis.promptHash,
    ...(judge === undefined ? {} : { judge }),
  };
}
