import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { createCitedTextFinder } from '../provider/create-cited-text-finder.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

/** Whether `quote` is found in `text` by verifyAnswer, by resolveQuotedRows and as a provider's cited text. */
const verdicts = (text: string, quote: string): string[] => {
  const p = passage(text);
  const verification = verifyAnswer(`It says "${quote}" [1].`, [p], { quotes: { minLength: 1 } });
  const rows = resolveQuotedRows([{ handle: 'S1', quote }], [p]);
  const cited = createCitedTextFinder(text).find(quote, 0, text.length).span;
  return [
    verification.status,
    rows.accepted.length === 1 ? 'answered' : 'rejected',
    cited ? 'answered' : 'rejected',
  ];
};
const answered = ['answered', 'answered', 'answered'];
const rejected = ['rejected', 'rejected', 'rejected'];

describe('signs beside a quotation: units, percents and slashes', () => {
  // A symbol that normalises to letters (`㎎` is `mg`, `™` is `TM`) is a sign: a quotation may not change it at its edge.
  it.each([
    ['The label says the recommended dose is 5 \u00b5g per kg.', 'the recommended dose is 5 \u338e'],
    ['The label says the recommended dose is 5\u338e daily.', 'the recommended dose is 5\u338f'],
    ['The shop opens every day at 9 \u33c2.', 'opens every day at 9 \u33d8'],
    ['The motor is rated at 5 W.', 'is rated at 5 \u33be'],
    ['The label says mg of the recommended dose.', '\u338f of the recommended dose'],
    ['It is sold under the name Acme\u00ae in Europe.', 'sold under the name Acme\u2122'],
    ['1\u56de\u306e\u7528\u91cf\u306f5\u338e\u3002', '1\u56de\u306e\u7528\u91cf\u306f5\u338f'],
    [
      '\u6210\u4eba\u6bcf\u65e5\u5242\u91cf\u4e3a5\u338e\u3002',
      '\u6210\u4eba\u6bcf\u65e5\u5242\u91cf\u4e3a5\u338f',
    ],
  ])('refuses a unit or mark the passage does not write there: %s / %s', (text, quote) => {
    expect(verdicts(text, quote)).toEqual(rejected);
  });

  it.each([
    ['The label says the recommended dose is 5 \u338e per kg.', 'the recommended dose is 5 \u338e'],
    ['It is sold under the name Acme\u2122 in Europe.', 'sold under the name Acme\u2122'],
    ['1\u56de\u306e\u7528\u91cf\u306f5\u338e\u3002', '1\u56de\u306e\u7528\u91cf\u306f5\u338e'],
    [
      '\u6210\u4eba\u6bcf\u65e5\u5242\u91cf\u4e3a5\u338e\u3002',
      '\u6210\u4eba\u6bcf\u65e5\u5242\u91cf\u4e3a5\u338e',
    ],
  ])('accepts the unit or mark the passage writes: %s / %s', (text, quote) => {
    expect(verdicts(text, quote)).toEqual(answered);
  });

  it('takes the unit into the citation', () => {
    const text = 'The label says the recommended dose is 5 \u338e per kg.';
    const { claims } = verifyAnswer('The label says "the recommended dose is 5 \u338e" [1].', [
      passage(text),
    ]);
    expect(claims[0]?.citations[0]?.text).toBe('the recommended dose is 5 \u338e');
  });

  // A percent at the edge is compared across any spaces and punctuation, like other signs.
  it.each([
    'rose to about 40  %',
    'rose to about 40 \u00a0%',
    'rose to about 40 (%)',
    'rose to about 40 \u2030',
    '% rose to about 40',
  ])('refuses a percent the passage does not write: %s', (quote) => {
    expect(verdicts('Support rose to about 40 points in May.', quote)).toEqual(rejected);
  });

  it.each([
    ['Support rose to about 40 (%) in May.', 'rose to about 40 (%)'],
    ['Support rose to about 40% in May.', 'rose to about 40 %'],
    ['Support rose to about 40\u2030 in May.', 'rose to about 40\u2030'],
    ['The share was 40%/year in May.', 'The share was 40%'],
  ])('accepts the percent the passage writes: %s / %s', (text, quote) => {
    expect(verdicts(text, quote)).toEqual(answered);
  });

  // A sign quoted out of a run that a slash glues (`+/-`) is cut out of it, as out of `★★★★★`.
  it('refuses a sign cut out of signs a slash joins, and accepts the whole run', () => {
    const text = 'Result: Linux support +/- partial, Windows support + full.';
    expect(verdicts(text, 'Linux support +')).toEqual(rejected);
    expect(verdicts(text, '- partial')).toEqual(rejected);
    expect(verdicts(text, 'Linux support +/-')).toEqual(answered);
    expect(verdicts(text, 'Windows support +')).toEqual(answered);
    expect(verdicts('The hotel is rated 4 \u2605/5 by guests.', 'rated 4 \u2605')).toEqual(answered);
  });
});
