// An inline citation's marker is a link to its URL only as the answer around it shows it (found by a review, r16; these
// tests fail against the code before): a URL that is the label of a link elsewhere, a URL that is only the start of a
// longer one, and a markdown link shown as an image, as escaped text or as code are no links to it.
import { describe, expect, it } from 'vitest';
import type { ProviderCitation, VerifyProviderCitationsOptions } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const U = 'https://b.example/';
const TEXT = 'Intro. Water is wet and the sky is blue.';

/** One url_citation to `url` whose marker is the first `marker` in `answer` (code points, as OpenAI counts). */
function verify(answer: string, marker: string, url = U, options: VerifyProviderCitationsOptions = {}) {
  const at = [...answer.slice(0, answer.indexOf(marker))].length;
  const citation: ProviderCitation = {
    type: 'url_citation',
    document: { ids: [url] },
    answer: { start: at, end: at + [...marker].length, unit: 'code-point', role: 'marker', url },
  };
  const documents = [{ documentId: url, uri: url, chunkId: 'c', start: 0, end: TEXT.length, text: TEXT }];
  return verifyProviderCitations(answer, [citation], documents, options);
}
const outcome = (verification: ReturnType<typeof verify>) =>
  verification.rejected.length > 0
    ? verification.rejected.map((claim) => claim.code).join(',')
    : verification.claims.map((claim) => claim.text).join(' | ');

describe('verifyProviderCitations: an inline citation is a link where it stands', () => {
  it.each([
    `Water is wet. ([${U}](https://evil.example/))`,
    `Water is wet. [${U}](https://evil.example/)`,
    `Water is wet. [${U}][r]\n\n[r]: https://evil.example/`,
    `Water is wet. [\n${U}\n](https://evil.example/)`,
    `Water is wet. [ **${U}** ](https://evil.example/)`,
    `Water is wet. [(${U})](https://evil.example/)`,
  ])('refuses a bare URL that is the label of a link elsewhere: %j', (answer) => {
    const marker = answer.includes(`(${U})`) ? `(${U})` : U;
    expect(outcome(verify(answer, marker))).toBe('answer_mismatch');
    expect(outcome(verify(answer, marker, U, { support: {} }))).toBe('answer_mismatch');
  });

  it.each([
    ['Water is wet https://b.example.evil.example/ .', 'https://b.example'],
    ['Water is wet https://b.example@evil.example/ today.', 'https://b.example'],
    // (`8080@evil.example`, outside the marker and the claim, is read as an address no citation covers)
    ['Water is wet https://b.example:8080@evil.example/ today.', 'https://b.example', ',unknown_identifier'],
    [`Water is wet. ${U}redirect?to=https://evil.example/`, U],
    [`Water is wet. ${U}]evil`, U],
    [`Water is wet. (${U}evil)`, U],
    [`Water is wet. https://evil.example/?u=${U}`, U],
    [`Water is wet. https://evil.example/(${U})`, `(${U})`],
    [`Water is wet. x${U}`, U],
    [`Water is wet. <a href="https://evil.example/">${U}</a>`, U],
    ['Water is wet (https://b.example/a(b).', 'https://b.example/a(b'],
    ['Water is wet. https://b.example/a). Yes.', 'https://b.example/a)'],
    ['Water is wet. https://b.example/a. Yes.', 'https://b.example/a.'],
    ['Water is wet. https://b.example/a_(b).', 'https://b.example/a_('],
    ['Water is wet. https://b.example/?a&amp; today', 'https://b.example/?a&amp'],
    [`Water is wet (${U}'s page).`, U],
  ])('refuses a bare URL that a linkifier reads into a longer one: %j', (answer, url, more = '') => {
    const marker = answer.includes(`(${url})`) ? `(${url})` : url;
    expect(outcome(verify(answer, marker, url))).toBe(`answer_mismatch${more}`);
  });

  it.each([
    `Water is wet. ![b](${U})`,
    `Water is wet. \\[b](${U})`,
    `Water is wet. \`[b](${U})\``,
    `Water is wet. \`x ${U} y\``,
    `Water is wet. <span title="[b](${U})">x</span>`,
  ])('refuses a marker shown as an image, escaped text or code: %j', (answer) => {
    const marker = answer.includes(`[b](${U})`) ? `[b](${U})` : U;
    expect(outcome(verify(answer, marker))).toBe('answer_mismatch');
  });

  it.each([
    [`Water is wet. ${U}`, U, U],
    [`Water is wet. ${U} The sky is blue.`, U, U],
    [`Water is wet (${U}).`, `(${U})`, U],
    [`Water is wet (${U}).`, U, U],
    [`Water is wet, see ${U}, today.`, U, U],
    [`Water is wet: **${U}**.`, U, U],
    [`Water is wet. <${U}>`, U, U],
    ['Water is wet (https://b.example/a_(b)).', 'https://b.example/a_(b)', 'https://b.example/a_(b)'],
    [`Water is wet. ([b.example](${U}))`, `([b.example](${U}))`, U],
    [`Water is wet. [b](${U})`, `[b](${U})`, U],
  ])('accepts an honest link %j', (answer, marker, url) => {
    const verification = verify(answer, marker, url);
    expect(verification.rejected).toEqual([]);
    expect(verification.claims.map((claim) => claim.citations[0]?.documentId)).toEqual([url]);
  });
});

