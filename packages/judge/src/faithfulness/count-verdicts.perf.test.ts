import type { JudgeOutcome } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { countVerdicts } from './count-verdicts.js';

const run = (size: number): JudgeOutcome[] =>
  Array.from({ length: size }, (_, index) =>
    index % 3 === 0
      ? { error: 'x' }
      : index % 3 === 1
        ? { verdict: { faithful: true, unsupportedClaims: [], reasoning: 'ok' } }
        : { verdict: { faithful: false, unsupportedClaims: [`Claim ${index}.`], reasoning: 'no' } },
  );

describe('countVerdicts at scale', () => {
  it('counts 300,000 outcomes with faithful + unfaithful + judgeErrors = judged', () => {
    expect(countVerdicts(run(300_000))).toEqual({
      judged: 300_000,
      faithful: 100_000,
      unfaithful: 100_000,
      judgeErrors: 100_000,
    });
  });

  it('counts in time linear in the outcomes (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const outcomes = run(size);
      return () => countVerdicts(outcomes);
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });
});
