// A comparison or approximation sign one space before its number qualifies it as a currency sign does (`≥ 18` is not
// `18`): a quotation or a cited span may not drop it. `=` and a lone `-` one space apart (`x = 18`, a list's
// `- 18 years`) do not, and neither does a tag's `>` (`<b> 18`).
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import { passage } from '../__fixtures__/passage.js';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const cited = (text: string, quote: string): string => {
  const at = text.lastIndexOf(quote);
  return verifyProviderCitations(
    quote,
    [
      {
        document: { index: 0 },
        answer: { start: 0, end: quote.length },
        location: { type: 'offsets', start: at, end: at + quote.length, unit: 'utf16' },
        citedText: quote,
      },
    ],
    [documentOf(text)],
  ).status;
};
const quoted = (text: string, quote: string): string =>
  verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status;

describe('tagEdges: a comparison sign one space before a number', () => {
  it.each([
    '\u2265',
    '\u2264',
    '<',
    '>',
    '\u00b1',
    '~',
    '\u2248',
    '\u2243',
    '\u2245',
    '\u2260',
    '\u223c',
    '\u2213',
    '<=',
    '>=',
    '+/-',
    '&ge;',
    '&lt;',
    '\uff1c',
  ])('refuses `18 years` cut from `aged %s 18 years`', (sign) => {
    const text = `Patients aged ${sign} 18 years qualify for the trial.`;
    expect(cited(text, '18 years qualify for the trial.')).toBe('rejected');
    expect(quoted(text, '18 years qualify for the trial')).toBe('rejected');
    // With the sign, the span is whole.
    const whole = `${sign} 18 years qualify for the trial.`;
    expect(cited(text, whole), whole).toBe('answered');
  });

  it.each([
    'Patients aged = 18 years qualify for the trial.',
    'Patients aged:\n- 18 years qualify for the trial.',
    'Patients aged <b> 18 years qualify for the trial.',
    'Patients aged <span class="x"> 18 years qualify for the trial.',
    'Patients aged \u2192 18 years qualify for the trial.',
  ])('accepts `18 years` cut from %j', (text) => {
    expect(cited(text, '18 years qualify for the trial.')).toBe('answered');
    expect(quoted(text, '18 years qualify for the trial')).toBe('answered');
  });
});
