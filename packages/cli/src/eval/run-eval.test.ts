import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { compareEvalReports } from './compare-eval-reports.js';
import type { EvalPipeline } from './eval-pipeline.js';
import { runEval } from './run-eval.js';

const pipeline: EvalPipeline = {
  setup: () => ({
    documents: [],
    chunks: [],
    config: {} as never,
  }),
  answer: () => ({ stages: { lexical: [] } }),
};
const question = { id: 'a', question: 'q', gold: [] };

describe('runEval', () => {
  it.each([
    ['questions', { questions: [] }],
    ['concurrency', { concurrency: 0 }],
    ['topK', { topK: -1 }],
    ['pipeline', { pipeline: {} }],
  ])('refuses a bad %s with a coded usage error', async (field, change) => {
    await expect(
      runEval({ pipeline, questions: [question], topK: 5, packageVersion: '0', ...change } as never),
    ).rejects.toThrow(expect.objectContaining({ name: 'InputError', code: 'usage', field }));
  });
});

describe('compareEvalReports', () => {
  it('refuses what is not an EvalReport with a coded usage error', () => {
    expect(() => compareEvalReports({} as never, {} as never)).toThrow(
      expect.objectContaining({ code: 'usage', field: 'current' }),
    );
    expect(() => compareEvalReports(null as never, null as never)).toThrow(expect.any(InputError));
  });
});
