// A claim inside a code block (fenced or indented) or a raw-text element (`<textarea>`, `<xmp>`, `<plaintext>`) is shown
// as typed: a tag there is text, its attribute values' quotes are marks, and a quotation in them is one the reader sees.
// Read alone the claim hides it as a tag's attribute; it is checked as the reader sees it (rt11 #1).
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { quotationsPastClaims } from './quotations-past-claims.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const CITED = 'Aspirin is used to reduce fever and mild pain, the WHO says at https://who.example/ today.';
const FABRICATED = 'aspirin cures cancer in every patient';
const HONEST = 'used to reduce fever and mild pain';

/** 'accepted', or the codes of the rejections, for `before` + `claim` + `after` with `part` of the claim cited. */
function verdict(before: string, claim: string, after = '', part = claim, cited = CITED): string {
  const answer = before + claim + after;
  const citation = citeFromStart(answer, part, cited, before.length);
  const result = verifyProviderCitations(answer, [citation], [documentOf(cited)]);
  return result.status === 'answered' ? 'accepted' : result.rejected.map((r) => r.code).join(',');
}

const tags = (quoted: string): string[] => [
  `<span title="${quoted}">WHO</span> says aspirin reduces fever.`,
  `<span title='${quoted}'>WHO</span> says aspirin reduces fever.`,
  `<img alt="${quoted}"> aspirin is used to reduce fever.`,
  `<a href="https://who.example/" title="${quoted}">WHO</a> says aspirin reduces fever.`,
];
// What stands before and after a claim shown as typed.
const CONTEXTS: Array<[string, string]> = [
  ['```html\n', '\n```'],
  ['~~~\n', '\n~~~'],
  ['Intro.\n\n````\n', ''], // a fence left open runs to the end
  ['> ```\n> ', '\n> ```'],
  ['Intro.\n\n    ', ''],
  ['# Example\n    ', ''],
  ['    x = 1\n    ', ''], // a later line of an indented block
  ['<textarea>', '</textarea>'],
  ['Intro <TEXTAREA rows="3">', '</textarea> done.'],
  ['<xmp>', '</xmp>'],
  ['<plaintext>', ''],
];

describe('verifyProviderCitations: a claim shown as typed (code block, raw-text element)', () => {
  it('refuses a fabricated quotation in a tag attribute, which the reader sees as text', () => {
    for (const [before, after] of CONTEXTS)
      for (const claim of tags(FABRICATED))
        expect([before, claim, verdict(before, claim, after)]).toEqual([before, claim, 'quote_not_found']);
  });

  it('refuses it when the claim cuts the quotation (its opening mark before the claim)', () => {
    for (const [before, after] of CONTEXTS) {
      const claim = tags(FABRICATED)[0]!;
      const part = claim.slice(claim.indexOf('cancer'));
      expect([before, verdict(before, claim, after, part)]).toEqual([before, 'quote_not_found']);
    }
  });

  it('gives a claim the quotation it cuts there, whose marks stand beside it', () => {
    const claim = tags(FABRICATED)[0]!;
    for (const [before, after] of CONTEXTS) {
      const answer = before + claim + after;
      const start = answer.indexOf('cancer', before.length);
      const given = quotationsPastClaims(answer, [{ start, end: start + 20 }], 12);
      expect([before, given.map((list) => list?.map((q) => q.text))]).toEqual([before, [[FABRICATED]]]);
    }
    // In prose the tag hides it.
    const prose = `Per ${claim}`;
    const start = prose.indexOf('cancer');
    expect(quotationsPastClaims(prose, [{ start, end: start + 20 }], 12)).toEqual([[]]);
  });

  it('accepts an honest quotation there, in an attribute or as text', () => {
    for (const [before, after] of CONTEXTS) {
      for (const claim of tags(HONEST))
        expect([before, claim, verdict(before, claim, after)]).toEqual([before, claim, 'accepted']);
      const claim = `The WHO says aspirin is "${HONEST}".`;
      expect([before, claim, verdict(before, claim, after)]).toEqual([before, claim, 'accepted']);
    }
  });

  it('compares a quotation holding a `<` as typed', () => {
    const cited = 'The dose is <4 g a day for adults, the WHO says.';
    const claim = 'The WHO: "the dose is <4 g a day for adults".';
    for (const [before, after] of CONTEXTS)
      expect([before, verdict(before, claim, after, claim, cited)]).toEqual([before, 'accepted']);
    expect(verdict('```\n', 'The WHO: "the dose is <9 g a day for adults".', '\n```', undefined, cited)).toBe(
      'quote_not_found',
    );
  });

  it('keeps the reading of a tag in prose, where the renderer hides its attributes', () => {
    const prose: Array<[string, string]> = [
      ['', ''],
      ['Per ', ''],
      ['```\ncode\n```\n\n', ''], // after a closed fence
      ['Intro text\n    ', ''], // an indented line that continues a paragraph
      ['<textarea>x</textarea> ', ''], // after a closed raw-text element
      ['``` inline ``` code: ', ''], // backticks after the fence run: a code span, no fence
    ];
    for (const [before, after] of prose)
      for (const claim of tags(FABRICATED))
        expect([before, claim, verdict(before, claim, after)]).toEqual([before, claim, 'accepted']);
  });
});
