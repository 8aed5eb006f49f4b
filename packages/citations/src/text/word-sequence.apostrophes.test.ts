// An apostrophe written as a spacing acute accent (`can´t`, U+00B4) or a modifier letter apostrophe (`canʼt`,
// U+02BC) reads as `'`, as `’`, `‘` and `＇` do: honest quotations written with another apostrophe are not refused.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { locateQuote } from './locate-quote.js';
import { wordSequence } from './word-sequence.js';

const items = (text: string): string[] => wordSequence(text).items;

/** Whether each quote check accepts `quote` against `text`. */
function checks(text: string, quote: string): Record<string, boolean> {
  const answer = `Note: ${quote}.`;
  const provider = verifyProviderCitations(
    answer,
    [{ document: { index: 0 }, answer: { start: 0, end: answer.length }, citedText: quote }],
    [passage(text)],
  );
  return {
    quotation: verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status === 'answered',
    locateQuote: locateQuote(quote, text, { wholeWords: true }) !== null,
    quotedRows: resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1,
    provider: provider.rejected.length === 0 && provider.claims.length === 1,
  };
}
const ALL = { quotation: true, locateQuote: true, quotedRows: true, provider: true };

describe('apostrophes written as an acute accent or a modifier letter', () => {
  it('reads them as an apostrophe, as it reads a right single quotation mark', () => {
    for (const mark of ['\u00b4', '\u02bc']) {
      expect(items(`can${mark}t`)).toEqual(items("can't"));
      expect(items(`the 1990${mark}s`)).toEqual(items("the 1990's"));
      expect(items(`L${mark}homme`)).toEqual(items('L\u2019homme'));
    }
  });

  it.each([
    ['You can\u00b4t leave the building now.', "You can't leave the building now"],
    ["You can't leave the building now.", 'You can\u00b4t leave the building now'],
    ['You can\u02bct leave the building now.', "You can't leave the building now"],
    ["You can't leave the building now.", 'You can\u02bct leave the building now'],
    ['It was popular in the 1990\u02bcs in Europe.', "popular in the 1990's in Europe"],
    ["It was popular in the 1990's in Europe.", 'popular in the 1990\u02bcs in Europe'],
    ['It was popular in the 1990\u00b4s in Europe.', 'popular in the 1990\u2019s in Europe'],
  ])('accepts %j quoted as %j', (text, quote) => {
    expect(checks(text, quote)).toEqual(ALL);
  });

  it('still keeps a contraction whole and a foot mark apart from an inch mark', () => {
    for (const mark of ['\u00b4', '\u02bc']) {
      // `can` cut out of `can't` says the opposite: read as it is cut out of `can't`.
      expect(checks(`You can${mark}t leave now.`, 'You can')).toEqual(
        checks("You can't leave now.", 'You can'),
      );
      expect(
        resolveQuotedRows([{ handle: 'S1', quote: 'You can' }], [passage(`You can${mark}t go.`)]).accepted,
      ).toEqual([]);
      // After a number the mark is a foot (or minute) mark, not a closing quotation mark: `6´` is not `6"`.
      expect(items(`a 6${mark} pole`)).not.toEqual(items('a 6" pole'));
      expect(checks(`It is a 6${mark} pole.`, 'a 6" pole')).toEqual(checks("It is a 6' pole.", 'a 6" pole'));
      expect(checks(`It is a 6${mark} pole.`, 'a 6" pole')).toMatchObject({
        locateQuote: false,
        quotedRows: false,
      });
    }
  });
});
