// A claim is checked on a line of its own, but the reader sees it in the answer: text before it (an odd run of
// backslashes escaping its first `<`, a code span or comment it opens) or after it (a backtick closing a code span the
// claim opens) can show as prose what the claim read alone hides, such as a tag's attribute value. A quotation shown
// there is checked as `verifyAnswer` checks it on the same text (rt10 #1).
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { quotationsPastClaims } from './quotations-past-claims.js';
import { type VerifyProviderCitationsOptions, verifyProviderCitations } from './verify-provider-citations.js';

const CITED = 'Aspirin is used to reduce fever and mild pain, the WHO says at https://who.example/ today.';
const FABRICATED = 'aspirin cures cancer in every patient';

/** 'accepted', or the codes of the rejections, for `before` + `claim` + `after` with the claim cited. */
function verdict(
  before: string,
  claim: string,
  after = '',
  options: VerifyProviderCitationsOptions = {},
  cited = CITED,
): string {
  const answer = before + claim + after;
  const citation = citeFromStart(answer, claim, cited, before.length);
  const result = verifyProviderCitations(answer, [citation], [documentOf(cited)], options);
  return result.status === 'answered' ? 'accepted' : result.rejected.map((r) => r.code).join(',');
}

// Markup whose quotation the claim alone reads as hidden (a tag's attribute value: its quotes delimit it).
const TAGS = [
  `<span title="${FABRICATED}">WHO</span> says aspirin reduces fever.`,
  `<span title='${FABRICATED}'>WHO</span> says aspirin reduces fever.`,
  `<img alt="${FABRICATED}"> aspirin is used to reduce fever.`,
  `<a href="https://who.example/" title="${FABRICATED}">WHO</a> says aspirin reduces fever.`,
];
// Markup whose quotation is read either way (a link's title, an image's alt text): controls that must stay refused.
const READ_ANYWAY = [
  `[WHO](https://who.example/ "${FABRICATED}") says aspirin reduces fever.`,
  `![the WHO says "${FABRICATED}"](https://who.example/) aspirin reduces fever.`,
];

describe('verifyProviderCitations: a claim read in the context of the text beside it', () => {
  it('refuses a fabricated quotation that an odd run of backslashes before the claim shows as prose', () => {
    for (const claim of TAGS)
      for (const before of ['Per \\', 'Per \\\\\\', '\\']) {
        expect([before, claim, verdict(before, claim)]).toEqual([before, claim, 'quote_not_found']);
        // verifyAnswer reads the same visible text so.
        const answer = verifyAnswer(`${before}${claim} [1]`, [documentOf(CITED)]);
        expect(answer.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
      }
  });

  it('refuses it with the support check on too', () => {
    for (const claim of [...TAGS, ...READ_ANYWAY])
      expect([claim, verdict('Per \\', claim, '', { support: {} })]).not.toEqual([claim, 'accepted']);
  });

  it('keeps the reading of an even run of backslashes, which escapes nothing of the claim', () => {
    for (const claim of [...TAGS, ...READ_ANYWAY])
      for (const before of ['Per \\\\', 'Per \\\\\\\\'])
        for (const options of [{}, { support: {} }])
          expect([before, claim, verdict(before, claim, '', options)]).toEqual([
            before,
            claim,
            verdict('Per ', claim, '', options),
          ]);
    expect(verdict('Per \\\\', TAGS[0]!)).toBe('accepted');
    for (const claim of READ_ANYWAY) expect(verdict('Per \\', claim)).toBe('quote_not_found');
  });

  it('accepts an escaped tag whose quotation a cited span holds', () => {
    const cited = `The WHO says "${FABRICATED}" in its leaflet.`;
    const claim = `<span title="${FABRICATED}">WHO</span> says so.`;
    expect(verdict('Per \\', claim, '', {}, cited)).toBe('accepted');
  });

  it('refuses it when the backslash ends the cited claim before (a text block ending in `\\`)', () => {
    const first = 'Per the WHO, aspirin reduces fever \\';
    const second = `<span title="${FABRICATED}">WHO</span> says so.`;
    const answer = first + second;
    const result = verifyProviderCitations(
      answer,
      [citeFromStart(answer, first, CITED), citeFromStart(answer, second, CITED, first.length)],
      [documentOf(CITED)],
    );
    expect(result.claims.map((c) => c.text)).toEqual([first]);
    expect(result.rejected.map((r) => [r.text, r.code])).toEqual([[second, 'quote_not_found']]);
  });

  it('refuses it when a code span or comment the text beside the claim opens shows the tag as text', () => {
    // A backtick before the claim pairs with one in it: the tag is code, its quotes are marks.
    expect(verdict('Per `', `<span title="${FABRICATED}">WHO</span>\` says aspirin reduces fever.`)).toBe(
      'quote_not_found',
    );
    // A comment opened before the claim and closed in it: what it hides is read on its own, its quotes marks.
    expect(verdict('Per <!-- ', `<span title="${FABRICATED}">--> says aspirin reduces fever.`)).toBe(
      'quote_not_found',
    );
    // A backtick after the claim closes a code span the claim opens.
    expect(
      verdict('Per ', `\`x <span title="${FABRICATED}">WHO</span> says aspirin reduces fever.`, '` ok.'),
    ).toBe('quote_not_found');
    // Controls: nothing beside the claim changes how it reads.
    expect(
      verdict('Per ', `<span title="${FABRICATED}">WHO</span> says aspirin reduces fever.`, ' ok.'),
    ).toBe('accepted');
    expect(verdict('Per `x` ', `<span title="${FABRICATED}">WHO</span> says aspirin reduces fever.`)).toBe(
      'accepted',
    );
  });
});

describe('quotationsPastClaims: a quotation inside a claim the text beside it reads otherwise', () => {
  const claim = `<span title="${FABRICATED}">WHO</span> says.`;
  const past = (before: string): string[] => {
    const answer = before + claim;
    const span = { start: before.length, end: answer.length };
    return (quotationsPastClaims(answer, [span], 12)[0] ?? []).map((q) => q.text);
  };

  it('gives the claim the quotation its line alone may hide, as one of its own', () => {
    expect(past('Per \\')).toEqual([FABRICATED]);
    expect(past('\\\\\\')).toEqual([FABRICATED]);
    expect(past('Per ')).toEqual([]);
    expect(past('Per \\\\')).toEqual([]);
  });

  it('shares it with no other claim (its spans are read alone)', () => {
    const outer = `Per \\${claim}`;
    const inner = { start: 5, end: outer.length };
    const found = quotationsPastClaims(outer, [{ start: 0, end: outer.length }, inner], 12);
    expect(found[0]).toEqual([]);
    expect(found[1]).toEqual([{ text: FABRICATED, claims: [1] }]);
  });
});
