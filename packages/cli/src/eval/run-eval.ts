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
import type { EvalAnswer, EvalChunk, EvalPipeline, EvalSetup } from './eval-pipeline.js';
import type { QuestionLine } from './read-questions.js';

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
  const { pipeline, questions, topK } = options;
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const setup = await pipeline.setup({ topK });
  checkSetup(setup);
  const chunks = new Map<string, EvalChunk>();
  for (const chunk of setup.chunks) chunks.set(chunk.chunkId, chunk);
  const judgments = questions.map((question) => ({ question, gold: goldSpans(question, chunks) }));

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
    const rows = judgments.map(({ question, gold }, index) => {
      const { answer, latencyMs } = answers[index]!;
      const hits = answer.stages[stage];
      if (hits === undefined)
        throw pipelineError(question.id, `stages.${stage}`, `missing; the first answer has stage ${stage}`);
      const ranked = hits.slice(0, topK);
      const relevant = relevantIds(question, gold, chunks);
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
        ndcg: ndcgAtK(ids, new Map([...relevant].map((id) => [id, 1])), topK),
      };
    });
    const categories = [
      ...new Set(rows.flatMap((row) => (row.category === undefined ? [] : [row.category]))),
    ];
    return {
      stage,
      isBaseline: stage === 'lexical',
      metrics: aggregate(rows),
      categories: categories.map((category) => ({
        category,
        metrics: aggregate(rows.filter((row) => row.category === category)),
      })),
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

function goldSpans(question: QuestionLine, chunks: ReadonlyMap<string, EvalChunk>): QueryResult['gold'] {
  return question.gold.map((gold, index) => {
    if (typeof gold !== 'string') return gold;
    const chunk = chunks.get(gold);
    if (chunk === undefined) {
      throw new InputError({
        code: 'invalid_questions',
        field: `gold[${index}]`,
        message: `question ${JSON.stringify(question.id)}: gold[${index}]: passage id ${JSON.stringify(gold.slice(0, 80))} is not a chunk of the pipeline's corpus`,
      });
    }
    return { documentId: chunk.documentId, start: chunk.start, end: chunk.end };
  });
}

function relevantIds(
  question: QuestionLine,
  gold: QueryResult['gold'],
  chunks: ReadonlyMap<string, EvalChunk>,
): Set<string> {
  const relevant = new Set<string>();
  question.gold.forEach((entry, index) => {
    if (typeof entry === 'string') {
      relevant.add(entry);
      return;
    }
    // A gold span makes every chunk that overlaps it relevant.
    const span = gold[index]!;
    for (const chunk of chunks.values()) {
      if (chunk.documentId === span.documentId && chunk.start < span.end && span.start < chunk.end)
        relevant.add(chunk.chunkId);
    }
  });
  return relevant;
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
