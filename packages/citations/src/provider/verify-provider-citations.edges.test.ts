// A cited text without a location is located as verifyAnswer locates a quotation and quoted rows locate a quote:
// its words, the separators between them and the edges of its first and last word (signs, glued words and
// numbers) must match. A page or block location is resolved the same way within its range, whatever other
// citations came before it.
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const cite = (citedText: string, extra: Partial<ProviderCitation> = {}): ProviderCitation => ({
  type: 'char_location',
  document: { index: 0 },
  answer: { start: 0, end: 5 },
  citedText,
  ...extra,
});
/** The code of the first rejection, or the citations' spans and texts. */
function verdict(text: string, cited: string): string | Array<[number, number, string]> {
  const result = verifyProviderCitations('Claim.', [cite(cited)], [documentOf(text)]);
  return result.rejected[0]?.code ?? result.citations.map((c) => [c.start, c.end, c.text]);
}

describe('verifyProviderCitations: the edges of a cited text without a location', () => {
  it('refuses a cited text cut out of a word at a character normalisation drops, or next to an astral letter', () => {
    for (const text of [
      'The drug is in\u00adeffective against the virus.',
      'The drug is in\u200beffective against the virus.',
    ]) {
      expect(verdict(text, 'effective against the virus')).toBe('span_mismatch');
      expect(verdict(text, 'is in\u00adeffective against the virus')).toEqual([[9, 42, text.slice(9, 42)]]);
    }
    expect(verdict('x\u{10400}abc def ghi', 'abc def')).toBe('span_mismatch');
    expect(verdict('abc def\u{10400} ghi', 'abc def')).toBe('span_mismatch');
    // A later whole occurrence is the one cited.
    const twice = 'The drug is in\u00adeffective against the virus. It is effective against the virus.';
    expect(verdict(twice, 'effective against the virus')).toEqual([[50, 77, 'effective against the virus']]);
  });

  it('refuses a cited text that drops a sign or is cut out of a glued word or number', () => {
    const cases: Array<[string, string, string]> = [
      ['It falls to -40 degrees at night here.', '40 degrees at night here', '-40 degrees at night here'],
      ['In 2020 prices rose by 20% overall.', 'prices rose by 20', 'prices rose by 20%'],
      ['In total $20 million was spent.', '20 million was spent', '$20 million was spent'],
      ['It is non-toxic to children and pets.', 'toxic to children and pets', 'non-toxic to children'],
      ['About 1,500 people were evacuated.', '500 people were evacuated', '1,500 people were evacuated'],
      ['Take 0.5 milligrams daily.', '5 milligrams daily', '0.5 milligrams daily'],
      ['It is a well-known remedy.', 'known remedy', 'a well-known remedy'],
    ];
    for (const [text, cut, whole] of cases) {
      expect([cut, verdict(text, cut)]).toEqual([cut, 'span_mismatch']);
      const at = text.indexOf(whole);
      expect([whole, verdict(text, whole)]).toEqual([whole, [[at, at + whole.length, whole]]]);
    }
    const result = verifyProviderCitations(
      'Claim.',
      [cite('40 degrees')],
      [documentOf('It is -40 degrees.')],
    );
    expect(result.rejected[0]?.message).toContain('as whole words');
  });

  it('cites the span the words take, widened over the punctuation the cited text has at its ends where the document has it', () => {
    const text = 'He said: "The notice period is three months." Then he left.';
    expect(verdict(text, '"The notice period is three months."')).toEqual([
      [9, 45, '"The notice period is three months."'],
    ]);
    expect(verdict(text, 'The notice period is three months!')).toEqual([
      [10, 43, 'The notice period is three months'],
    ]);
    // Case still counts.
    expect(verdict(text, 'the notice period is three months')).toBe('span_mismatch');
  });
});

describe('verifyProviderCitations: page and block locations', () => {
  const p0 = 'The notice period is three months. ';
  const p1 = 'Pets are allowed. The notice period is three months.';
  const text = p0 + p1;
  const paged: ProviderDocument = {
    ...documentOf(text),
    pages: [
      { start: 0, end: p0.length },
      { start: p0.length, end: text.length },
    ],
  };
  const good = cite('The notice period is three months.', { location: { type: 'pages', start: 1, end: 2 } });

  it('finds a page-located cited text in its range however many citations came before', () => {
    const expected = [[p0.length + 18, text.length]];
    const alone = verifyProviderCitations('Claim.', [good], [paged]);
    expect(alone.citations.map((c) => [c.start, c.end])).toEqual(expected);
    const misses = Array.from({ length: 60 }, (_, i) => cite(`absent text number ${i}`));
    const after = verifyProviderCitations('Claim.', [...misses, good], [paged], { policy: 'drop-citation' });
    expect(after.citations.map((c) => [c.start, c.end])).toEqual(expected);
    expect(after.rejected.map((r) => r.code)).toEqual(Array(60).fill('span_mismatch'));
  });

  it('holds a page-located cited text to the same edges', () => {
    const signed = 'Page one. It falls to -40 degrees here.';
    const document: ProviderDocument = {
      ...documentOf(signed),
      pages: [
        { start: 0, end: 9 },
        { start: 10, end: signed.length },
      ],
    };
    const on = (citedText: string) => cite(citedText, { location: { type: 'pages', start: 1, end: 2 } });
    expect(verifyProviderCitations('Claim.', [on('40 degrees here.')], [document]).rejected[0]?.code).toBe(
      'span_mismatch',
    );
    expect(
      verifyProviderCitations('Claim.', [on('-40 degrees here.')], [document]).citations.map((c) => c.text),
    ).toEqual(['-40 degrees here.']);
  });
});

