// Markup in the text no citation covers acts on the claims beside it (a thirty-third review): `<bdo dir=rtl>` before a
// cited sentence shows it reversed (`100` as `001`), `<p dir="rtl">` or `style` reorders or restyles it, and a tag
// opened before a claim makes the claim's words its attributes (`<svg ` · a claim holding `onload=…` · `>` runs the
// handler), while the claim's own check reads its text alone. Each case below was accepted before, with no rejection.
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { type VerifyProviderCitationsOptions, verifyProviderCitations } from './verify-provider-citations.js';

const SENTENCE = 'Water boils at 100 degrees Celsius at sea level.';
const HANDLER = 'Handlers such as onload=alert(document.domain) run when the element loads.';
const documents = [documentOf(SENTENCE), documentOf(HANDLER)];

/** `answer` with one Anthropic-style citation of document `cited` (0: SENTENCE, 1: HANDLER) on each of `claims`. */
function verify(answer: string, claims: string[], cited = 0, options?: VerifyProviderCitationsOptions) {
  let from = 0;
  const citations = claims.map((claim) => {
    const citation = citeFromStart(answer, claim, documents[cited]!.text, from);
    from = citation.answer.end;
    return { ...citation, document: { index: cited } };
  });
  return verifyProviderCitations(answer, citations, documents, options);
}
const refusals = (verification: ReturnType<typeof verify>) =>
  verification.rejected.map(({ code, text, markers }) => [code, text, markers]);
const REORDERS = /^The tag .* in text no citation covers can reorder what is shown/;

describe('verifyProviderCitations: markup in text no citation covers', () => {
  it.each([
    [`<bdo dir=rtl>${SENTENCE}</bdo>`, '<bdo dir=rtl>'],
    [`<p dir="rtl">${SENTENCE}</p>`, '<p dir="rtl">'],
    [`<span style="color:white">${SENTENCE}</span>`, '<span style="color:white">'],
    [`<style>p{direction:rtl}</style>${SENTENCE}`, '<style>'],
    [`In short: <span DIR='RTL'>${SENTENCE}</span>`, "<span DIR='RTL'>"],
    [`${SENTENCE}\n\n<div dir=rtl>\n\nMore to come.\n\n</div>`, '<div dir=rtl>'],
    [`<svg><text direction="rtl">${SENTENCE}</text></svg>`, '<text direction="rtl">'],
    [`<span/dir=rtl>${SENTENCE}</span>`, '<span/dir=rtl>'],
  ])('refuses the reordering tag in %j', (answer, text) => {
    const verification = verify(answer, [SENTENCE]);
    expect(verification.claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    expect(refusals(verification)).toEqual([['unsupported', text, []]]);
    expect(verification.rejected[0]!.message).toMatch(REORDERS);
  });

  it('refuses a reordering tag with the identifier rules off, and in an answer without citations', () => {
    expect(refusals(verify(`<bdo dir=rtl>${SENTENCE}</bdo>`, [SENTENCE], 0, { identifiers: [] }))).toEqual([
      ['unsupported', '<bdo dir=rtl>', []],
    ]);
    const uncited = verifyProviderCitations(`<bdo dir=rtl>${SENTENCE}</bdo>`, [], documents);
    expect(uncited.status).toBe('rejected');
    expect(refusals(uncited)).toEqual([['unsupported', '<bdo dir=rtl>', []]]);
  });

  it('reads a tag opened before a claim through the claim: its words are the tag attributes', () => {
    // The handler is the document's prose, not its markup: a page that shows the answer runs it.
    expect(refusals(verify(`<svg ${HANDLER}>`, [HANDLER], 1))).toEqual([['unknown_identifier', '<svg ', []]]);
    expect(refusals(verify(`Note: <svg x ${HANDLER}> end.`, [HANDLER], 1))).toEqual([
      ['unknown_identifier', '<svg x ', []],
    ]);
    const invented = HANDLER.replace('alert(document.domain)', 'fetch(1)');
    const verification = verify(`<b ${invented}>`, [invented], 1);
    expect(refusals(verification)).toEqual([['unknown_identifier', '<b ', []]]);
    expect(verification.rejected[0]!.message).toContain('links "javascript:fetch(1)"');
    // A reordering attribute after the claim, in the same tag.
    expect(refusals(verify(`<p title="${SENTENCE}" dir=rtl>x</p>`, [SENTENCE]))).toEqual([
      ['unsupported', '<p title="', []],
    ]);
    expect(refusals(verify(`<div style="${SENTENCE}">x</div>`, [SENTENCE]))).toEqual([
      ['unsupported', '<div style="', []],
    ]);
  });

  it('reads a tag that runs from uncited text over a claim into a second one as one tag', () => {
    const second = 'Water boils';
    const answer = `<svg ${SENTENCE} onload=fetch(1) ${second}>`;
    expect(refusals(verify(answer, [SENTENCE, second]))).toEqual([['unknown_identifier', '<svg ', []]]);
  });

  it('refuses an identifier outside the claims once, with the tag that holds it', () => {
    const verification = verify(`<img ${SENTENCE} src=https://evil.example/a.png>`, [SENTENCE]);
    expect(refusals(verification)).toEqual([['unknown_identifier', '<img ', []]]);
  });

  it('leaves alone markup that reorders nothing and links nothing, and tags inside a claim (its own check)', () => {
    expect(refusals(verify(`<b>${SENTENCE}</b> <em>Indeed.</em>`, [SENTENCE]))).toEqual([]);
    expect(refusals(verify(`<p title="note">${SENTENCE}</p>`, [SENTENCE]))).toEqual([]);
    // A tag inside the claim is the claim's: its check refuses a reordering one there.
    const inside = `${SENTENCE} <bdo dir=rtl>100</bdo>`;
    expect(refusals(verify(`${inside} And so on.`, [inside]))).toEqual([['unsupported', inside, [1]]]);
  });
});
