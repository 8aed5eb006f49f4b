// The label of an inline citation (`[label](url)`, OpenAI's url_citation) is shown with the claim before it: the claim
// answers for what it says, its quotations, identifiers, words and bidi controls checked with the claim's own (rt9 #2).
import { describe, expect, it } from 'vitest';
import type { ProviderCitation, VerifyProviderCitationsOptions } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const url = 'https://who.example/aspirin';
const text = 'Aspirin is used to reduce fever and mild pain, the WHO says.';
const documents = [{ documentId: 'who', chunkId: 'who#0', start: 0, end: text.length, text, uri: url }];

/** `before` and then an inline citation `[label](url)` (in parentheses when `wrapped`), then `after`. */
function inline(before: string, label: string, options?: VerifyProviderCitationsOptions, wrapped = false) {
  const link = `[${label}](${url})`;
  const marker = wrapped ? `(${link})` : link;
  const answer = `${before}${marker}.`;
  const citation: ProviderCitation = {
    type: 'url_citation',
    document: { ids: [url] },
    answer: { start: before.length, end: before.length + marker.length, role: 'marker', url },
  };
  return verifyProviderCitations(answer, [citation], documents, options);
}
const code = (verification: ReturnType<typeof inline>) => verification.rejected[0]?.code ?? 'ok';

describe('verifyProviderCitations: the label of an inline citation', () => {
  it.each([false, true])(
    'refuses a fabricated quotation in the label (wrapped in parentheses: %s)',
    (wrapped) => {
      const verification = inline(
        'Aspirin reduces fever ',
        'WHO: "aspirin cures cancer in every patient"',
        {},
        wrapped,
      );
      expect(verification.claims).toEqual([]);
      expect(verification.rejected).toMatchObject([
        { code: 'quote_not_found', text: 'Aspirin reduces fever' },
      ]);
    },
  );

  // rt10 #2: joined, the claim and its label would form a tag that hides the label's quotation; each is read alone too.
  it.each([
    ['Aspirin reduces fever <span title=', '"aspirin cures cancer in every patient">'],
    ['Aspirin reduces fever <span title=', "'aspirin cures cancer in every patient'>"],
    ['Aspirin reduces fever <img alt=', '"WHO" title="aspirin cures cancer in every patient">'],
    [
      'Aspirin reduces fever <a href="https://who.example/aspirin"',
      ' title="aspirin cures cancer in every patient">',
    ],
  ])('refuses a quotation in a label that the join with %j would hide in a tag', (before, label) => {
    const verification = inline(before, label);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['quote_not_found']);
  });

  it.each(['', ' ', '-', '#', '>', '↗', '    WHO'])(
    'accepts a label %j that says nothing on its own',
    (label) => {
      expect(code(inline('Aspirin reduces fever ', label))).toBe('ok');
    },
  );

  // r14 #2: with no text before it, the marker has no claim; its label's words are no statement standing in for one.
  it.each([
    ['', ' and more'],
    ['**', '** and more'],
  ])(
    'refuses a marker after %j as a claim with no statement (empty_claim), however its label reads',
    (before, after) => {
      const link = `[Aspirin cures cancer](${url})`;
      const answer = `${before}${link}${after}.`;
      const citation: ProviderCitation = {
        document: { index: 0 },
        answer: { start: before.length, end: before.length + link.length, role: 'marker', url },
        location: { type: 'offsets', start: 0, end: 7, unit: 'utf16' },
      };
      const verification = verifyProviderCitations(answer, [citation], documents);
      expect(verification.status).toBe('rejected');
      expect(verification.claims).toEqual([]);
      expect(verification.rejected).toMatchObject([{ code: 'empty_claim', text: before }]);
    },
  );

  it('refuses an identifier in the label that the cited page does not hold', () => {
    expect(code(inline('Aspirin reduces fever, see ', 'https://evil.example/cure'))).toBe(
      'unknown_identifier',
    );
    expect(code(inline('Aspirin reduces fever, see ', 'doi 10.1000/fake1'))).toBe('unknown_identifier');
  });

  it('reads the label with the claim under support, and its bidi controls as the claim’s own', () => {
    const prose = 'Aspirin also cures cancer and diabetes, the WHO confirms';
    expect(code(inline('Aspirin reduces fever. ', prose))).toBe('ok'); // prose is not checked without support
    expect(code(inline('Aspirin reduces fever. ', prose, { support: {} }))).toBe('unsupported');
    expect(code(inline('Aspirin reduces fever ', 'WHO \u202e12 mg\u202c'))).toBe('unsupported');
  });

  it('accepts a label the cited page bears out: its title, its site, a quotation it holds', () => {
    expect(code(inline('Aspirin reduces fever ', 'who.example'))).toBe('ok');
    expect(code(inline('Aspirin reduces fever ', 'WHO: "used to reduce fever and mild pain"'))).toBe('ok');
    expect(code(inline('Aspirin reduces fever ', 'the WHO says', { support: {} }))).toBe('ok');
  });
});

