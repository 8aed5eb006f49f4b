// The custom pipeline as a `gk eval` module: the same retrieval, synthesis and judge steps as run-evaluation.ts,
// behind the { setup, answer } interface, so `npm run eval` scores it from the shell (see eval.config.json).
import type { EvalPipeline } from '@gk/cli';
import { DEFAULT_PROMPT, extractiveModel, hashPromptTemplate } from '@gk/synthesis';
import { buildLicenceIndex, type LicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { retrievePassages } from '../../demo/src/retrieve.js';
import { synthesizeAndJudge } from './run-evaluation.js';
import { createScriptedJudge } from './scripted-models.js';
import { verbatimVerdict } from './verbatim-verdict.js';

const model = extractiveModel();
let index: LicenceIndex | undefined;

/** Retrieve (flexsearch + BM25 over the SPDX licences) → synthesize (extractive model) → judge (scripted). */
export const pipeline: EvalPipeline = {
  async setup() {
    index ??= buildLicenceIndex(loadLicences());
    return {
      documents: index.documents.map(({ id, text }) => ({ id, text })),
      chunks: index.passages.map(({ chunkId, documentId, start, end }) => ({
        chunkId,
        documentId,
        start,
        end,
      })),
      config: {
        chunking: { strategy: 'paragraph', unit: 'characters', size: 1000, overlap: 0 },
        scoreThreshold: null,
        embedding: null,
        fusion: null,
        rerank: null,
      },
      synthesis: {
        inputStage: 'lexical',
        model: { provider: model.provider, modelId: model.modelId },
        promptHash: await hashPromptTemplate(DEFAULT_PROMPT),
      },
    };
  },
  async answer(question, { topK }) {
    if (index === undefined) throw new Error('setup() runs before answer()');
    const retrieval = retrievePassages(index, question.question, { topK });
    const { row, judge } = await synthesizeAndJudge(
      {
        id: question.id,
        question: question.question,
        category: question.category ?? 'uncategorised',
        gold: [],
      },
      retrieval.passages,
      model,
      (claims, passages) => createScriptedJudge(() => verbatimVerdict(claims, passages)),
    );
    return {
      stages: {
        lexical: retrieval.passages.map(({ documentId, chunkId, start, end }, position) => ({
          documentId,
          chunkId,
          start,
          end,
          score: retrieval.scores[position] ?? 0,
        })),
      },
      latencyMs: { lexical: retrieval.ms },
      synthesis: {
        status: row.status,
        ...(row.rejectionCode === undefined ? {} : { rejectionCode: row.rejectionCode }),
        claimsWritten: row.claimsWritten,
        claimsAccepted: row.claimsAccepted,
        ...(row.verdict === undefined ? {} : { verdict: row.verdict }),
        ...(judge === undefined ? {} : { judge }),
      },
    };
  },
};
