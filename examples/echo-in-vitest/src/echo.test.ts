import { assertEchoClean, runEchoCheck } from '@gk/echo-check';
import { extractiveModel, synthesize } from '@gk/synthesis';
import { describe, expect, it } from 'vitest';
import { citeEveryPassage } from './cite-every-passage.js';

// The demo's synthesis settings (examples/demo/src/pipeline.ts): keep verified claims, lexical support check on.
const demoSettings = { policy: 'drop-claims', verify: { support: {} } } as const;

describe('echo check on the demo synthesis step', () => {
  // The three added lines: run the check against the pipeline, then fail the test on a wrong source or a leak.
  it('cites the passage that holds the answer and leaks nothing', async () => {
    const report = await runEchoCheck({
      pipeline: ({ question, passages }) =>
        synthesize({ model: extractiveModel(), question, passages, ...demoSettings }),
    });
    assertEchoClean(report);
    expect(report.counts).toMatchObject({ total: 5, grounded: 5, wrongSource: 0, leaked: 0 });
  });

  // The same three lines catch a pipeline that quotes every retrieved passage, the look-alike decoy included.
  it('fails a pipeline that also quotes the similar-looking decoy passage', async () => {
    const report = await runEchoCheck({ pipeline: citeEveryPassage, cases: 10 });
    expect(report.counts).toMatchObject({ total: 10, wrongSource: 10, grounded: 0 });
    expect(() => assertEchoClean(report)).toThrow(/wrong source/);
  });
});
