// Scale: megabyte answers, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { runEchoCheck } from './run-echo-check.js';
import { cpuNow } from './__fixtures__/cpu-time.js';

describe('runEchoCheck', () => {
  it('scores 1 MB of brackets and thousands of lone surrogates in linear time', async () => {
    const answers: string[] = ['[[[['.repeat(256 * 1024), '\ud800\u0000\u202e [1'.repeat(100_000)];
    const started = cpuNow();
    const report = await runEchoCheck({ pipeline: () => answers.shift()!, cases: 2 });
    expect(report.cases.map((c) => c.outcome)).toEqual(['abstained', 'abstained']);
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});
