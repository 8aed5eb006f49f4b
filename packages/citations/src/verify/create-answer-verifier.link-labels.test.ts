import { describe, expect, it } from 'vitest';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// A thirty-sixth review: a streamed line was cut at a sentence end inside a link's label, and the rest, read as a line
// of its own, had a `](…)` with no `[`: the sentence after the cut ran into the next one's claim and was released as
// verified under its marker, where the whole answer refuses it (`no_marker`).
const passages = [
  { documentId: 'a', chunkId: 'a', start: 0, end: 31, text: 'A is a permissive license here.' },
  { documentId: 'b', chunkId: 'b', start: 0, end: 22, text: 'C is a copyleft thing.' },
];

const streamed = (answer: string, size: number) => {
  const verifier = createAnswerVerifier(passages);
  for (let at = 0; at < answer.length; at += size) verifier.push(answer.slice(at, at + size));
  return verifier.end();
};

describe('createAnswerVerifier on a link whose label runs over a sentence end', () => {
  it.each([
    '[A is a permissive license [1]. B forbids all. ](#notes) C is a copyleft thing [2].',
    '[A is a permissive license [1]. B forbids all. ](x) C is a copyleft thing [2].',
    '[A is a permissive license [1]. B forbids all. ]() C is a copyleft thing [2].',
    '[A is a permissive license [1]. B forbids all. ](https://example.org/notices) C is a copyleft thing [2].',
    '![A is a permissive license [1]. B forbids all. ](x.png) C is a copyleft thing [2].',
    'See [A is a permissive license [1]. B forbids all. ](#n "t") C is a copyleft thing [2].\nNext line [1].',
  ])('splits %j as the whole answer does, in pieces of any size', (answer) => {
    const whole = verifyAnswer(answer, passages);
    for (const size of [1, 3, 7, 16, 40]) expect(streamed(answer, size), `${size}`).toEqual(whole);
  });

  it('refuses the sentence inside the label that cites nothing', () => {
    const answer = '[A is a permissive license [1]. B forbids all. ](#notes) C is a copyleft thing [2].';
    const result = streamed(answer, 7);
    expect(result.rejected.map((claim) => [claim.code, claim.text])).toEqual([
      ['no_marker', 'B forbids all. ](#notes)'],
    ]);
  });
});
