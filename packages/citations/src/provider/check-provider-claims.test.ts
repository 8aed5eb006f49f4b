import { describe, expect, it } from 'vitest';
import type { Citation, Passage } from '../types.js';
import { checkProviderClaims } from './check-provider-claims.js';

const RULING = 'The court ruled in ECLI:NL:HR:2020:1234 that the lease ends on 1 May.';
const LEAFLET = 'The grass is green. The sky is blue.';
const documents: Passage[] = [
  {
    documentId: 'leaflet',
    chunkId: 'leaflet#0',
    start: 0,
    end: LEAFLET.length,
    text: LEAFLET,
  },
  {
    documentId: 'ruling',
    chunkId: 'ruling#2',
    start: 500,
    end: 500 + RULING.length,
    text: RULING,
  },
];

/** A resolved citation of `quote` in document `source` (1-based). */
const cite = (source: number, quote: string): Citation => {
  const document = documents[source - 1]!;
  const at = document.text.indexOf(quote);
  return {
    source,
    documentId: document.documentId,
    chunkId: document.chunkId,
    start: document.start + at,
    end: document.start + at + quote.length,
    text: quote,
  };
};

describe('checkProviderClaims', () => {
  it('returns nothing for no claims and null for each claim that passes', () => {
    expect(checkProviderClaims([], documents, {})).toStrictEqual([]);
    expect(
      checkProviderClaims(
        [
          {
            text: 'The grass is green.',
            citations: [cite(1, 'The grass is green.')],
          },
          {
            text: 'The lease ends on 1 May.',
            citations: [cite(2, 'the lease ends on 1 May.')],
          },
        ],
        documents,
        {},
      ),
    ).toStrictEqual([null, null]);
  });

  it('keeps a claim that would open a code fence, an HTML comment or other hiding markup from hiding the claims after it', () => {
    // Each claim is a line of one answer: a fence opened by one would make the lines after it code, without markers.
    // Code is no claim, so a claim turned into code would pass unchecked: the fabricated ECLI must still be found.
    const claims = (first: string) => [
      { text: first, citations: [cite(1, 'The grass is green.')] },
      { text: 'It was decided in ECLI:NL:HR:2020:9999.', citations: [cite(2, 'The court ruled')] },
      { text: 'The sky is blue.', citations: [cite(1, 'The sky is blue.')] },
    ];
    for (const first of [
      '```The grass is green.',
      '~~~ The grass is green.',
      '> ```` The grass is green.',
      'The grass is green. <!-- hidden',
      'The grass is green. <? hidden',
      'The grass is green. <![CDATA[ hidden',
      'The grass is green. <!x hidden',
    ])
      expect(checkProviderClaims(claims(first), documents, {}).map((outcome) => outcome?.code)).toStrictEqual(
        [undefined, 'unknown_identifier', undefined],
      );
  });

  it('names the document source number, not the cited span number, in a rejection message', () => {
    const outcomes = checkProviderClaims(
      [
        {
          text: 'The grass is green.',
          citations: [cite(1, 'The grass is green.')],
        },
        {
          text: 'It was decided in ECLI:NL:HR:2020:9999.',
          citations: [cite(2, 'The court ruled')],
        },
      ],
      documents,
      {},
    );
    expect(outcomes).toStrictEqual([
      null,
      {
        code: 'unknown_identifier',
        message:
          'Claim "It was decided in ECLI:NL:HR:2020:9999. [2]" names ecli "ECLI:NL:HR:2020:9999", which does not occur in its cited sources [2]; expected every identifier to come from a cited passage.',
      },
    ]);
  });

  it('renumbers two-digit span numbers in a message to the source numbers', () => {
    const words = ['The', 'grass', 'is', 'green.', 'sky', 'blue.', 'The grass', 'grass is', 'is green'];
    const claims = words.map((word) => ({
      text: `It says ${word}.`,
      citations: [cite(1, word)],
    }));
    claims.push({
      text: 'Row 10 cites ECLI:NL:HR:2020:9999.',
      citations: [cite(2, 'The court ruled')],
    });
    const outcomes = checkProviderClaims(claims, documents, {});
    expect(outcomes.slice(0, 9)).toStrictEqual(Array(9).fill(null));
    expect(outcomes[9]).toStrictEqual({
      code: 'unknown_identifier',
      message:
        'Claim "Row 10 cites ECLI:NL:HR:2020:9999. [2]" names ecli "ECLI:NL:HR:2020:9999", which does not occur in its cited sources [2]; expected every identifier to come from a cited passage.',
    });
  });

  it('checks a claim against every span it cites, each with its document title and uri', () => {
    const titled: Passage[] = [
      { ...documents[0]!, title: 'Leaflet 10.1000/leaf42' },
      { ...documents[1]!, uri: 'https://example.org/ruling' },
    ];
    expect(
      checkProviderClaims(
        [
          {
            text: 'The grass is green and ECLI:NL:HR:2020:1234 applies.',
            citations: [cite(1, 'The grass is green.'), cite(2, 'ECLI:NL:HR:2020:1234')],
          },
          {
            text: 'See doi 10.1000/leaf42 for the sky.',
            citations: [cite(1, 'The sky is blue.')],
          },
          {
            text: 'Read https://example.org/ruling today.',
            citations: [cite(2, 'The court ruled')],
          },
        ],
        titled,
        {},
      ),
    ).toStrictEqual([null, null, null]);
  });

  it('puts each rejection on the claim it belongs to, among many short claims', () => {
    const texts = ['Sky is blue.', 'Grass is green.', 'Sky is blue.', 'Grass is green.', 'Sky is blue.'];
    const claims = [...texts, 'Grass green.', 'Sky blue.', 'Pigs fly.', 'Sky is blue.'].map((text) => ({
      text,
      citations: [cite(1, text.startsWith('Sky') ? 'The sky is blue.' : 'The grass is green.')],
    }));
    const outcomes = checkProviderClaims(claims, documents, { support: {} });
    expect(outcomes.map((outcome) => outcome?.code ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'unsupported',
      null,
    ]);
  });

  it('reads a number in brackets in the claim text as a marker no citation places, and line breaks as spaces', () => {
    // Before, each such marker was written in parentheses and accepted: the reader sees `[ 3 ]`, which names nothing.
    const placesNone = (text: string, numbers: string, source = 1) =>
      `Claim "${text} [${source}]" shows, written as text, ${numbers} in brackets, which no citation places and no cited source shows; expected markers only where the provider's citations place them.`;
    const claims = [
      { text: 'The grass [ 3 ] is green.', citations: [cite(1, 'The grass is green.')] },
      { text: 'Rows [3-4] are blue [2]', citations: [cite(1, 'The sky is blue.')] },
      {
        text: 'The lease\nends [7][b] under\r\nECLI:NL:HR:2020:9999.',
        citations: [cite(2, 'The court ruled')],
      },
      { text: 'The lease\nends [b] under\r\nECLI:NL:HR:2020:9999.', citations: [cite(2, 'The court ruled')] },
      // One another citation placed in the claim (`A [1] and B [2]`: B's claim holds `[1]`) is that citation's.
      {
        text: 'The grass [1] and the sky are blue',
        citations: [cite(1, 'The sky is blue.')],
        placed: [{ start: 10, end: 13 }],
      },
    ];
    expect(checkProviderClaims(claims, documents, {})).toStrictEqual([
      { code: 'marker_out_of_range', message: placesNone('The grass [ 3 ] is green.', '3') },
      { code: 'marker_out_of_range', message: placesNone('Rows [3-4] are blue [2]', '2') },
      {
        code: 'marker_out_of_range',
        message: placesNone('The lease ends [7][b] under ECLI:NL:HR:2020:9999.', '7', 2),
      },
      {
        code: 'unknown_identifier',
        message:
          'Claim "The lease ends [b] under ECLI:NL:HR:2020:9999. [2]" names ecli "ECLI:NL:HR:2020:9999", which does not occur in its cited sources [2]; expected every identifier to come from a cited passage.',
      },
      null,
    ]);
    // A number a cited span shows in brackets too is its text, copied (a footnote mark of the source's own).
    const footnoted: Passage = { ...documents[0]!, text: 'The grass is green.[3] The sky is blue.' };
    const copied = { ...cite(1, 'The grass is green.'), end: 22, text: 'The grass is green.[3]' };
    expect(
      checkProviderClaims([{ text: 'The grass is green.[3]', citations: [copied] }], [footnoted], {}),
    ).toStrictEqual([null]);
  });
});
