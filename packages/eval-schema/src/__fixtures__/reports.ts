// Valid sample artifacts; tests copy and break them. Each function returns a fresh object.
import type {
  CalibrationReport,
  EchoReport,
  EvalReport,
  LabelSet,
  Preregistration,
  SynthesisReport,
} from '../index.js';

export const HASH_A = 'a3f1c2d4e5b60718293a4b5c6d7e8f901a2b3c4d5e6f708192a3b4c5d6e7f809';
export const HASH_B = '0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff0';
export const HASH_C = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

export function sampleEchoReport(): EchoReport {
  return {
    schemaVersion: 1,
    kind: 'echo',
    runId: 'echo-2026-11-30',
    startedAt: '2026-11-30T04:00:00.000Z',
    finishedAt: '2026-11-30T04:00:02.500Z',
    cases: [
      { caseId: 'case-1', outcome: 'grounded', leaked: false, citedSources: [1] },
      {
        caseId: 'case-2',
        outcome: 'wrong_source',
        leaked: false,
        citedSources: [2, 1],
        detail: 'cited the decoy',
      },
      { caseId: 'case-3', outcome: 'abstained', leaked: false },
      { caseId: 'case-4', outcome: 'rejected', leaked: true, question: 'Which code opens the vault?' },
    ],
    counts: { grounded: 1, wrongSource: 1, abstained: 1, rejected: 1, leaked: 1, total: 4 },
  };
}

export function sampleSynthesisReport(): SynthesisReport {
  return {
    schemaVersion: 1,
    inputStage: 'lexical',
    model: { provider: 'groundkit.extractive', modelId: 'extractive-v1' },
    promptHash: HASH_A,
    judge: { provider: 'openai.chat', modelId: 'gpt-4.1-mini', promptHash: HASH_B },
    redacted: true,
    counts: {
      questions: 4,
      answered: 2,
      abstained: 1,
      rejected: 1,
      judged: 2,
      faithful: 1,
      unfaithful: 1,
      judgeErrors: 0,
      claimsWritten: 5,
      claimsAccepted: 3,
    },
    claimAcceptance: 0.6,
    rows: [
      { queryId: 'q1', status: 'answered', claimsWritten: 2, claimsAccepted: 2, verdict: 'faithful' },
      { queryId: 'q2', status: 'answered', claimsWritten: 2, claimsAccepted: 1, verdict: 'unfaithful' },
      { queryId: 'q3', status: 'abstained', claimsWritten: 0, claimsAccepted: 0 },
      {
        queryId: 'q4',
        status: 'rejected',
        rejectionCode: 'marker_out_of_range',
        claimsWritten: 1,
        claimsAccepted: 0,
      },
    ],
  };
}

export function sampleEvalReport(): EvalReport {
  const lexicalQueries: EvalReport['stages'][number]['queries'] = [
    {
      queryId: 'q1',
      category: 'licence',
      gold: [{ documentId: 'mit', start: 0, end: 120 }],
      hits: [
        { rank: 1, documentId: 'mit', chunkId: 'mit#0', start: 0, end: 400, score: 12.5 },
        { rank: 2, documentId: 'apache-2.0', chunkId: 'apache-2.0#3', start: 900, end: 1300, score: 7.25 },
      ],
      latencyMs: 1.5,
    },
    { queryId: 'q2', category: 'licence', gold: [], hits: [], latencyMs: 0.75 },
  ];
  return {
    schemaVersion: 1,
    kind: 'eval',
    runId: 'run-2026-11-30',
    startedAt: '2026-11-30T04:00:00.000Z',
    packageVersion: '0.1.0',
    corpusHash: HASH_A,
    judgmentsHash: HASH_B,
    documentCount: 2,
    chunkCount: 12,
    judgmentCount: 2,
    config: {
      chunking: { strategy: 'paragraph', unit: 'characters', size: 400, overlap: 0 },
      topK: 5,
      scoreThreshold: null,
      embedding: null,
      fusion: null,
      rerank: null,
    },
    stages: [
      {
        stage: 'lexical',
        isBaseline: true,
        metrics: { queries: 1, recall: 1, precision: 0.2, hitRate: 1, mrr: 1, ndcg: 1 },
        categories: [
          {
            category: 'licence',
            metrics: { queries: 1, recall: 1, precision: 0.2, hitRate: 1, mrr: 1, ndcg: 1 },
          },
        ],
        noAnswerQueries: 1,
        abstentions: 1,
        queries: lexicalQueries,
      },
    ],
    synthesis: sampleEvalSynthesis(),
  };
}

