// Reading the marks a renderer hides, single marks a line break cuts, marks written as references and code spans in
// sentences costs time linear in the answer, measured as CPU time at n and 8n (tests/adversarial/growth.ts: 8 for
// linear, 64 for quadratic), whole and streamed.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const SHAPES: Record<string, (size: number) => string> = {
  'hidden marks on one line': (size) =>
    `It says [1] ${'"<!--"-->a <b title=\'"\'>b</b> [](#c "d") '.repeat(size)}.`,
  'a comment open over many lines of marks': (size) =>
    `It says [1] <!--${' "a" \'b\' [2]\n'.repeat(size)}-->`,
  'single marks cut by every line break': (size) =>
    `It says [1] 'a b${" c\nd' [1]. It says 'e f".repeat(size)}`,
  'a single mark open through many lines': (size) => `It says [1] 'a b${'\nc d [1]'.repeat(size)}`,
  'runs of marks written as references': (size) =>
    `It says [1] ${'&lsquo;&lsquo;a&rsquo;&rsquo; '.repeat(size)}.`,
  'code spans holding sentence ends': (size) => `${'It is `a. B! C? &excl;` here [1]. '.repeat(size)}`,
  'one code span of full stops': (size) => `It is \`${'. '.repeat(size)}.\` here [1]. It is [2].`,
  'symbol lines': (size) => '💊 ➡️ ☠️\n---\n'.repeat(size),
};

describe('hidden marks, cut quotations and code spans: linear time (ratio of 8n to n, bound 24)', {
  timeout: 180_000,
}, () => {
  it.each(Object.keys(SHAPES))('verifyAnswer over %s', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      return () => verifyAnswer(answer, PASSAGES);
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });

  it.each(Object.keys(SHAPES))('createAnswerVerifier fed 64-character pieces of %s', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      return () => {
        const verifier = createAnswerVerifier(PASSAGES);
        for (let i = 0; i < answer.length; i += 64) verifier.push(answer.slice(i, i + 64));
        verifier.end();
      };
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });
});