describe('verifyProviderCitations: a cited text with an offset location', () => {
  const at = (text: string, citedText: string): string => {
    const location = { type: 'offsets', start: 0, end: text.length, unit: 'utf16' } as const;
    const result = verifyProviderCitations('Claim.', [cite(citedText, { location })], [documentOf(text)]);
    return result.rejected[0]?.code ?? 'verified';
  };

  it('keeps an exponent (a superscript digit, sign or letter after a digit) as itself, as a cited text without a location is read', () => {
    for (const [text, cited] of [
      ['Population: 10\u2076 people.', 'Population: 106 people.'],
      ['An area of 10\u00b2 units.', 'An area of 102 units.'],
      ['Exactly 2\u2074\u2070 bytes.', 'Exactly 240 bytes.'],
      ['The search space grows as 2\u207f here.', 'The search space grows as 2n here.'],
      ['The error falls as 10\u1d4f per step.', 'The error falls as 10k per step.'],
    ] as const) {
      expect([cited, at(text, cited)]).toEqual([cited, 'span_mismatch']);
      expect([cited, verdict(text, cited)]).toEqual([cited, 'span_mismatch']);
      expect(at(text, text.replace(' ', '\u00a0 '))).toBe('verified');
    }
    // Nor is a superscript sign its baseline sign there, nor the exponent digit after it: `10-6` is not `10⁻⁶`.
    for (const [text, cited] of [
      ['The detection limit is 10\u207b\u2076 M in water.', 'The detection limit is 10-6 M in water.'],
      ['The error rate is 2\u207b\u00b3 per hour.', 'The error rate is 2-3 per hour.'],
      ['It grew by 10\u207a\u2076 units.', 'It grew by 10+6 units.'],
      ['The error rate is 2\u207b\u00b3 per hour.', 'The error rate is 2\u207b3 per hour.'],
      ['The error rate is 2\u207b\u00b3 per hour.', 'The error rate is 2-\u00b3 per hour.'],
      ['A gain of 2\u207d\u00b9\u207e units.', 'A gain of 2(1) units.'],
    ] as const) {
      expect([cited, at(text, cited)]).toEqual([cited, 'span_mismatch']);
      expect(at(text, text.replace(' ', '\u00a0 '))).toBe('verified');
    }
    const text = 'The detection limit is 10\u207b\u2076 M in water.';
    const start = text.indexOf('10');
    for (const unit of ['utf16', 'code-point', 'utf8'] as const) {
      const end = unit === 'utf8' ? start + 10 : start + 6;
      const location = { type: 'offsets', start, end, unit } as const;
      const verdicts = ['10-6 M', '10\u207b\u2076 M'].map(
        (citedText) =>
          verifyProviderCitations('Claim.', [cite(citedText, { location })], [documentOf(text)]).rejected[0]
            ?.code,
      );
      expect([unit, verdicts]).toEqual([unit, ['span_mismatch', undefined]]);
    }
    // Elsewhere a superscript reads as its digit or sign, with a location or without.
    expect(at('It is \u207b40 \u00b0C at night.', 'It is -40 \u00b0C at night.')).toBe('verified');
    expect(at('An area of 12 m\u00b2.', 'An area of 12 m2.')).toBe('verified');
    expect(verdict('An area of 12 m\u00b2.', 'An area of 12 m2.')).toEqual([
      [0, 17, 'An area of 12 m\u00b2.'],
    ]);
  });
});

describe('verifyProviderCitations: a cited text with no letter or digit', () => {
  const text = 'The notice period is three months. It is 5 \u00b0C.';
  const paged: ProviderDocument = { ...documentOf(text), pages: [{ start: 0, end: text.length }] };
  const blocks: ProviderDocument = { ...documentOf(text), blocks: [{ start: 0, end: text.length }] };
  const locations = [
    [undefined, documentOf(text)],
    [{ type: 'offsets', start: 33, end: 34, unit: 'utf16' }, documentOf(text)],
    [{ type: 'pages', start: 0, end: 1 }, paged],
    [{ type: 'blocks', start: 0, end: 1 }, blocks],
  ] as const;
  /** A citation of `Tenants`, the answer's first word whole (`cite` spans `Tenan`, which cuts it). */
  const tenants = (citedText: string, extra: Partial<ProviderCitation> = {}) =>
    cite(citedText, { answer: { start: 0, end: 7 }, ...extra });

  it('refuses it in every location kind (span_mismatch), as quoted rows refuse such a quote', () => {
    for (const [location, document] of locations) {
      for (const citedText of ['.', ', ', ' \u00b0', '\u200b']) {
        const extra = location === undefined ? {} : { location };
        const result = verifyProviderCitations('Tenants may leave.', [tenants(citedText, extra)], [document]);
        expect([location?.type, citedText, result.status, result.rejected[0]?.code]).toEqual([
          location?.type,
          citedText,
          'rejected',
          'span_mismatch',
        ]);
      }
    }
    const result = verifyProviderCitations('Tenants may leave.', [tenants('.')], [documentOf(text)]);
    expect(result.rejected[0]?.message).toBe(
      'Citation 1 (char_location) cites ".", which has no letter or digit; expected words of document [1] ("d").',
    );
    // One letter or digit is enough.
    expect(
      verifyProviderCitations('Tenants may leave.', [tenants('5 \u00b0C')], [documentOf(text)]).status,
    ).toBe('answered');
  });
});
