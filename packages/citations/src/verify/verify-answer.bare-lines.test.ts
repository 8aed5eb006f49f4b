import { describe, expect, it } from 'vitest';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// A thirty-sixth review: a line of bare punctuation between a quotation's lines (`[]()`, which shows nothing, or a `\`
// hard break) let the quotation drop, so each half was checked alone and passed, and the made-up whole was never
// checked; the same line let a look-alike's bracket drop (`[1][3` · `[]()` · `].` shows `[1][3 ].`).
const text = 'Aspirin is not harmful. Rest is recommended for adults.';
const passages = [{ documentId: 'd', chunkId: 'c', text, start: 0, end: text.length }];

const streamed = (answer: string) => {
  const verifier = createAnswerVerifier(passages);
  for (let at = 0; at < answer.length; at += 5) verifier.push(answer.slice(at, at + 5));
  return verifier.end();
};

describe('verifyAnswer on a quotation a line of bare punctuation parts', () => {
  it.each([
    '[]()',
    '\\',
    '*',
    '**',
    '_',
    '~',
    '`',
    '[]',
    '![]()',
    '$$',
    '{}',
    '.',
    '…',
    '|',
    '\u200b\\',
    '<!-- -->',
    '>',
  ])('checks the quotation whole across a line %j', (middle) => {
    const answer = `"Aspirin is not [1]\n${middle}\nrecommended for adults" [1].`;
    const result = verifyAnswer(answer, passages);
    expect(result.status).toBe('rejected');
    expect(result.rejected.map((claim) => claim.code)).toContain('quote_not_found');
    expect(streamed(answer)).toEqual(result);
  });

  it('checks it whole after a lead-in with a marker, and accepts one the passage holds', () => {
    const forged = verifyAnswer(
      'Doctors say [1] "Aspirin is not\n\\\nrecommended for adults" [1].',
      passages,
    );
    expect(forged.claims).toEqual([]);
    const honest = verifyAnswer('"Rest is recommended\n[]()\nfor adults" [1].', passages);
    expect(honest.rejected.map((claim) => claim.code)).not.toContain('quote_not_found');
  });
});

describe('verifyAnswer on a look-alike bracket a line of bare punctuation runs through', () => {
  it.each([
    'Aspirin is not harmful [1][3\n[]()\n].',
    'Aspirin is not harmful [1]\uff3b3\n[]()\n\uff3d.',
    'Aspirin is not harmful [1][3\n[]\n].',
    'Aspirin is not harmful [1][3\n[]()\n[]()\n].',
  ])('refuses the claim that opens it: %j', (answer) => {
    const result = verifyAnswer(answer, passages);
    expect(result.claims).toEqual([]);
    expect(result.rejected[0]).toMatchObject({ code: 'marker_out_of_range', text: answer.split('\n')[0] });
    expect(streamed(answer)).toEqual(result);
  });
});
