import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

const WORDS = 'children show higher rates of anxiety';
const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** The text each citation of `quote` spans, by resolveQuotedRows (with and without case) and by verifyAnswer. */
function cited(text: string, quote: string): { rows: string[]; answer: string[] } {
  const passages = [passage(text)];
  const rows = [true, false].flatMap((ignoreCase) =>
    resolveQuotedRows([{ handle: 'S1', quote }], passages, { ignoreCase }).accepted.map((row) => {
      const { start, end } = row.citation;
      // No span ends on half of a pair, nor starts or ends on a lone surrogate.
      expect(isLow(text.charCodeAt(start)) || isHigh(text.charCodeAt(start))).toBe(false);
      expect(isHigh(text.charCodeAt(end - 1)) || isLow(text.charCodeAt(end - 1))).toBe(false);
      return row.citation.text;
    }),
  );
  const verification = verifyAnswer(`It says "${quote}" [1].`, passages);
  return { rows, answer: verification.citations.map((citation) => citation.text) };
}

describe('resolveQuotedRows at a lone surrogate', () => {
  for (const [name, lone] of [
    ['high', '\ud800'],
    ['low', '\udc00'],
  ] as const) {
    it(`leaves a lone ${name} surrogate that starts a quotation out of its citation, as verifyAnswer does`, () => {
      const quote = `${lone}${WORDS}`;
      expect(cited(`Studies: ${quote} and more.`, quote)).toEqual({ rows: [WORDS, WORDS], answer: [WORDS] });
      expect(cited(`${lone} ${WORDS}`, `${lone} ${WORDS}`)).toEqual({
        rows: [WORDS, WORDS],
        answer: [WORDS],
      });
    });

    it(`leaves a lone ${name} surrogate that ends a quotation out of its citation, as verifyAnswer does`, () => {
      const quote = `${WORDS}${lone}`;
      expect(cited(`Studies: ${quote} and more.`, quote)).toEqual({ rows: [WORDS, WORDS], answer: [WORDS] });
      expect(cited(`${WORDS}.${lone}`, `${WORDS}.${lone}`).rows).toEqual([`${WORDS}.`, `${WORDS}.`]);
    });

    it(`keeps a lone ${name} surrogate inside a quotation in its citation, as verifyAnswer does`, () => {
      const quote = `children show${lone}higher rates of anxiety`;
      expect(cited(`Studies: ${quote} and more.`, quote)).toEqual({ rows: [quote, quote], answer: [quote] });
    });
  }

  it('never takes in the other half of a pair the quote writes half of', () => {
    const text = `Studies: 😀${WORDS}😀 and more.`;
    expect(cited(text, `\ude00${WORDS}`).rows).toEqual([WORDS, WORDS]);
    expect(cited(text, `${WORDS}\ud83d`).rows).toEqual([WORDS, WORDS]);
  });

  it('still takes in the punctuation between a lone surrogate and the words', () => {
    const quote = `\ud800(${WORDS}).\udc00`;
    expect(cited(`Studies: ${quote} more.`, quote).rows).toEqual([`(${WORDS}).`, `(${WORDS}).`]);
  });
});
