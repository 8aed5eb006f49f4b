import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { verifyAnswer } from './verify-answer.js';

const TIGHT = 'the result\u2014a surprise\u2014was clear to all.';
const SPACED = 'the result \u2014 a surprise \u2014 was clear to all.';
const codes = (quote: string, text: string): string[] =>
  streamedCodes(`The source says "${quote}" [1].`, [source(text, 'doc')]);

// The white space beside a dash is no part of what a quotation says (a review found every spacing change refused).
describe('verifyAnswer: a quotation whose dashes are spaced otherwise than the passage’s', () => {
  it('accepts a spaced dash against a tight one and the reverse, `--` and an en dash too, citing the passage’s characters', () => {
    for (const [quote, text] of [
      ['the result \u2014 a surprise \u2014 was clear', TIGHT],
      ['the result\u2014a surprise\u2014was clear', SPACED],
      ['the result - a surprise - was clear', TIGHT],
      ['the result -- a surprise -- was clear', SPACED],
      ['the result--a surprise--was clear', TIGHT],
      ['the result \u2013 a surprise \u2013 was clear', TIGHT],
      ['the result\u2014a surprise\u2014was clear', 'the result \u2013 a surprise \u2013 was clear to all.'],
    ] as const) {
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual([]);
      const result = verifyAnswer(`The source says "${quote}" [1].`, [source(text, 'doc')]);
      const { start, end } = result.claims[0]!.citations[0]!;
      expect(text.slice(start, end)).toBe(text.slice(0, text.indexOf(' to all')));
    }
  });

  it('keeps a minus sign, the digits apart and the cut-word rule', () => {
    for (const [quote, text] of [
      ['fell to - 5 degrees', 'It fell to -5 degrees.'],
      ['fell to -5 degrees', 'It fell to - 5 degrees.'],
      ['fell to 5 degrees', 'It fell to -5 degrees.'],
      ['fell to 5 degrees', 'It fell to \u2014 5 degrees.'],
      ['a range of 10 - 5 units', 'a range of 105 units here.'],
      ['toxic to children', 'The syrup is non-toxic to children.'],
      ['toxic to children', 'The syrup is non - toxic to children.'.replace(' - ', '-')],
      ['the result a surprise', TIGHT],
    ] as const)
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual(['quote_not_found']);
    // A spaced dash is no hyphen: `non - toxic` is two words, each may start or end a quotation.
    expect(codes('toxic to children', 'The syrup is non \u2014 toxic to children.')).toEqual([]);
  });
});