/** The synthesis of the sample evaluation: its two judged questions, q1 answered (3 of 5 claims) and judged, q2 abstained. */
function sampleEvalSynthesis(): SynthesisReport {
  const report = sampleSynthesisReport();
  report.rows = report.rows.filter((row) => row.queryId === 'q1' || row.queryId === 'q3');
  (report.rows[1] as SynthesisReport['rows'][number]).queryId = 'q2';
  Object.assign(report.rows[0] as object, { claimsWritten: 5, claimsAccepted: 3 });
  report.counts = {
    questions: 2,
    answered: 1,
    abstained: 1,
    rejected: 0,
    judged: 1,
    faithful: 1,
    unfaithful: 0,
    judgeErrors: 0,
    claimsWritten: 5,
    claimsAccepted: 3,
  };
  report.claimAcceptance = 0.6;
  return report;
}

export function sampleLabelSetWithoutHash(): Omit<LabelSet, 'hash'> {
  return {
    schemaVersion: 1,
    name: 'licences-v1',
    createdAt: '2026-11-29T10:00:00.000Z',
    rubric: 'Faithful means every claim is supported by the passages shown.',
    items: [
      {
        id: 'item-1',
        question: 'May I sublicense MIT code?',
        answer: 'Yes, the MIT licence permits sublicensing [1].',
        passages: [
          {
            documentId: 'mit',
            chunkId: 'mit#0',
            text: 'to sublicense, and/or sell copies',
            start: 10,
            end: 43,
          },
        ],
        faithful: true,
      },
      {
        id: 'item-2',
        question: 'Does Apache 2.0 grant trademark rights?',
        answer: 'Yes, it grants trademark rights [1].',
        passages: [
          {
            documentId: 'apache-2.0',
            chunkId: 'apache-2.0#6',
            text: 'does not grant permission to use the trade names',
            start: 5,
            end: 53,
          },
        ],
        faithful: false,
        note: 'The passage says the opposite.',
      },
    ],
  };
}

export function samplePreregistration(): Preregistration {
  return {
    schemaVersion: 1,
    id: 'prereg-1',
    metric: 'agreement_rate',
    threshold: 0.8,
    judge: { provider: 'openai.chat', modelId: 'gpt-4.1-mini', promptHash: HASH_B },
    labelSetHash: HASH_C,
    createdAt: '2026-11-29T12:00:00.000Z',
  };
}

export function sampleCalibrationReport(): CalibrationReport {
  return {
    schemaVersion: 1,
    judge: { provider: 'openai.chat', modelId: 'gpt-4.1-mini', promptHash: HASH_B },
    labelSetHash: HASH_C,
    preregistration: samplePreregistration(),
    preregistrationHash: HASH_A,
    measuredAt: '2026-11-29T13:00:00.000Z',
    rows: [
      { itemId: 'i1', human: true, judge: true },
      { itemId: 'i2', human: true, judge: false },
      { itemId: 'i3', human: false, judge: false },
      { itemId: 'i4', human: false, judge: null, errorCode: 'not_json' },
    ],
    judgeErrors: 1,
    confusionMatrix: { truePositive: 1, falsePositive: 0, falseNegative: 1, trueNegative: 1 },
    agreementRate: 2 / 3,
    precision: { faithful: 1, unfaithful: 0.5 },
    recall: { faithful: 0.5, unfaithful: 1 },
    disagreements: [{ itemId: 'i2', human: true, judge: false, reasoning: 'Claim 2 is not in the passage.' }],
    outcome: { value: 2 / 3, met: false },
  };
}
