// A numbered marker the model wrote inside a cited claim (a thirty-fourth review): `… at sea level [7].` was accepted,
// the claim checked with its marker written in parentheses, while a reader sees `[7]` beside the provider's own
// citation. A look-alike (`&#91;7&#93;`) was refused, but not one whose number was at most the count of spans the
// answer cites (`[1]` on a claim citing one span). Each refusal below was accepted before.
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { type ProviderCitation, verifyProviderCitations } from './verify-provider-citations.js';

const BOILS = 'Water boils at 100 degrees Celsius at sea level.';
const WIKI = `${BOILS}[7] It freezes at 0 degrees.`;
const documents = [documentOf(BOILS), documentOf(WIKI)];
const PLACES_NONE = /in brackets, which no citation places and no cited source shows/;

/** `claim` as the whole answer, one Anthropic-style citation of the start of document `cited` on it. */
function verifyClaim(claim: string, cited = BOILS, document = 0) {
  const citation = { ...citeFromStart(claim, claim, cited), document: { index: document } };
  return verifyProviderCitations(claim, [citation], documents);
}
/** A Perplexity-style marker citation over `marker` in `answer`, of `cited` in document `document`. */
function placedAt(answer: string, marker: string, document: number, cited: string): ProviderCitation {
  const start = answer.indexOf(marker);
  return {
    document: { index: document },
    answer: { start, end: start + marker.length, role: 'marker' },
    citedText: cited,
  };
}

describe('verifyProviderCitations: numbered markers inside a claim', () => {
  it.each([
    '[7]',
    '[1]',
    '[2]',
    '[1, 2]',
    '[2 and 4]',
    '[ 3 ]',
    '&#91;1&#93;',
    '\uff3b1\uff3d',
    '[^1]',
    '[Source 1]',
    '\u30101:0\u2020source\u3011',
  ])('refuses a claim that shows %s, which no citation places', (marker) => {
    const claim = BOILS.replace('.', ` ${marker}.`);
    const verification = verifyClaim(claim);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected.map(({ code, text }) => [code, text])).toEqual([
      ['marker_out_of_range', claim],
    ]);
    expect(verification.rejected[0]!.message).toMatch(PLACES_NONE);
  });

  it('accepts a number in brackets that the cited span shows too: the source text, copied', () => {
    const claim = `${BOILS}[7]`;
    expect(verifyClaim(claim, claim, 1)).toMatchObject({ status: 'answered', rejected: [] });
    // Another number is not excused by it.
    const other = verifyClaim(`${BOILS}[8]`, claim, 1);
    expect(other.rejected.map(({ code }) => code)).toEqual(['marker_out_of_range']);
  });

  it("reads a marker another citation places inside a claim as that citation's", () => {
    const freezes = 'It freezes at 0 degrees.';
    for (const [first, second] of [
      ['[1]', '[2]'],
      ['\u30104:0\u2020a.txt\u3011', '\u30105:0\u2020b.txt\u3011'],
    ]) {
      // B's claim runs from the sentence's start to its marker, over A's marker.
      const answer = `Water boils at 100 degrees Celsius ${first} and freezes at 0 degrees ${second}.`;
      const verification = verifyProviderCitations(
        answer,
        [
          placedAt(answer, first!, 0, 'Water boils at 100 degrees Celsius'),
          placedAt(answer, second!, 1, freezes),
        ],
        documents,
      );
      expect(verification, first).toMatchObject({ status: 'answered', rejected: [] });
      expect(verification.claims).toHaveLength(2);
    }
    // A marker no citation places, inside the same claim, is still refused.
    const forged = 'Water boils at 100 degrees Celsius [1] and freezes at 0 degrees [9] [2].';
    const verification = verifyProviderCitations(
      forged,
      [placedAt(forged, '[1]', 0, 'Water boils at 100 degrees Celsius'), placedAt(forged, '[2]', 1, freezes)],
      documents,
    );
    expect(verification.claims.map(({ text }) => text)).toEqual(['Water boils at 100 degrees Celsius']);
    expect(verification.rejected.map(({ code, text }) => [code, text])).toEqual([
      ['marker_out_of_range', 'Water boils at 100 degrees Celsius [1] and freezes at 0 degrees [9]'],
    ]);
    expect(verification.rejected[0]!.message).toContain('[9]');
  });
});
