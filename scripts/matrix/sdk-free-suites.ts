/**
 * AI SDK suites with nothing of the AI SDK on their path: they time or test our own scanners (the redaction patterns
 * and redactor, the extractive model's ranking, the query rewrite's checks, prompt templates) and import no module that imports `ai` or `@ai-sdk/*` (tests/sdk-free-suites.test.ts
 * checks it). The workspace run keeps them; the AI SDK 7 run of the matrix leaves them out, since running them on
 * another SDK would time the same code twice (they were a third of that run).
 */
export const SDK_FREE_SUITES = [
  'packages/synthesis/src/redaction/redaction-middleware.perf.test.ts',
  'packages/synthesis/src/extractive-model/extract-answer.perf.test.ts',
  'packages/synthesis/src/rewrite-query/check-rewrite-content.perf.test.ts',
  'packages/model-kit/src/prompt-template.perf.test.ts',
  'packages/synthesis/src/redaction/redactor.test.ts',
];

/**
 * Suites that feed our readers runs of millions of characters to show they return a verdict instead of overflowing
 * V8's regular expression stack. The AI SDK only carries that text to and from them, and a stack overflow depends on
 * the regular expression and the text, not on the SDK major; each takes seconds to tens of seconds, so the AI SDK 7
 * run of the matrix leaves them out too. The SDK carrying a megabyte either way is still run on both majors
 * (`rewrite-query.perf.test.ts`, the synthesize perf suites).
 */
export const LONG_RUN_SUITES = [
  '**/*long-two-byte-runs.test.ts',
  '**/*long-input.test.ts',
  '**/*number-runs.test.ts',
  '**/*long-runs.test.ts',
];
