// A page or block citation without a cited text (Anthropic's cited_text missing), and a citation of a whole document
// without either, are held to whole words with a letter or digit as offsets are (see wholeWordsAt): an empty or
// punctuation-only range, or one whose page boundary cuts a number, cites nothing the claim checks can read whole
// (r21 #3).
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation, ProviderDocument, ProviderLocation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const ANSWER = 'The fee is 1,500 EUR per month.';
const TEXT = 'Page one text. --- The fee is 1,500 EUR per month.';

function check(document: ProviderDocument, location?: ProviderLocation) {
  const citation: ProviderCitation = {
    document: { index: 0 },
    answer: { start: 0, end: ANSWER.length },
    ...(location === undefined ? {} : { location }),
  };
  const result = verifyProviderCitations(ANSWER, [citation], [document]);
  return {
    accepted: result.citations.map((c) => [c.text, c.start, c.end]),
    rejected: result.rejected.map((r) => [r.code, r.message] as const),
  };
}
const pages = (start: number, end: number): ProviderLocation => ({ type: 'pages', start, end });
const blocks = (start: number, end: number): ProviderLocation => ({ type: 'blocks', start, end });

describe('verifyProviderCitations: a range cited without a cited text', () => {
  it('refuses an empty page or block', () => {
    const spans = [
      { start: 5, end: 5 },
      { start: 5, end: TEXT.length },
    ];
    for (const [document, location] of [
      [{ ...documentOf(TEXT), pages: spans }, pages(0, 1)],
      [{ ...documentOf(TEXT), blocks: spans }, blocks(0, 1)],
    ] as const) {
      const result = check(document, location);
      expect(result.accepted).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      expect(result.rejected[0]![1]).toContain('no letter or digit');
    }
  });

  it('refuses a page of punctuation only', () => {
    const document = {
      ...documentOf(TEXT),
      pages: [
        { start: 14, end: 18 },
        { start: 18, end: TEXT.length },
      ],
    };
    const result = check(document, pages(0, 1));
    expect(result.accepted).toEqual([]);
    expect(result.rejected[0]![1]).toContain('no letter or digit');
  });

  it('refuses a page whose boundary cuts a number', () => {
    const text = 'The fee is 71,500 EUR per month.';
    const document = {
      ...documentOf(text),
      pages: [
        { start: 0, end: 12 },
        { start: 12, end: text.length },
      ],
    };
    const result = check(document, pages(1, 2));
    expect(result.accepted).toEqual([]);
    expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
    expect(result.rejected[0]![1]).toContain('part of a longer word or number');
  });

  it('refuses an empty or punctuation-only document cited whole', () => {
    for (const text of ['', '---']) {
      const result = check(documentOf(text));
      expect(result.accepted, JSON.stringify(text)).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
    }
  });

  it('still accepts whole pages, blocks and documents of words', () => {
    const document = {
      ...documentOf(TEXT),
      pages: [
        { start: 0, end: 14 },
        { start: 15, end: TEXT.length },
      ],
      blocks: [
        { start: 0, end: 14 },
        { start: 19, end: TEXT.length },
      ],
    };
    expect(check(document, pages(1, 2)).accepted).toEqual([[TEXT.slice(15), 15, TEXT.length]]);
    expect(check(document, blocks(0, 2)).accepted).toEqual([[TEXT, 0, TEXT.length]]);
    expect(check(document).accepted).toEqual([[TEXT, 0, TEXT.length]]);
  });

  it('says a cited text is on the pages named only as part of a longer word, not that it lies elsewhere', () => {
    const text = 'Intro 😀😀 The notice period is three months.';
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 6 },
      location: pages(0, 1),
      citedText: 'Intro 😀',
    };
    const document = {
      ...documentOf(text),
      pages: [
        { start: 0, end: 8 },
        { start: 8, end: text.length },
      ],
    };
    const [rejected] = verifyProviderCitations('Claim.', [citation], [document]).rejected;
    expect(rejected!.code).toBe('span_mismatch');
    expect(rejected!.message).toContain('only as part of a longer word or number');
    expect(rejected!.message).not.toContain('occurs on page 1');
  });
});
