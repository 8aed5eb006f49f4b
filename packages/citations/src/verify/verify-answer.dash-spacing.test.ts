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

  // A dash glued to what follows and to no word before it is a sign, whatever follows: a review found each of these
  // accepted once the white space beside any dash was dropped.
  it('keeps a sign as written, whatever follows it, and a bullet at a line’s start', () => {
    for (const [quote, text] of [
      ['the balance fell to\u2014$5 overnight', 'the balance fell to \u2212$5 overnight.'],
      ['the balance fell to - $5 overnight', 'the balance fell to -$5 overnight.'],
      ['the loss was\u2014\u20ac3 million', 'the loss was -\u20ac3 million.'],
      ['the limit goes to\u2014\u221e here', 'the limit goes to \u2212\u221e here.'],
      ['the function returns - x here', 'the function returns -x here.'],
      ['the rate fell to\u2014.5 percent', 'the rate fell to -.5 percent.'],
      ['the temperature was ( - 5) degrees', 'the temperature was (-5) degrees.'],
      ['cost $ - 5 now', 'cost $-5 now.'],
      ['equals =-5 here', 'equals = - 5 here.'],
      ['apples-pears-figs taste', 'fruit:\n- apples\n- pears\n- figs taste.'],
    ] as const)
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual(['quote_not_found']);
    // A dash between two parts still reads alike however spaced, and white space as written still matches.
    expect(codes('the cost (net) \u2014 was high', 'the cost (net)\u2014was high.')).toEqual([]);
    expect(codes('apples - pears', 'fruit:\n- apples\n- pears.')).toEqual([]);
  });

  // A dash after a closing quotation mark, an apostrophe, an ellipsis or a comma stands between two parts: a second
  // look found each of these refused once a sign was kept as written.
  it('reads a dash after what closes a quotation or a clause as one between two parts', () => {
    for (const [quote, text] of [
      ['he said \u201cno\u201d \u2014 then left', 'he said \u201cno\u201d\u2014then left.'],
      ["the dogs' \u2014 owners", "the dogs'\u2014owners."],
      ['he paused\u2026 \u2014 then left', 'he paused\u2026\u2014then left.'],
      ['it ended, \u2014 then', 'it ended,\u2014then.'],
    ] as const)
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual([]);
  });
  // An em dash is never a sign: spaced on one side only, it still stands between two parts (a second look found
  // each of these refused, the em dash glued on its right read as a sign). An en dash, a hyphen and a minus may be.
  it('reads an em dash spaced on one side only as one between two parts; an en dash or a minus glued on its right stays a sign', () => {
    for (const [quote, text] of [
      ['the result \u2014a surprise', 'the result\u2014a surprise.'],
      ['the result \u2014 a surprise', 'the result \u2014a surprise.'],
      ['the result\u2014 a surprise', 'the result \u2014a surprise.'],
      ['the result\u2014a surprise', 'the result \u2015a surprise.'],
      ['the result \u2e3aa surprise', 'the result\u2e3a a surprise.'],
      ['the result \u2e3ba surprise', 'the result \u2e3b a surprise.'],
    ] as const)
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual([]);
    for (const [quote, text] of [
      ['fell to\u20135 degrees', 'It fell to \u22125 degrees.'],
      ['fell to \u20135 degrees', 'It fell to\u2014 5 degrees.'],
      ['the balance fell to\u2014$5 overnight', 'the balance fell to \u2212$5 overnight.'],
      ['fell to \u2014 \u22125 degrees', 'It fell to 5 degrees.'],
    ] as const)
      expect(codes(quote, text), `${quote} <- ${text}`).toEqual(['quote_not_found']);
  });
});
