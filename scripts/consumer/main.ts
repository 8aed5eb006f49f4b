// A consumer's view of the published packages: each main function used with the types it exports.
import { verifyAnswer, type Passage, type Verification } from '@gk/citations';
import { safeDecodeJson } from '@gk/citations/decode';
import { recallAtK, safeParseEvalReport } from '@gk/eval-schema';
import { runEchoCheck, assertEchoClean } from '@gk/echo-check';
import { writeEchoReport } from '@gk/echo-check/node';
import { extractiveModel, redactionMiddleware, rewriteQuery, synthesize } from '@gk/synthesis';
import { wrapLanguageModel } from 'ai';
import { judgeFaithfulness } from '@gk/judge';
import { scriptedJudge } from '@gk/judge/test';
import { z } from 'zod';
import { type EvalPipeline, runCli } from '@gk/cli';

const passages: Passage[] = [
  {
    documentId: 'mit',
    chunkId: 'mit#0',
    start: 0,
    end: 50,
    text: 'The software is provided "as is", without warranty.',
  },
];

const verification: Verification = verifyAnswer('The software is provided without warranty [1].', passages);
const status: 'answered' | 'abstained' | 'rejected' = verification.status;

const recall: number | null = recallAtK(['mit#0'], ['mit#0'], 5);
const parsed = safeParseEvalReport({});
const parseOk: boolean = parsed.success;
const decoded = safeDecodeJson('{"faithful":true}', z.strictObject({ faithful: z.boolean() }));
const faithfulFromJson: boolean | undefined = decoded.success ? decoded.data.faithful : undefined;

export async function main(): Promise<void> {
  // The offline model through the redaction middleware: both must type as what this `ai` major accepts.
  const model = wrapLanguageModel({ model: extractiveModel(), middleware: redactionMiddleware() });
  const answer = await synthesize({ model, question: 'Is there a warranty?', passages });
  const query: string = await rewriteQuery({ model, query: 'warranty?' });
  const answerStatus: 'answered' | 'abstained' = answer.status;
  const report = await runEchoCheck({
    pipeline: ({ question, passages: shown }) =>
      synthesize({ model: extractiveModel(), question, passages: shown }),
  });
  assertEchoClean(report);
  await writeEchoReport(report);
  const { verdict, judge } = await judgeFaithfulness({
    model: scriptedJudge({ respond: () => '{"faithful":true,"unsupportedClaims":[],"reasoning":"stated"}' }),
    question: 'Is there a warranty?',
    answer: answer.text,
    passages,
  });
  const faithful: boolean = verdict.faithful;
  const promptHash: string = judge.promptHash;
  console.log(query, status, recall, parseOk, faithfulFromJson, answerStatus, faithful, promptHash);
}

// A `gk eval` pipeline module written against the types @gk/cli exports, and the command run in-process.
export const pipeline: EvalPipeline = {
  setup: () => ({
    documents: [{ id: 'mit', text: passages[0]!.text }],
    chunks: [{ chunkId: 'mit#0', documentId: 'mit', start: 0, end: passages[0]!.text.length }],
    config: {
      chunking: { strategy: 'whole', unit: 'characters', size: 100, overlap: 0 },
      scoreThreshold: null,
      embedding: null,
      fusion: null,
      rerank: null,
    },
  }),
  answer: () => ({
    stages: { lexical: [{ documentId: 'mit', chunkId: 'mit#0', start: 0, end: 50, score: 1 }] },
  }),
};
export const exitCode: Promise<0 | 1 | 2> = runCli(['--version'], {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
