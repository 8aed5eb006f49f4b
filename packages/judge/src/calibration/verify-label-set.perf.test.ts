// The rubric check reads a prompt of many `Rubric:` labels in time linear in it. The method (CPU time of n against 8n,
// least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { isJudgeRubric } from './verify-label-set.js';

/** A rubric of many `Rubric:` lines, and a prompt of twice as many that never holds it whole (a review's repro). */
function makeLabels(size: number): () => unknown {
  const rubric = `${'Rubric:\n'.repeat(size)}X`;
  const prompt = { system: `${'Rubric:\n'.repeat(2 * size)}Y`, user: '{{question}} {{sources}} {{answer}}' };
  return () => isJudgeRubric(prompt, rubric);
}

describe('verifyLabelSet', () => {
  it('checks the rubric against a prompt of many rubric labels in linear time', () => {
    expect(makeLabels(100)()).toBe(false);
    // The same rubric is found where it stands whole after a label.
    expect(
      isJudgeRubric(
        { system: `Rubric:\n${'Rubric:\n'.repeat(100)}X`, user: '{{sources}}{{answer}}' },
        `${'Rubric:\n'.repeat(100)}X`,
      ),
    ).toBe(true);
    expect(growth(makeLabels, 1_000)).toBeLessThan(BOUND);
  }, 120_000);

  it('reads a rubric of a `<` and a long run of whitespace in linear time (a review found it quadratic)', () => {
    const make = (size: number) => {
      const rubric = `x<${' '.repeat(size)}a`;
      return () => isJudgeRubric(defaultJudgePrompt, rubric);
    };
    expect(make(10)()).toBe(false);
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  }, 120_000);

  it('reads a rubric of many line breaks and blanks in linear time', () => {
    const make = (size: number) => {
      const rubric = `x${'\r\n \u2800'.repeat(size)}<a${' '.repeat(size)}/${'\t'.repeat(size)}a`;
      return () => isJudgeRubric(defaultJudgePrompt, rubric);
    };
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  }, 120_000);
});
