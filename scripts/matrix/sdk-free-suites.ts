/**
 * AI SDK suites with nothing of the AI SDK on their path: they time our own scanners (the redaction patterns, the
 * extractive model's ranking) and import no module that imports `ai` or `@ai-sdk/*` (tests/sdk-free-suites.test.ts
 * checks it). The workspace run keeps them; the AI SDK 7 run of the matrix leaves them out, since running them on
 * another SDK would time the same code twice (they were a third of that run).
 */
export const SDK_FREE_SUITES = [
  'packages/synthesis/src/redaction/redaction-middleware.perf.test.ts',
  'packages/synthesis/src/extractive-model/extract-answer.perf.test.ts',
];
