// A span's edges are read as a page shows the text beside them (ADR 0058's whole-word rule): a character reference, a
// comment, a `<wbr>` or an inline tag, and emphasis beside a word show what they show, so a span cut out of what a
// reader sees as one word (`in&shy;effective`), or without the sign a reader sees beside its number (`&minus;40`,
// `-*40*`, `&lt;18`), is refused as its plain form is.
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

/** The codes refused when the answer's span from `claim` (its last occurrence) to the end cites `cited` at the start of `text`. */
const answerSide = (answer: string, claim: string, text: string, cited: string): string[] => {
  const start = answer.lastIndexOf(claim);
  const at = text.indexOf(cited);
  const citation: ProviderCitation = {
    document: { index: 0 },
    answer: { start, end: answer.length },
    location: { type: 'offsets', start: at, end: at + cited.length, unit: 'utf16' },
    citedText: cited,
  };
  const result = verifyProviderCitations(answer, [citation], [documentOf(text)]);
  return result.rejected.map((r) => r.code);
};

/** The codes refused when the whole answer `cited` cites its last occurrence in `text`, by offsets or by cited text alone. */
const documentSide = (text: string, cited: string, by: 'offsets' | 'text'): string[] => {
  const at = text.lastIndexOf(cited);
  const citation: ProviderCitation = {
    document: { index: 0 },
    answer: { start: 0, end: cited.length },
    citedText: cited,
    ...(by === 'offsets'
      ? { location: { type: 'offsets', start: at, end: at + cited.length, unit: 'utf16' } }
      : {}),
  };
  return verifyProviderCitations(cited, [citation], [documentOf(text)]).rejected.map((r) => r.code);
};

describe('verifyProviderCitations: an answer span read as the page shows what stands beside it', () => {
  it.each([
    ['The drug is in&shy;effective for adults.', 'effective for adults.'],
    ['The drug is in&shyeffective for adults.', 'effective for adults.'],
    ['The drug is in&#xAD;effective for adults.', 'effective for adults.'],
    ['The drug is in&zwj;effective for adults.', 'effective for adults.'],
    ['The drug is in&ZeroWidthSpace;effective for adults.', 'effective for adults.'],
    ['The drug is in<!-- -->effective for adults.', 'effective for adults.'],
    ['The drug is in<wbr>effective for adults.', 'effective for adults.'],
    ['The drug is in<b>effective</b> for adults.', 'effective</b> for adults.'],
    ['The drug is in*effective* for adults.', 'effective* for adults.'],
    ['The drug is in~~effective~~ for adults.', 'effective~~ for adults.'],
  ])('refuses a span cut out of a word a page shows whole: %j', (answer, claim) => {
    expect(answerSide(answer, claim, 'The drug is effective for adults.', 'effective for adults.')).toEqual([
      'answer_out_of_range',
    ]);
  });

  it.each([
    ['It was &minus;40 degrees at night.', '40 degrees at night.'],
    ['It was &#x2d;40 degrees at night.', '40 degrees at night.'],
    ['It was &#45;40 degrees at night.', '40 degrees at night.'],
    ['It was -*40* degrees at night.', '40* degrees at night.'],
    ['It was -**40** degrees at night.', '40** degrees at night.'],
    ['It was &plusmn;40 degrees at night.', '40 degrees at night.'],
    ['It was &ge;40 degrees at night.', '40 degrees at night.'],
    ['It was &lt;40 degrees at night.', '40 degrees at night.'],
    ['It was &lt40 degrees at night.', '40 degrees at night.'],
    ['It cost &dollar;40 at night.', '40 at night.'],
    ['It was 7&nbsp;300 degrees at night.', '300 degrees at night.'],
    ['It was 7&#x202F;300 degrees at night.', '300 degrees at night.'],
  ])('refuses a span without the sign or digits a page shows beside its number: %j', (answer, claim) => {
    const cited = claim.replace(/\*/g, '');
    expect(answerSide(answer, claim, `It was ${cited}`, cited)).toEqual(['answer_out_of_range']);
  });

  it('refuses a span that ends before a percent written as a reference (`40&#x25;`)', () => {
    const answer = 'Prices rose 40&#x25; last year.';
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: answer.indexOf('&') },
      citedText: 'Prices rose 40',
    };
    const result = verifyProviderCitations(answer, [citation], [documentOf('Prices rose 40 last year.')]);
    expect(result.rejected.map((r) => r.code)).toEqual(['answer_out_of_range']);
  });

  it('accepts spans at the edges a page shows: beside a tag shown apart, a space or quote written as a reference', () => {
    const text = 'The drug is effective for adults.';
    for (const answer of [
      'The drug is<br>effective for adults.',
      'The drug is&nbsp;effective for adults.',
      'The drug is <b>effective for adults.</b>',
      'The drug is *effective for adults.*',
      'The drug is &ldquo;effective for adults.',
      'The drug is\neffective for adults.',
    ]) {
      const claim = answer.slice(answer.lastIndexOf('effective'));
      expect(answerSide(answer, claim, text, 'effective for adults.'), answer).toEqual([]);
    }
  });
});

