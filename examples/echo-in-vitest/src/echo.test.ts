import { assertEchoClean, runEchoCheck } from '@gk/echo-check';
import { extractiveModel, synthesize } from '@gk/synthesis';
import { describe, expect, it } from 'vitest';

// The demo's synthesis settings (examples/demo/src/pipeline.ts): keep verified claims, lexical support check on.
const demoSettings = { policy: 'drop-claims', verify: { support: {} } } as const;

describe('echo check on the demo synthesis step', () => {
  // The three added lines: run the check against the pipeline, then fail the test on a wrong source or a leak.
  it('cites the passage that holds the answer and leaks nothing', async () => {
    const report = await runEchoCheck({
      answer: ({ question, passages }) =>
        synthesize({ model: extractiveModel({ maxSentences: 1 }), question, passages, ...demoSettings }),
    });
    assertEchoClean(report);
    expect(report.counts).toMatchObject({ total: 5, grounded: 5, wrongSource: 0, leaked: 0 });
  });

  // Why `maxSentences: 1` above: with its default of three sentences the extractive model also quotes the
  // look-alike decoy passage, and the check catches it (probability of missing it over 40 cases: about 1e-7).
  it('fails when the pipeline also quotes the similar-looking decoy passage', async () => {
    const report = await runEchoCheck({
      answer: ({ question, passages }) =>
        synthesize({ model: extractiveModel(), question, passages, ...demoSettings }),
      cases: 40,
    });
    expect(report.counts.wrongSource).toBeGreaterThan(0);
    expect(() => assertEchoClean(report)).toThrow(/wrong source/);
  });
});