// Found by a second look at r16 (these tests fail against the code before): cmark-gfm's autolink extension ends a bare
// URL only at an ASCII space (tab, line feed, vertical tab, form feed, carriage return, space) or `<`, so a URL runs on
// past a no-break or other Unicode space; and it drops a trailing `;` unless it ends an entity-like `&alnum;` run.
describe('verifyProviderCitations: a bare URL ends where cmark-gfm ends it', () => {
  it.each(['\u00a0', '\u3000', '\u2003', '\u2028', '\u202f'])(
    'refuses a bare URL that runs on past a Unicode space %j',
    (space) => {
      const url = 'https://b.example';
      const after = `Water is wet ${url}${space}@evil.example/ today.`;
      expect(outcome(verify(after, url, url))).toBe('answer_mismatch');
      expect(outcome(verify(after, url, url, { support: {} }))).toBe('answer_mismatch');
      // A link before the marker runs on through the Unicode space too: the marker is in evil.example's link.
      const before = `Water is wet https://evil.example/?x=${space}${U} today.`;
      expect(outcome(verify(before, U))).toBe('answer_mismatch');
    },
  );

  it.each([
    ['Water is wet https://b.example/?a&amp; today', 'https://b.example/?a&amp'],
    ['Water is wet https://b.example/?a&x1; today', 'https://b.example/?a&x1'],
    ['Water is wet https://b.example/?a&1; today', 'https://b.example/?a&1'],
  ])('refuses a bare URL whose `;` ends an entity-like run: %j', (answer, url) => {
    expect(outcome(verify(answer, url, url))).toBe('answer_mismatch');
  });

  it.each([
    ['Water is wet, per https://b.example/water; the sky is blue.', 'https://b.example/water'],
    ['Water is wet (see https://b.example/water; the sky is blue).', 'https://b.example/water'],
    ['Water is wet, per https://b.example/a1; the sky is blue.', 'https://b.example/a1'],
    ['Water is wet, per https://b.example/?a=&#39; the sky is blue.', 'https://b.example/?a=&#39'],
    ['Water is wet, per https://b.example/water;; the sky is blue.', 'https://b.example/water'],
    [`Water is wet.\u00a0 ${U} today.`, U],
    [`Water is wet\n${U}\ttoday.`, U],
  ])('accepts an honest bare URL %j', (answer, url) => {
    const verification = verify(answer, url, url);
    expect(verification.rejected).toEqual([]);
    expect(verification.claims.map((claim) => claim.citations[0]?.documentId)).toEqual([url]);
  });

  it('refuses the link after an honest one that no citation marks (text no citation covers is read too)', () => {
    const verification = verify(
      'Water is wet (see https://b.example/water; https://c.example/).',
      `${U}water`,
      `${U}water`,
    );
    expect(verification.claims.map((claim) => claim.text)).toEqual(['Water is wet (see']);
    expect(verification.rejected.map(({ code, text }) => [code, text])).toEqual([
      ['unknown_identifier', 'https://c.example/).'],
    ]);
  });
});
