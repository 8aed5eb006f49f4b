// A quotation a line break cuts is checked whole: the line it opens on waits for the next, and a quotation that runs
// on through many lines, or lines that each close one and open the next, cost time linear in the answer (CPU time at
// n and 8n, tests/adversarial/growth.ts: 8 for linear, 64 for quadratic), read whole or streamed.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const SHAPES: Record<string, (size: number) => string> = {
  'a quotation open through every line': (size) => `It says [1] "${'\nwords of it [1]'.repeat(size)}" [1].`,
  'each line closes a quotation and opens the next': (size) =>
    `It says [1] "${'\nlong enough words" and [1] "more long words'.repeat(size)}" [1].`,
  'each line opens a quotation the next does not go on': (size) => '\n[1]: a "long enough words'.repeat(size),
  'blank lines after a quotation open at a line end': (size) =>
    `It says [1] "long enough words${'\n'.repeat(size)}more" [1]. ${'\nsay [1] "long enough words\n\n'.repeat(size)}`,
  'block-quote marks before a line that starts no block': (size) =>
    `It says [1] "a\n${'> '.repeat(size)}b" [1].`,
};

describe('quotations a line break cuts: linear time', { timeout: 120_000 }, () => {
  it.each(Object.keys(SHAPES))('%s, whole and streamed', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      return () => {
        verifyAnswer(answer, PASSAGES);
        const verifier = createAnswerVerifier(PASSAGES);
        for (let at = 0; at < answer.length; at += 64) verifier.push(answer.slice(at, at + 64));
        verifier.finish();
      };
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });
});
