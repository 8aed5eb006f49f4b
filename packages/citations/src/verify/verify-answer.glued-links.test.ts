import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const PASSAGES = [
  source('Refunds are handled within 14 days of the request through the order page.', 'refunds', {
    uri: 'https://shop.example/refunds',
  }),
];
const codes = (answer: string, options = {}): string[] =>
  verifyAnswer(answer, PASSAGES, options).rejected.map((r) => r.code);

describe('verifyAnswer links glued to what stands before them', () => {
  it('checks every link a GFM renderer makes after a digit, a sign or letters', () => {
    for (const glued of [
      '1https://refunds.evil.example/claim',
      '+https://refunds.evil.example/claim',
      '-https://refunds.evil.example/claim',
      '.https://refunds.evil.example/claim',
      '2www.evil.example',
      'awww.evil.example',
      '_www.evil.example',
      `${'a'.repeat(20)}https://refunds.evil.example/claim`,
      '1ftp://evil.example/claim',
      'xmailto:claims@evil.example',
    ]) {
      const answer = `Refunds are handled within 14 days of the request through ${glued} [1].`;
      // marked (GFM) renders a live link to the evil host
      expect(marked.parse(answer, { gfm: true }), glued).toMatch(/<a href="[^"]*evil\.example/);
      expect(codes(answer), glued).toEqual(['unknown_identifier']);
      expect(codes(answer, { support: {} }), glued).toEqual(['unknown_identifier']);
    }
  });

  it('still accepts the cited passage link glued to a digit', () => {
    expect(codes('Refunds are handled within 14 days at 1https://shop.example/refunds [1].')).toEqual([]);
  });
});
