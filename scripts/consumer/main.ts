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
