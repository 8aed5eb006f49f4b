import { formatSources } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { passage } from './__fixtures__/passages.js';
import { DEFAULT_SETTINGS, extractAnswer } from './extract-answer.js';

// Least CPU time of three runs, in microseconds.
function cpu(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

function prompt(sentences: number, questionWords: number, sources: number): string {
  const sentence = 'If you keep the licence notice, you must retain it within 30 days. ';
  const body = Array.from({ length: sources }, (_, i) =>
    passage(`doc-${i}`, sentence.repeat(Math.ceil(sentences / sources)), 0, `Licence ${i} Terms`),
  );
  // Distinct words, so that the question has as many terms as words.
  const words = Array.from({ length: questionWords }, (_, i) => `term${i}`).join(' ');
  const question = `May I keep the notice if ${words}?`;
  return `${formatSources(body)}\n\nQuestion: ${question}`;
}

describe('extractAnswer', () => {
  it('takes CPU time that grows linearly with the sources and the question together', () => {
    const small = cpu(() => extractAnswer(prompt(400, 2_000, 20), DEFAULT_SETTINGS));
    const large = cpu(() => extractAnswer(prompt(3_200, 16_000, 160), DEFAULT_SETTINGS));
    // Eight times of each; work proportional to sources × question would take about 64 times as long.
    expect(large / Math.max(small, 1)).toBeLessThan(24);
  });
});
