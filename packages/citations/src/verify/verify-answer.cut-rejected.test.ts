import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import type { Verification } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { parseMarkers } from './parse-markers.js';
import { verifyAnswer } from './verify-answer.js';

// A caller that drops rejected claims (`policy: 'drop-claims'`) cuts their spans out of the answer and shows the rest.
// The cut must not change how the rest renders so that a `[n]` nobody checked shows as a citation: no unit may hold
// one end of a code span (or of a comment, a tag, a link) and leave the other end to a unit that stays.

const PASSAGES = [
  source('Aspirin is not recommended for children.', 'leaflet'),
  source('Aspirin is recommended for adults with heart disease.', 'cardiology'),
  source('Ibuprofen is an alternative for children.', 'pediatrics'),
];

/** The answer with every rejected unit cut out, each with the spaces after it, as drop-claims shows it. */
function cutRejected(answer: string, verification: Verification): string {
  let text = '';
  let at = 0;
  for (const { span } of [...verification.rejected].sort((a, b) => a.span.start - b.span.start)) {
    if (span.start < at) continue;
    text += answer.slice(at, span.start);
    at = span.end;
    while (answer[at] === ' ') at++;
  }
  return text + answer.slice(at);
}

const numbers = (list: number[]): number[] => [...new Set(list)].sort((a, b) => a - b);

const ANSWERS = [
  // A code span whose opening backtick is in a sentence that is cut, and whose closing one is in a sentence kept.
  'Aspirin is not recommended for children [1]. Nothing `x. Then aspirin cures cancer [9]` [2].',
  'Aspirin is not recommended for children [1]. Nothing `x. Then aspirin cures cancer [3]` [2].',
  'Aspirin is not recommended for children [1]. Nothing ``x. Then aspirin cures `cancer` [3]`` [2].',
  'Aspirin is not recommended for children [1]. Nothing `x! Then aspirin cures cancer [3]` [2].',
  'Aspirin is not recommended for children [1]. Nothing `x\u3002 Then aspirin cures cancer [3]` [2].',
  // The other way round: the opening backtick kept, the closing one cut.
  'Aspirin is recommended for adults with heart disease [2] `, see [3]. Not cited ` here.',
  // Comments, tags, links and images already hold: no sentence ends inside them. Emphasis hides no marker.
  'Aspirin is not recommended for children [1]. Nothing *x. Then aspirin cures cancer [3]* [2].',
  'Aspirin is not recommended for children [1]. Nothing <!-- x. Then [3] --> here [2].',
  'Aspirin is not recommended for children [1]. Nothing <b title="x. Then [3]">here</b> [2].',
  'Aspirin is not recommended for children [1]. See [the notes](#a "x. Then [3]") here [2].',
  'Aspirin is not recommended for children [1]. See ![x. Then [3]](chart.png) here [2].',
];

describe('verifyAnswer: cutting rejected claims', () => {
  it.each(ANSWERS)('shows no marker that was not checked: %j', (answer) => {
    const verification = verifyAnswer(answer, PASSAGES);
    const shown = cutRejected(answer, verification);
    const cited = verification.claims.flatMap((claim) => claim.citations.map((c) => c.source));
    expect(numbers(parseMarkers(shown).flatMap((marker) => marker.numbers)), shown).toEqual(numbers(cited));
    const verifier = createAnswerVerifier(PASSAGES);
    for (const char of answer) verifier.push(char);
    expect(verifier.end()).toEqual(verification);
  });

  it('ends no sentence inside a code span, but after one whose text ends a sentence', () => {
    const lines = (answer: string) => {
      const { claims, rejected } = verifyAnswer(answer, PASSAGES);
      return [...claims.map((claim) => claim.text), ...rejected.map((r) => `${r.code}: ${r.text}`)];
    };
    expect(
      lines('Aspirin is recommended for adults with heart disease [2]. Run `make test. Then` now [1].'),
    ).toEqual([
      'Aspirin is recommended for adults with heart disease [2].',
      'Run `make test. Then` now [1].',
    ]);
    expect(
      lines('Aspirin is recommended for adults with heart disease [2]. Run `make test.` Then stop [1].'),
    ).toEqual([
      'Aspirin is recommended for adults with heart disease [2].',
      'Then stop [1].',
      'no_marker: Run `make test.`',
    ]);
    // A code span's text reads as code: `e.g.`, `&excl;` and `<!` in it end no sentence and hide nothing.
    expect(lines('Use `a.b(). C &excl; D <!-- E` for it [1]. Then stop [2].')).toEqual([
      'Use `a.b(). C &excl; D <!-- E` for it [1].',
      'Then stop [2].',
    ]);
  });
});