describe('verifyProviderCitations: a document span read as the page shows what stands beside it', () => {
  it.each([
    ['Patients aged &lt;18 years are excluded.', '18 years are excluded.'],
    ['Patients aged &lt18 years are excluded.', '18 years are excluded.'],
    ['Patients aged &ge;18 years are excluded.', '18 years are excluded.'],
    ['Patients aged &#x2265;18 years are excluded.', '18 years are excluded.'],
    ['It was &minus;40 degrees at night.', '40 degrees at night.'],
    ['It was -*40* degrees at night.', '40* degrees at night.'],
    ['The ship weighs about 7&nbsp;300 tonnes.', '300 tonnes.'],
    ['The ship weighs about 7&#8239;300 tonnes.', '300 tonnes.'],
    ['The drug is in&shy;effective for adults.', 'effective for adults.'],
    ['The drug is in&#8203;effective for adults.', 'effective for adults.'],
    ['The drug is in<!-- note -->effective for adults.', 'effective for adults.'],
    ['The drug is in<wbr>effective for adults.', 'effective for adults.'],
    ['The drug is in<span>effective</span> for adults.', 'effective</span> for adults.'],
    ['The drug is in*effective* for adults.', 'effective* for adults.'],
    ['The price is 40&percnt; higher.', 'The price is 40'],
  ])('refuses a span of %j cut at %j, by offsets and by cited text', (text, cited) => {
    expect(documentSide(text, cited, 'offsets')).toEqual(['span_mismatch']);
    expect(documentSide(text, cited, 'text')).toEqual(['span_mismatch']);
  });

  it('accepts whole words beside markup, and a cited text that holds the markup as the document does', () => {
    for (const [text, cited] of [
      ['Patients aged &lt;18 years are excluded.', '&lt;18 years are excluded.'],
      ['The ship weighs about 7&nbsp;300 tonnes.', '7&nbsp;300 tonnes.'],
      ['The drug is in&shy;effective for adults.', 'in&shy;effective for adults.'],
      ['The <b>drug</b> is effective for adults.', 'drug</b> is effective for adults.'],
      ['The drug is<br>effective for adults.', 'effective for adults.'],
      ['Results from R&amp;D were published.', 'R&amp;D were published.'],
      ['It was &minus;40 degrees at night.', '&minus;40 degrees at night.'],
    ] as const) {
      expect(documentSide(text, cited, 'offsets'), text).toEqual([]);
      expect(documentSide(text, cited, 'text'), text).toEqual([]);
    }
  });

  it('refuses a cited text that starts or ends inside a reference or a tag', () => {
    expect(
      documentSide('The drug is in&shy;effective for adults.', 'shy;effective for adults.', 'text'),
    ).toEqual(['span_mismatch']);
    expect(documentSide('It was &minus;40 degrees at night.', 'minus;40 degrees at night.', 'text')).toEqual([
      'span_mismatch',
    ]);
    expect(documentSide('The drug is <b>effective</b> for adults.', 'b>effective', 'text')).toEqual([
      'span_mismatch',
    ]);
  });
});

describe('verifyProviderCitations: a quotation in a claim read against the cited span as the page shows it', () => {
  const quoted = (claim: string, text: string, cited: string): string => {
    const at = text.indexOf(cited);
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: claim.length },
      location: { type: 'offsets', start: at, end: at + cited.length, unit: 'utf16' },
      citedText: cited,
    };
    return verifyProviderCitations(claim, [citation], [documentOf(text)]).status;
  };

  it.each([
    ['Temperatures reached &minus;40 degrees in the valley.', '40 degrees in the valley'],
    ['Temperatures reached -*40* degrees in the valley.', '40 degrees in the valley'],
    ['The drug is in&shy;effective for all adult patients.', 'effective for all adult patients'],
    ['The drug is in&#8203;effective for all adult patients.', 'effective for all adult patients'],
    ['The drug is in<!-- -->effective for all adult patients.', 'effective for all adult patients'],
    ['The drug is in<wbr>effective for all adult patients.', 'effective for all adult patients'],
  ])('refuses a quotation cut out of the cited span %j', (text, quotation) => {
    expect(quoted(`The report says it was "${quotation}".`, text, text)).toBe('rejected');
  });

  it('accepts the quotation of whole words beside markup', () => {
    const text = 'The drug is <b>effective for all adult patients</b>.';
    expect(quoted('The report says it is "effective for all adult patients".', text, text)).toBe('answered');
  });
});
