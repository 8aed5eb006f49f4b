import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recallAtK, safeParseEvalReport } from './index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('shows a sample EvalReport that parses', () => {
    const sample = /```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(sample).toBeDefined();
    const result = safeParseEvalReport(sample);
    expect(result.success ? result.data.stages[0]?.noAnswerQueries : result.error.message).toBe(1);
  });
  it('shows metric results that the functions return', () => {
    expect(readme).toContain("recallAtK(['mit#0', 'apache#3', 'mit#0'], ['apache#3', 'gpl#1'], 2); // 0.5");
    expect(recallAtK(['mit#0', 'apache#3', 'mit#0'], ['apache#3', 'gpl#1'], 2)).toBe(0.5);
    expect(recallAtK(['mit#0'], [], 5)).toBeNull();
  });
  it('shows the error messages the parser writes', () => {
    const sample = JSON.parse(/```json\n([\s\S]*?)```/.exec(readme)?.[1] ?? '{}');
    const messages = [
      { ...sample, stages: [{ ...sample.stages[0], abstentions: 0 }] },
      { ...sample, schemaVersion: 2 },
      { ...sample, stages: [{ ...sample.stages[0], score: 0.9 }] },
    ].map((report) => {
      const result = safeParseEvalReport(report);
      return result.success ? '' : result.error.message;
    });
    for (const message of messages) expect(readme).toContain(`// ${message}\n`);
  });
});