describe("verifyProviderCitations: a link label that is its link's host", () => {
  // `[www.reuters.com](https://www.reuters.com/…)`, as OpenAI writes a url_citation: the label names the link it
  // wraps, not a URL the cited page must hold (r21 #5). Any other host or a path is still read as an identifier.
  function hostLabel(label: string, link: string, uri = link) {
    const before = 'Revenue rose 5% in 2024 ';
    const marker = `([${label}](${link}))`;
    const answer = `${before}${marker}.`;
    const text = 'Revenue rose 5% in 2024 according to the annual report.';
    const citation: ProviderCitation = {
      type: 'url_citation',
      document: { ids: [link] },
      answer: { start: before.length, end: before.length + marker.length, role: 'marker', url: link },
    };
    const document = { documentId: 'r', chunkId: 'r#0', start: 0, end: text.length, text, uri };
    return code(verifyProviderCitations(answer, [citation], [document]));
  }
  const REUTERS = 'https://www.reuters.com/business/revenue-2024/?utm_source=openai';

  it.each([
    ['www.reuters.com', REUTERS],
    ['reuters.com', REUTERS],
    ['WWW.Reuters.com', REUTERS],
    ['www.apnews.com', 'https://apnews.com/article/abc?utm_source=openai'],
  ])('accepts the label %j of %j', (label, link) => {
    expect(hostLabel(label, link)).toBe('ok');
  });

  it.each([
    ['www.evil.example', REUTERS],
    ['www.reuters.com.evil.io', REUTERS],
    ['www.reuters.com/fake-story', REUTERS],
    ['www.reuters.com', 'https://www.reuters.com@evil.example/business'],
  ])('still reads the label %j of %j as an identifier the page must hold', (label, link) => {
    expect(hostLabel(label, link)).toBe('unknown_identifier');
  });
});

describe('verifyProviderCitations: inline citations side by side', () => {
  const sites = ['https://a.example/fever', 'https://b.example/pain', 'https://c.example/who'];
  const sourceText = 'Aspirin is used to reduce fever and mild pain.';
  const sources = sites.map((uri, i) => ({
    documentId: `d${i}`,
    chunkId: `d${i}#0`,
    start: 0,
    end: sourceText.length,
    text: sourceText,
    uri,
  }));
  /**
   * `claim`, then a link to each site in `links` in parentheses (as OpenAI writes them), joined by `between`, then
   * `.`: one url_citation per link, its answer span the parenthesised link.
   */
  function sideBySide(claim: string, links: number[], between = ' ') {
    let answer = claim;
    const citations: ProviderCitation[] = [];
    links.forEach((site, k) => {
      answer += k === 0 ? ' ' : between;
      const link = `([${new URL(sites[site]!).host}](${sites[site]}))`;
      citations.push({
        type: 'url_citation',
        document: { ids: [sites[site]!] },
        answer: { start: answer.length, end: answer.length + link.length, role: 'marker', url: sites[site] },
      });
      answer += link;
    });
    return verifyProviderCitations(`${answer}.`, citations, sources);
  }

  // A second link's claim ran to its start and held the first link, whose URL no source of the second holds: the
  // claim was rejected as unknown_identifier (found at the end of a review; this test fails against the code before).
  it.each([
    [[0, 1], ' '],
    [[0, 1, 2], ' '],
    [[2, 0], ', '],
    [[1, 1], ' '],
  ])('reads links %j (joined by %j) after one claim as that claim’s citations', (links, between) => {
    const verification = sideBySide('Aspirin is used to reduce fever and mild pain', links, between);
    expect(verification.rejected).toEqual([]);
    expect(verification.claims).toHaveLength(1);
    expect(verification.claims[0]!.text).toBe('Aspirin is used to reduce fever and mild pain');
    expect(verification.claims[0]!.citations.map((c) => c.documentId)).toEqual([
      ...new Set(links.map((site) => `d${site}`)),
    ]);
  });

  it('still reads words between two links as a claim of the second: a made-up quotation there is refused', () => {
    const verification = sideBySide(
      'Aspirin is used to reduce fever and mild pain',
      [0, 1],
      ' and "it cures cancer" ',
    );
    expect(verification.rejected).toHaveLength(1);
    expect(verification.rejected[0]!.text).toContain('"it cures cancer"');
    expect(verification.claims.map((claim) => claim.text)).toEqual([
      'Aspirin is used to reduce fever and mild pain',
    ]);
  });
});
