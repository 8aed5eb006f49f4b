import {
  countSynthesisRows,
  type EvalReport,
  hashCorpus,
  hashJudgments,
  hitRateAtK,
  type JudgeIdentity,
  type MetricSet,
  meanReciprocalRank,
  ndcgAtK,
  precisionAtK,
  type QueryResult,
  recallAtK,
  reciprocalRank,
  type StageName,
  type StageResult,
  type SynthesisRow,
  safeParseEvalReport,
} from '@gk/eval-schema';
import { InputError } from '../input-error.js';
import type { EvalAnswer, EvalChunk, EvalHit, EvalPipeline, EvalSetup } from './eval-pipeline.js';
import { indexChunks } from './index-chunks.js';
import type { QuestionLine } from './read-questions.js';
import { relevantChunkIds, resolveGoldSpans } from './resolve-gold-spans.js';

/** Options for {@link runEval}. */
export interface RunEvalOptions {
  pipeline: EvalPipeline;
  questions: readonly QuestionLine[];
  topK: number;
  /** Questions answered at once (default 4). */
  concurrency?: number;
  /** Recorded as `packageVersion`. */
  packageVersion: string;
  runId?: string;
  onProgress?: (done: number, total: number) => void;
  now?: () => Date;
}

const STAGE_ORDER: readonly StageName[] = ['lexical', 'dense', 'fusion', 'rerank'];

