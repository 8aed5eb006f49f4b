// A quotation that holds a digit is checked whatever its length (ADR 0059): the docs advise putting a number one must hold
// to its source in quotation marks, and `"90 days"` is shorter than the default `minLength` of 12.
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { findQuotations } from './find-quotations.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer, type VerifyOptions } from './verify-answer.js';

const GPL = source(
  'However, if you cease all violation of this License, then your license from a particular copyright holder is ' +
    'reinstated permanently, if you cure the violation prior to 30 days after your receipt of the notice.',
  'GPL-3.0',
);
const APACHE = source(
  'Apache License\nVersion 2.0, January 2004\nhttp://www.apache.org/licenses/',
  'Apache-2.0',
);
const PASSAGES = [GPL, APACHE];

const streamed = (answer: string, options?: VerifyOptions) => {
  const verifier = createAnswerVerifier(PASSAGES, options);
  for (const piece of answer.match(/[\s\S]{1,5}/g) ?? []) verifier.push(piece);
  return verifier.end();
};
const BOTH = [
  ['verifyAnswer', (answer: string, options?: VerifyOptions) => verifyAnswer(answer, PASSAGES, options)],
  ['createAnswerVerifier', streamed],
] as const;

describe.each(BOTH)('%s checks a short quotation that holds a digit', (_name, verify) => {
  const codes = (answer: string, options?: VerifyOptions) =>
    verify(answer, options).rejected.map((r) => r.code);

  it('refuses a short quoted number its source does not hold', () => {
    expect(codes('Under the GPL you must cure the violation within "90 days" [1].')).toEqual([
      'quote_not_found',
    ]);
    expect(codes('The licence is the Apache License, "Version 3.0" [2].')).toEqual(['quote_not_found']);
    expect(codes('It is dated "2005" [2].')).toEqual(['quote_not_found']);
    // Any decimal digit, not only ASCII ones, and any other number character.
    expect(codes('The cure period is "٩٠ days" [1].')).toEqual(['quote_not_found']);
    for (const quoted of ['½ price', '⁹%', '¾ inch', '③', 'Ⅻ'])
      expect(codes(`The licence says "${quoted}" [1].`), quoted).toEqual(['quote_not_found']);
    // Whatever minLength says: it exempts only quotations without a digit.
    expect(codes('Cure it within "90 days" [1].', { quotes: { minLength: 40 } })).toEqual([
      'quote_not_found',
    ]);
  });

  it('accepts a short quoted number its source holds, cited at its place', () => {
    const verification = verify('Under the GPL you must cure the violation within "30 days" [1].');
    expect(verification.status).toBe('answered');
    expect(verification.citations).toEqual([
      expect.objectContaining({ source: 1, text: '30 days', start: GPL.text.indexOf('30 days') }),
    ]);
    expect(codes('The licence is the Apache License, "Version 2.0" [2].')).toEqual([]);
    expect(codes('It is dated "2004" [2].')).toEqual([]);
  });

  it('leaves a short quotation without a digit unchecked, and every quotation with quotes: false', () => {
    expect(codes('The licence calls itself "Apachy" [2].')).toEqual([]);
    expect(codes('Cure it within "90 days" [1].', { quotes: false })).toEqual([]);
  });
});

describe('findQuotations', () => {
  it('finds a quotation shorter than minLength when it holds a digit', () => {
    const answer = 'Cure it within "90 days" and "soon" [1].';
    expect(findQuotations(answer, splitClaims(answer)).map((q) => q.text)).toEqual(['90 days']);
  });
});
