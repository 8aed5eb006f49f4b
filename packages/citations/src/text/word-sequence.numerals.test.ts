// A circled, parenthesised or Roman numeral, a fraction, or a superscript or subscript digit glued to a digit of
// another form is a number of its own: `①500円` (item ① costs 500 yen) is not `1500円`, `⑩²` not `102`, `Ⅱ50` not
// `II50`. Every check reads words through wordSequence, so all of them follow.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { locateQuote } from './locate-quote.js';
import { SEPARATOR, wordSequence } from './word-sequence.js';

const S = SEPARATOR;
const items = (text: string): string[] => wordSequence(text).items;

/** What each check makes of `quote` against `text`: 'ok' or 'refused'. */
function checks(text: string, quote: string): Record<string, string> {
  const verdict = (ok: boolean): string => (ok ? 'ok' : 'refused');
  const answer = `Note: ${quote}.`;
  const provider = verifyProviderCitations(
    answer,
    [{ document: { index: 0 }, answer: { start: 0, end: answer.length }, citedText: quote }],
    [passage(text)],
  );
  return {
    quotation: verdict(verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status === 'answered'),
    // Every word found as a word of the passage (coverage 1), or the claim found whole.
    support: verdict(
      verifyAnswer(`${quote} [1].`, [passage(text)], { support: { minCoverage: 1 } }).status === 'answered',
    ),
    locateQuote: verdict(locateQuote(quote, text, { wholeWords: true }) !== null),
    quotedRows: verdict(resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1),
    provider: verdict(provider.rejected.length === 0 && provider.claims.length === 1),
  };
}
const ALL_REFUSED = {
  quotation: 'refused',
  support: 'refused',
  locateQuote: 'refused',
  quotedRows: 'refused',
  provider: 'refused',
};
const ALL_OK = { quotation: 'ok', support: 'ok', locateQuote: 'ok', quotedRows: 'ok', provider: 'ok' };

describe('wordSequence: numerals of another form beside a digit', () => {
  it('reads a circled, parenthesised or Roman numeral or a fraction glued to a digit as a number of its own', () => {
    expect(items('\u2460500\u5186')).toEqual(['1', S, '500', S, '\u5186']); // ①500円
    expect(items('\u2460\u2461')).toEqual(['1', S, '2']); // ①②
    expect(items('\u2469\u00b2')).toEqual(['10', S, '2']); // ⑩²
    expect(items('\u216150')).toEqual(['ii', S, '50']); // Ⅱ50
    expect(items('1\u00bd')).toEqual(['1', S, '1\u20442']); // 1½
    for (const [written, made] of <Array<[string, string]>>[
      ['\u2460500', '1500'],
      ['\u2460\u2461', '12'],
      ['\u2469\u00b2', '102'],
      ['\u216150', 'II50'],
      ['\u2474500', '(1)500'],
      ['\u00b9500', '1500'], // a superscript read as its digit, before a digit
      ['10\u2082', '102'], // a subscript after a digit
    ]) {
      expect(items(written)).not.toEqual(items(made));
    }
  });

  it('keeps the numbers one form writes whole: subscripts, Roman numerals, exponents, letters', () => {
    expect(items('x\u2081\u2082')).toEqual(items('x12')); // x₁₂
    expect(items('CO\u2082')).toEqual(items('CO2'));
    expect(items('\u2169\u2162')).toEqual(items('XIII')); // ⅩⅢ
    expect(items('\u216b')).toEqual(items('XII')); // Ⅻ
    expect(items('10\u00b2')).toEqual(['10\u00b2']);
    expect(items('\uff11\uff10\uff10')).toEqual(items('100')); // full-width digits are decimal digits
    expect(items('\ud835\udfcf\ud835\udfce')).toEqual(items('10')); // 𝟏𝟎
  });
});

describe('a number made from a numeral glued to a digit, in every check', () => {
  it.each([
    ['Options: \u2460500 mg or \u2461250 mg daily.', 'Options: 1500 mg'],
    ['Prices: \u2460500 yen, \u24611000 yen.', '1500 yen'],
    ['Follow Step \u2460\u2461 first.', 'Step 12 first'],
    ['The tower is \u2469\u00b2 metres tall.', '102 metres tall'],
    ['The \u216150 engine failed.', 'The II50 engine'],
    ['Options: 1500 mg or 250 mg daily.', 'Options: \u2460500 mg'], // the reverse
  ])('refuses %j quoted as %j', (text, quote) => {
    expect(checks(text, quote)).toEqual(ALL_REFUSED);
  });

  it('refuses the Japanese price answered as 1500円, and the reverse', () => {
    const text = '\u6599\u91d1\uff1a\u2460500\u5186 \u24611000\u5186'; // 料金：①500円 ②1000円
    const answer = '\u6599\u91d1\u306f\u300c1500\u5186\u300d\u3067\u3059 [1]\u3002'; // 料金は「1500円」です [1]。
    expect(verifyAnswer(answer, [passage(text)]).status).toBe('rejected');
    expect(
      verifyAnswer('\u6599\u91d1\u306f\u300c\u2460500\u5186\u300d\u3067\u3059 [1]\u3002', [
        passage('\u6599\u91d1\uff1a1500\u5186'),
      ]).status,
    ).toBe('rejected');
  });

  it.each([
    ['Options: \u2460500 mg or \u2461250 mg daily.', 'Options: \u2460500 mg'],
    ['The tower is \u2469\u00b2 metres tall.', '\u2469\u00b2 metres tall'],
    ['The \u216150 engine failed.', 'The \u216150 engine'],
    ['Formula x\u2081\u2082 holds.', 'Formula x12 holds'],
  ])('accepts %j quoted honestly as %j', (text, quote) => {
    expect(checks(text, quote)).toEqual(ALL_OK);
  });

  it('cites the numeral with its number, and never the number alone as a whole word', () => {
    const text = '\u6599\u91d1\uff1a\u2460500\u5186 \u24611000\u5186';
    const { status, citations } = verifyAnswer(
      '\u6599\u91d1\u306f\u300c\u2460500\u5186\u300d\u3067\u3059 [1]\u3002',
      [passage(text)],
    );
    expect(status).toBe('answered');
    expect(citations[0]).toMatchObject({ start: 3, end: 8, text: '\u2460500\u5186' });
    // `500` is glued to the numeral as `1,500` is glued: not cut out of it.
    expect(locateQuote('500 mg', 'Options: \u2460500 mg', { wholeWords: true })).toBeNull();
    expect(
      resolveQuotedRows([{ handle: 'S1', quote: '500 engine' }], [passage('The \u216150 engine')]).accepted,
    ).toEqual([]);
  });
});