/**
 * Runs a pipeline over a question set with bounded concurrency and builds a validated `EvalReport`: retrieval
 * metrics at `topK` per stage (overall and per category) and, when the pipeline synthesises, the synthesis counts.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  checkOptions(options);
  const { pipeline, questions, topK } = options;
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const setup = await pipeline.setup({ topK });
  checkSetup(setup);
  const chunks = new Map<string, EvalChunk>();
  for (const chunk of setup.chunks) chunks.set(chunk.chunkId, chunk);
  const documents = new Map<string, number>();
  for (const document of setup.documents) documents.set(document.id, document.text.length);
  // Indexed once: each gold span then costs the chunks it overlaps, not a pass over the corpus.
  const index = indexChunks(chunks);
  const judgments = questions.map((question) => {
    const gold = resolveGoldSpans(question, index, documents);
    const relevant = relevantChunkIds(gold, index);
    return { question, gold, relevant, gains: new Map([...relevant].map((id) => [id, 1])) };
  });

  const answers = new Array<{ answer: EvalAnswer; latencyMs: number }>(questions.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < questions.length) {
      const index = next++;
      const line = questions[index]!;
      const began = performance.now();
      const answer = await pipeline.answer(
        {
          id: line.id,
          question: line.question,
          ...(line.category === undefined ? {} : { category: line.category }),
        },
        { topK },
      );
      answers[index] = { answer, latencyMs: performance.now() - began };
      options.onProgress?.(++done, questions.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, questions.length) }, worker));

  const first = answers[0]!.answer;
  const stageNames = STAGE_ORDER.filter((stage) => first.stages[stage] !== undefined);
  if (stageNames.length === 0)
    throw pipelineError(questions[0]!.id, 'stages', 'expected the hits of at least one stage');
  const stages: StageResult[] = stageNames.map((stage) => {
    const rows = judgments.map(({ question, gold, relevant, gains }, index) => {
      const { answer, latencyMs } = answers[index]!;
      const hits = answer.stages[stage];
      if (hits === undefined)
        throw pipelineError(question.id, `stages.${stage}`, `missing; the first answer has stage ${stage}`);
      const ranked = hits.slice(0, topK);
      ranked.forEach((hit, position) => {
        checkHit(hit, chunks, question.id, `stages.${stage}[${position}]`);
      });
      const ids = ranked.map((hit) => hit.chunkId);
      const query: QueryResult = {
        queryId: question.id,
        ...(question.category === undefined ? {} : { category: question.category }),
        gold,
        hits: ranked.map((hit, position) => ({
          rank: position + 1,
          documentId: hit.documentId,
          chunkId: hit.chunkId,
          start: hit.start,
          end: hit.end,
          score: hit.score,
        })),
        latencyMs: answer.latencyMs?.[stage] ?? latencyMs,
      };
      return {
        query,
        category: question.category,
        recall: recallAtK(ids, relevant, topK),
        precision: precisionAtK(ids, relevant, topK),
        hit: hitRateAtK(ids, relevant, topK),
        rr: reciprocalRank(ids, relevant),
        ndcg: ndcgAtK(ids, gains, topK),
      };
    });
    // One pass, categories in the order they first appear.
    const byCategory = new Map<string, typeof rows>();
    for (const row of rows) {
      if (row.category === undefined) continue;
      const group = byCategory.get(row.category);
      if (group === undefined) byCategory.set(row.category, [row]);
      else group.push(row);
    }
    return {
      stage,
      isBaseline: stage === 'lexical',
      metrics: aggregate(rows),
      categories: [...byCategory].map(([category, group]) => ({ category, metrics: aggregate(group) })),
      noAnswerQueries: rows.filter((row) => row.query.gold.length === 0).length,
      abstentions: rows.filter((row) => row.query.hits.length === 0).length,
      queries: rows.map((row) => row.query),
    };
  });

  let synthesis: EvalReport['synthesis'];
  if (setup.synthesis !== undefined) {
    let judge: JudgeIdentity | undefined;
    const rows: SynthesisRow[] = questions.map((question, index) => {
      const outcome = answers[index]!.answer.synthesis;
      if (outcome === undefined)
        throw pipelineError(question.id, 'synthesis', 'missing; the setup declares a synthesis step');
      judge ??= outcome.judge;
      return {
        queryId: question.id,
        status: outcome.status,
        ...(outcome.rejectionCode === undefined ? {} : { rejectionCode: outcome.rejectionCode }),
        claimsWritten: outcome.claimsWritten,
        claimsAccepted: outcome.claimsAccepted,
        ...(outcome.verdict === undefined ? {} : { verdict: outcome.verdict }),
      };
    });
    const counts = countSynthesisRows(rows);
    synthesis = {
      schemaVersion: 1,
      inputStage: setup.synthesis.inputStage,
      model: setup.synthesis.model,
      promptHash: setup.synthesis.promptHash,
      ...(judge === undefined ? {} : { judge }),
      redacted: setup.synthesis.redacted === true,
      counts,
      claimAcceptance: counts.claimsWritten === 0 ? null : counts.claimsAccepted / counts.claimsWritten,
      rows,
    };
  }

  const report: EvalReport = {
    schemaVersion: 1,
    kind: 'eval',
    runId: options.runId ?? `gk-eval-${startedAt}`,
    startedAt,
    finishedAt: now().toISOString(),
    packageVersion: options.packageVersion,
    corpusHash: await hashCorpus(setup.documents),
    judgmentsHash: await hashJudgments(
      judgments.map(({ question, gold }) => ({
        queryId: question.id,
        query: question.question,
        ...(question.category === undefined ? {} : { category: question.category }),
        gold,
      })),
    ),
    documentCount: setup.documents.length,
    chunkCount: setup.chunks.length,
    judgmentCount: questions.length,
    config: { ...setup.config, topK },
    stages,
    ...(synthesis === undefined ? {} : { synthesis }),
  };
  const parsed = safeParseEvalReport(report);
  if (!parsed.success) {
    throw new InputError({
      code: 'pipeline_output',
      field: parsed.error.path.join('.'),
      message: `the pipeline's results do not make a valid EvalReport: ${parsed.error.message.slice(0, 400)}`,
    });
  }
  return parsed.data;
}

function checkOptions(options: RunEvalOptions): void {
  const fail = (field: string, expected: string, received: unknown): never => {
    throw new InputError({
      code: 'usage',
      field,
      message: `runEval: ${field}: expected ${expected}, received ${typeof received === 'number' ? received : typeof received}`,
    });
  };
  if (typeof options !== 'object' || options === null) fail('options', 'an object', options);
  const { pipeline, questions, topK, concurrency } = options;
  if (
    typeof pipeline !== 'object' ||
    pipeline === null ||
    typeof pipeline.setup !== 'function' ||
    typeof pipeline.answer !== 'function'
  )
    fail('pipeline', '{ setup, answer }', pipeline);
  if (!Array.isArray(questions) || questions.length === 0)
    fail(
      'questions',
      'a non-empty array of questions',
      Array.isArray(questions) ? 'an empty array' : questions,
    );
  if (!Number.isSafeInteger(topK) || topK < 1) fail('topK', 'a positive integer', topK);
  if (concurrency !== undefined && (!Number.isSafeInteger(concurrency) || concurrency < 1))
    fail('concurrency', 'a positive integer', concurrency);
}

function checkHit(
  hit: EvalHit,
  chunks: ReadonlyMap<string, EvalChunk>,
  queryId: string,
  field: string,
): void {
  const chunk = typeof hit?.chunkId === 'string' ? chunks.get(hit.chunkId) : undefined;
  if (chunk === undefined)
    throw pipelineError(queryId, `${field}.chunkId`, "not a chunk of the setup's corpus (setup.chunks)");
  if (hit.documentId !== chunk.documentId || hit.start !== chunk.start || hit.end !== chunk.end) {
    throw pipelineError(
      queryId,
      field,
      `chunk ${JSON.stringify(chunk.chunkId.slice(0, 80))} is ${chunk.documentId.slice(0, 80)} ${chunk.start}–${chunk.end} in setup.chunks; the hit says ${String(hit.documentId).slice(0, 80)} ${hit.start}–${hit.end}`,
    );
  }
}

function checkSetup(setup: EvalSetup): void {
  const fail = (field: string, message: string): never => {
    throw new InputError({
      code: 'pipeline_output',
      field: `setup.${field}`,
      message: `pipeline setup(): ${field}: ${message}`,
    });
  };
  if (typeof setup !== 'object' || setup === null) fail('(root)', 'expected an object');
  if (!Array.isArray(setup.documents)) fail('documents', 'expected an array of { id, text }');
  if (!Array.isArray(setup.chunks))
    fail('chunks', 'expected an array of { chunkId, documentId, start, end }');
  if (typeof setup.config !== 'object' || setup.config === null)
    fail('config', 'expected the retrieval settings');
}

function aggregate(
  rows: ReadonlyArray<{
    recall: number | null;
    precision: number | null;
    hit: number | null;
    rr: number | null;
    ndcg: number | null;
  }>,
): MetricSet {
  return {
    queries: rows.filter((row) => row.recall !== null).length,
    recall: mean(rows.map((row) => row.recall)),
    precision: mean(rows.map((row) => row.precision)),
    hitRate: mean(rows.map((row) => row.hit)),
    mrr: meanReciprocalRank(rows.map((row) => row.rr)),
    ndcg: mean(rows.map((row) => row.ndcg)),
  };
}

function mean(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
}

function pipelineError(queryId: string, field: string, message: string): InputError {
  return new InputError({
    code: 'pipeline_output',
    field,
    message: `pipeline answer for ${JSON.stringify(queryId.slice(0, 80))}: ${field}: ${message}`,
  });
}
