// A block range cited as its blocks run together (Anthropic's content_block_location) reads each join as the package
// reads words (see createWordCuts): a word or number formed across a join, past invisible characters (`7` · `\u200b300`)
// or by a decimal or group separator or sign (`2.` · `5`, `7` · `,300`, `-` · `40`), is no text of the document, so a
// claim that states it is refused (r21 #1). A claim that does not state it is accepted: the run-together text is the
// provider's, and the citation is the document's own text, separators included (r21 #4).
import { describe, expect, it } from 'vitest';
import { blocksDocument } from '../__fixtures__/provider-document.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

/** The answer `claim` citing blocks 0..1 of `blocks` (joined by `separator`) with `citedText`: codes and spans. */
function check(claim: string, blocks: readonly string[], separator: string, citedText = blocks.join('')) {
  const citation: ProviderCitation = {
    type: 'content_block_location',
    document: { index: 0 },
    answer: { start: 0, end: claim.length },
    location: { type: 'blocks', start: 0, end: blocks.length },
    citedText,
  };
  const result = verifyProviderCitations(claim, [citation], [blocksDocument(blocks, separator)], {
    support: {},
  });
  return {
    accepted: result.citations.map((c) => c.text),
    rejected: result.rejected.map((r) => [r.code, r.message] as const),
  };
}

const INVISIBLE = ['\u200b', '\ufeff', '\u200e', '\u2060', '\u00ad'];

describe('verifyProviderCitations: a block join read as the package reads words', () => {
  for (const invisible of INVISIBLE) {
    for (const separator of ['\n', ' ']) {
      const name = `U+${invisible.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, ${JSON.stringify(separator)}`;
      it(`refuses a number glued past an invisible character at the join (${name})`, () => {
        for (const blocks of [
          ['The ship weighs about 7', `${invisible}300 tonnes.`],
          [`The ship weighs about 7${invisible}`, '300 tonnes.'],
        ]) {
          for (const cited of [blocks.join(''), 'The ship weighs about 7300 tonnes.']) {
            const result = check('The ship weighs about 7300 tonnes.', blocks, separator, cited);
            expect(result.accepted, JSON.stringify([blocks, cited])).toEqual([]);
            expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
          }
        }
      });

      it(`refuses a word glued past an invisible character at the join (${name})`, () => {
        const blocks = ['The treatment was in', `${invisible}effective in trials.`];
        const result = check('The treatment was ineffective in trials.', blocks, separator);
        expect(result.accepted).toEqual([]);
        expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      });
    }
  }

  it.each([
    [
      ['Serious adverse events: 2.', '5 patients withdrew.'],
      'Serious adverse events: 2.5 patients withdrew.',
    ],
    [['The ship weighs about 7', ',300 tonnes.'], 'The ship weighs about 7,300 tonnes.'],
    [['The ship weighs about 7', ',300 tonnes.'], 'The ship weighs about 7300 tonnes.'],
    [['Revenue change: -', '40 percent.'], 'Revenue change: -40 percent.'],
    [['The ship weighs about 7', '300 tonnes.'], 'The ship weighs about 7\u2009300 tonnes.'],
  ])('refuses a number formed across a join by a separator or sign: %j', (blocks, claim) => {
    for (const separator of ['\n', ' ']) {
      const result = check(claim, blocks, separator);
      expect(result.accepted).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      expect(result.rejected[0]![1]).toContain('which the claim states');
    }
  });

  it('accepts blocks run together when the claim states no word formed across the join', () => {
    const claim = 'The notice period is three months and fees are waived.';
    for (const blocks of [
      ['Notice period: three months', 'Fees: waived'],
      ['The notice period is three months', 'Fees are waived'],
      ['Notice period: three months', '\u200bFees: waived'],
    ]) {
      for (const separator of ['\n', ' ']) {
        const result = check(claim, blocks, separator);
        expect(result.rejected, JSON.stringify([blocks, separator])).toEqual([]);
        expect(result.accepted).toEqual([blocks.join(separator)]);
      }
    }
    // Numbers too, when the claim reads them apart.
    const apart = check('The price is 100 for 200 units.', ['Price 100', '200 units'], '\n');
    expect(apart.rejected).toEqual([]);
    expect(apart.accepted).toEqual(['Price 100\n200 units']);
  });

  it('refuses the claim that states the word run together, whatever its case or separators', () => {
    const blocks = ['Notice period: three months', 'Fees: waived'];
    for (const claim of ['Notice period: three monthsFees waived.', 'Three MONTHSFEES waived.']) {
      const result = check(claim, blocks, '\n');
      expect(result.accepted).toEqual([]);
      expect(result.rejected[0]![1]).toContain('"monthsFees"');
    }
    expect(check('The price is 100200 units.', ['Price 100', '200 units'], '\n').accepted).toEqual([]);
    expect(check('The price is 100,200 units.', ['Price 100', '200 units'], '\n').accepted).toEqual([]);
  });

  it('still accepts blocks whose join forms nothing (a sentence ends, a sign stands apart)', () => {
    const claim = 'The notice period is three months and fees are waived.';
    const blocks = ['The notice period is three months.', 'Fees are waived.'];
    for (const separator of ['\n', ' ', '']) {
      expect(check(claim, blocks, separator).accepted).toEqual([blocks.join(separator)]);
    }
  });
});
