import { describe, expect, it } from 'vitest';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

// Documents as a RAG app sends them: each a passage of a larger document, its text exactly as sent.
const LEAFLET = 'The grass is green. The sky is blue. Water boils at 100 °C at sea level.';
const RULING = 'The court ruled in ECLI:NL:HR:2020:1234 that the lease ends. See doi 10.1000/xyz123.';
const documents: ProviderDocument[] = [
  { documentId: 'leaflet', chunkId: 'leaflet#0', start: 200, end: 200 + LEAFLET.length, text: LEAFLET },
  {
    documentId: 'ruling',
    chunkId: 'ruling#3',
    start: 0,
    end: RULING.length,
    text: RULING,
    uri: 'https://example.org/ruling',
  },
];

// The answer an Anthropic-style response assembles from its text blocks; citations cover whole blocks.
const ANSWER = 'According to the documents: the grass is green and the sky is blue.';
const claimSpan = (text: string) => ({
  start: ANSWER.indexOf(text),
  end: ANSWER.indexOf(text) + text.length,
});
const charLocation = (
  claim: string,
  start: number,
  end: number,
  citedText: string,
  index = 0,
): ProviderCitation => ({
  type: 'char_location',
  document: { index },
  label: `document_index ${index}`,
  answer: claimSpan(claim),
  location: { type: 'offsets', start, end, unit: 'code-point' },
  citedText,
});
const GRASS = charLocation('the grass is green', 0, 20, 'The grass is green. ');
const SKY = charLocation('the sky is blue', 20, 36, 'The sky is blue.');

describe('verifyProviderCitations', () => {
  it('builds every accepted citation from the documents sent, at the offsets that hold the cited text', () => {
    const verification = verifyProviderCitations(ANSWER, [GRASS, SKY], documents);
    expect(verification).toEqual({
      status: 'answered',
      claims: [
        {
          text: 'the grass is green',
          span: claimSpan('the grass is green'),
          citations: [
            {
              source: 1,
              documentId: 'leaflet',
              chunkId: 'leaflet#0',
              start: 200,
              end: 220,
              text: 'The grass is green. ',
            },
          ],
        },
        {
          text: 'the sky is blue',
          span: claimSpan('the sky is blue'),
          citations: [
            {
              source: 1,
              documentId: 'leaflet',
              chunkId: 'leaflet#0',
              start: 220,
              end: 236,
              text: 'The sky is blue.',
            },
          ],
        },
      ],
      rejected: [],
      citations: expect.any(Array),
      duplicatesMerged: 0,
    });
    expect(verification.citations.map((citation) => citation.start)).toEqual([200, 220]);
  });

  it('rejects a cited text the document does not hold there (span_mismatch), with both texts in the message', () => {
    const forged = charLocation('the sky is blue', 20, 36, 'The sky is green');
    const { rejected, claims } = verifyProviderCitations(ANSWER, [GRASS, forged], documents);
    expect(claims.map((claim) => claim.text)).toEqual(['the grass is green']);
    expect(rejected).toEqual([
      {
        text: 'the sky is blue',
        span: claimSpan('the sky is blue'),
        code: 'span_mismatch',
        markers: [1],
        message:
          'Citation 2 (char_location) cites 20..36 (code points) of document [1] ("leaflet"), which holds "The sky is blue.", but its cited text is "The sky is green"; expected the same text up to whitespace, quote and dash variants.',
      },
    ]);
  });

  it('accepts a cited text that differs only in whitespace, quote and dash variants or invisible characters', () => {
    const text = 'He said \u201cno\u201d \u2014 twice.\u00a0\u00a0Then\u200b left.';
    const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 7 },
      location: { type: 'offsets', start: 0, end: text.length, unit: 'utf16' },
      citedText: 'He said "no" - twice. Then left.',
    };
    expect(verifyProviderCitations('He left.', [citation], [document]).status).toBe('answered');
    const blank = { ...citation, citedText: ' \u200b ' };
    expect(verifyProviderCitations('He left.', [blank], [document]).rejected[0]?.code).toBe('span_mismatch');
  });

  it('rejects offsets shifted by one unit in either direction, and offsets past the end', () => {
    for (const [start, end] of [
      [21, 37],
      [19, 35],
      [20, 37],
    ] as const) {
      const shifted = charLocation('the sky is blue', start, end, 'The sky is blue.');
      expect(verifyProviderCitations(ANSWER, [shifted], documents).rejected.map((r) => r.code)).toEqual([
        'span_mismatch',
      ]);
    }
    const past = charLocation('the sky is blue', 60, 80, 'The sky is blue.');
    const [rejection] = verifyProviderCitations(ANSWER, [past], documents).rejected;
    expect(rejection).toMatchObject({ code: 'offsets_out_of_range', markers: [1] });
    expect(rejection!.message).toContain(`(0..${LEAFLET.length})`);
    for (const [start, end] of [
      [30, 20],
      [20, 20],
      [-1, 5],
      [0.5, 5],
    ] as const) {
      const bad = charLocation('the sky is blue', start, end, 'The sky is blue.');
      expect(verifyProviderCitations(ANSWER, [bad], documents).rejected[0]?.code).toBe(
        'offsets_out_of_range',
      );
    }
  });

  it('rejects a document index that was never sent, and a source that is none of the documents', () => {
    const unsent = charLocation('the sky is blue', 20, 36, 'The sky is blue.', 5);
    const web: ProviderCitation = {
      type: 'web_search_result_location',
      document: { ids: ['https://elsewhere.example/sky'] },
      answer: claimSpan('the sky is blue'),
      citedText: 'The sky is blue.',
    };
    const nothing: ProviderCitation = {
      document: null,
      label: 'grounding chunk 9',
      answer: claimSpan('the sky is blue'),
    };
    const { rejected, status } = verifyProviderCitations(ANSWER, [unsent, web, nothing], documents);
    expect(status).toBe('rejected');
    expect(rejected.map(({ code, markers, message }) => ({ code, markers, message }))).toEqual([
      {
        code: 'unknown_document',
        markers: [6],
        message:
          'Citation 1 (char_location) names document 5 (document_index 5), which was never sent; expected an index in 0..1.',
      },
      {
        code: 'unknown_document',
        markers: [],
        message:
          'Citation 2 (web_search_result_location) names "https://elsewhere.example/sky", which matches no document\'s documentId or uri; expected one of the documents sent.',
      },
      {
        code: 'unknown_document',
        markers: [],
        message: 'Citation 3 names grounding chunk 9, which is none of the documents sent.',
      },
    ]);
  });

  it('finds a document by documentId or uri and locates a cited text that comes without offsets', () => {
    const chunk: ProviderCitation = {
      type: 'grounding_support',
      document: { ids: ['https://example.org/ruling'] },
      answer: { start: 0, end: 29 },
      citedText: 'ruled in ECLI:NL:HR:2020:1234',
    };
    const { claims } = verifyProviderCitations(
      'The court decided in ECLI:NL:HR:2020:1234.',
      [chunk],
      documents,
    );
    expect(claims[0]?.citations).toEqual([
      {
        source: 2,
        documentId: 'ruling',
        chunkId: 'ruling#3',
        start: 10,
        end: 39,
        text: 'ruled in ECLI:NL:HR:2020:1234',
      },
    ]);
    const absent = { ...chunk, citedText: 'ruled in ECLI:NL:HR:2021:9999' };
    expect(
      verifyProviderCitations('The court decided in ECLI:NL:HR:2020:1234.', [absent], documents).rejected[0],
    ).toMatchObject({
      code: 'span_mismatch',
      markers: [2],
    });
  });

  it('finds a cited text in the first of the chunks one id names, or where its offsets hold it', () => {
    // Chunks of one file share its documentId: one search over all of them (rt9 #5), with the same answers.
    const texts = [
      'Intro to the report.',
      'The fee is 10 euros.',
      'Now: the fee is 10 euros again.',
      'The end.',
    ];
    let at = 0;
    const chunks: ProviderDocument[] = texts.map((text, i) => {
      const chunk = {
        documentId: 'report.pdf',
        chunkId: `report.pdf#${i}`,
        start: at,
        end: at + text.length,
        text,
      };
      at += text.length + 1;
      return chunk;
    });
    const cite = (citedText: string, extra: Partial<ProviderCitation> = {}): ProviderCitation => ({
      document: { ids: ['report.pdf'] },
      answer: { start: 0, end: 13 },
      citedText,
      ...extra,
    });
    const resolve = (citation: ProviderCitation) => {
      const verification = verifyProviderCitations('The fee is 10.', [citation], chunks);
      return verification.citations.map((c) => [c.source, c.text]).at(0) ?? verification.rejected[0]?.code;
    };
    expect(resolve(cite('fee is 10 euros'))).toEqual([2, 'fee is 10 euros']);
    expect(resolve(cite('10 euros again.'))).toEqual([3, '10 euros again.']);
    expect(resolve(cite('fee is 20 euros'))).toBe('span_mismatch');
    // Words that run from one chunk into the next are in neither.
    expect(resolve(cite('report. The fee'))).toBe('span_mismatch');
    // Offsets decide where the words first occurring elsewhere are cited.
    const offsets = { type: 'offsets', start: 4, end: 19, unit: 'utf16' } as const;
    expect(resolve(cite('fee is 10 euros', { location: offsets }))).toEqual([2, 'fee is 10 euros']);
    expect(resolve(cite('fee is 10 euros', { location: { ...offsets, start: 9, end: 24 } }))).toEqual([
      3,
      'fee is 10 euros',
    ]);
  });

  it('matches an id against every documentId first, then against uri (a review found document order deciding)', () => {
    const other = 'The deposit is returned within 30 days.';
    const own = 'The lease ends after three months.';
    const named: ProviderDocument[] = [
      { documentId: 'A', chunkId: 'A#0', start: 0, end: other.length, text: other, uri: 'X' },
      { documentId: 'X', chunkId: 'X#0', start: 0, end: own.length, text: own },
    ];
    const cite = (ids: string[]): ProviderCitation => ({ document: { ids }, answer: { start: 0, end: 15 } });
    const cited = (ids: string[]) =>
      verifyProviderCitations('The lease ends.', [cite(ids)], named).citations.map((c) => c.documentId);
    expect(cited(['X'])).toEqual(['X']);
    expect(cited(['A'])).toEqual(['A']);
    // A uri no documentId is still names its document.
    const byUri = named.map((document, i) =>
      i === 0 ? document : { ...document, documentId: 'Y', chunkId: 'Y#0' },
    );
    expect(
      verifyProviderCitations('The lease ends.', [cite(['X'])], byUri).citations.map((c) => c.documentId),
    ).toEqual(['A']);
  });

  it('cites the whole passage when the provider gives neither offsets nor a cited text', () => {
    const file: ProviderCitation = {
      type: 'file_citation',
      document: { ids: ['ruling'] },
      answer: { start: 0, end: 9 },
    };
    expect(verifyProviderCitations('The lease ends.', [file], documents).citations).toEqual([
      { source: 2, documentId: 'ruling', chunkId: 'ruling#3', start: 0, end: RULING.length, text: RULING },
    ]);
  });

  it('resolves page and block locations to the pages or blocks named, and nowhere else', () => {
    const text = 'Page one says hello. Page two says the fee is 10 euros. Page three is empty.';
    const pages = [
      { start: 0, end: 20 },
      { start: 21, end: 55 },
      { start: 56, end: text.length },
    ];
    const pdf: ProviderDocument = {
      documentId: 'pdf',
      chunkId: 'pdf#0',
      start: 0,
      end: text.length,
      text,
      pages,
      blocks: pages,
    };
    const on = (start: number, end: number, type: 'pages' | 'blocks' = 'pages'): ProviderCitation => ({
      document: { index: 0 },
      answer: { start: 0, end: 11 },
      location: { type, start, end },
      citedText: 'the fee is 10 euros.',
    });
    const answer = 'The fee is 10 euros.';
    expect(verifyProviderCitations(answer, [on(1, 2)], [pdf]).citations[0]).toMatchObject({
      start: 35,
      end: 55,
    });
    expect(verifyProviderCitations(answer, [on(0, 3)], [pdf]).status).toBe('answered');
    expect(verifyProviderCitations(answer, [on(1, 2, 'blocks')], [pdf]).status).toBe('answered');
    const wrong = verifyProviderCitations(answer, [on(2, 3)], [pdf]).rejected[0]!;
    expect(wrong.code).toBe('location_mismatch');
    expect(wrong.message).toContain('on pages 3..3 of document [1] ("pdf"), but it occurs on page 2');
    expect(verifyProviderCitations(answer, [on(2, 3, 'blocks')], [pdf]).rejected[0]?.message).toContain(
      'on blocks 2..2 of document [1] ("pdf"), but it occurs on block 1',
    );
    for (const [start, end] of [
      [3, 4],
      [1, 1],
      [-1, 1],
      [2, 1],
    ] as const) {
      expect(verifyProviderCitations(answer, [on(start, end)], [pdf]).rejected[0]?.code).toBe(
        'offsets_out_of_range',
      );
    }
    const { pages: _, ...withoutPages } = pdf;
    const missing = verifyProviderCitations(answer, [on(1, 2)], [withoutPages]).rejected[0]!;
    expect(missing).toMatchObject({ code: 'offsets_out_of_range' });
    expect(missing.message).toContain('which has no page boundaries (pages)');
    const nowhere = { ...on(1, 2), citedText: 'the fee is 12 euros.' };
    expect(verifyProviderCitations(answer, [nowhere], [pdf]).rejected[0]?.code).toBe('span_mismatch');
    const whole = { ...on(1, 2), citedText: undefined };
    expect(verifyProviderCitations(answer, [whole], [pdf]).citations[0]).toMatchObject({
      start: 21,
      end: 55,
    });
  });

  it('checks the provider’s copy of the answer span (answer_mismatch) and that the span exists (answer_out_of_range)', () => {
    const segment = (start: number, end: number, text?: string): ProviderCitation => ({
      document: { index: 0 },
      answer: { start, end, unit: 'utf8', ...(text === undefined ? {} : { text }) },
      citedText: 'The sky is blue.',
    });
    const answer = 'Der Himmel ist blau. Ja.';
    expect(verifyProviderCitations(answer, [segment(0, 20, 'Der Himmel ist blau.')], documents).status).toBe(
      'answered',
    );
    expect(
      verifyProviderCitations(answer, [segment(1, 21, 'Der Himmel ist blau.')], documents).rejected[0],
    ).toMatchObject({
      code: 'answer_mismatch',
      text: 'er Himmel ist blau.',
    });
    expect(verifyProviderCitations(answer, [segment(0, 99)], documents).rejected[0]).toMatchObject({
      code: 'answer_out_of_range',
      span: { start: 0, end: 0 },
      markers: [],
    });
    expect(verifyProviderCitations(answer, [segment(5, 5)], documents).rejected[0]?.code).toBe(
      'answer_out_of_range',
    );
    const part = { ...segment(0, 3), answer: { start: 0, end: 3, within: { start: 21, end: 24 } } };
    expect(verifyProviderCitations(answer, [part], documents).claims[0]?.text).toBe('Ja.');
    const outside = { ...part, answer: { ...part.answer, within: { start: 21, end: 99 } } };
    expect(verifyProviderCitations(answer, [outside], documents).rejected[0]?.code).toBe(
      'answer_out_of_range',
    );
  });

  it('attaches an inline citation marker to the sentence before it, and checks that it links to its URL', () => {
    const url = 'https://example.org/ruling?utm_source=openai';
    const answer = `The lease ends by ruling ECLI:NL:HR:2020:1234. ([example.org](${url})) It was 2020.`;
    const start = answer.indexOf('([');
    const end = answer.indexOf(')) ') + 2;
    const marker = (from: number, to: number): ProviderCitation => ({
      type: 'url_citation',
      document: { ids: [url, 'https://example.org/ruling'] },
      answer: { start: from, end: to, role: 'marker', url },
    });
    const { claims } = verifyProviderCitations(answer, [marker(start, end)], documents);
    expect(claims.map((claim) => [claim.text, claim.citations.map((c) => c.source)])).toEqual([
      ['The lease ends by ruling ECLI:NL:HR:2020:1234.', [2]],
    ]);
    for (const [from, to] of [
      [start + 1, end + 1],
      [start - 1, end - 1],
    ]) {
      expect(verifyProviderCitations(answer, [marker(from!, to!)], documents).rejected[0]?.code).toBe(
        'answer_mismatch',
      );
    }
    const point: ProviderCitation = {
      type: 'file_citation',
      document: { ids: ['ruling'] },
      answer: { start: 46, end: 46, role: 'marker' },
    };
    expect(verifyProviderCitations(answer, [point], documents).claims[0]?.text).toBe(
      'The lease ends by ruling ECLI:NL:HR:2020:1234.',
    );
    const inside = { ...point, answer: { start: 24, end: 24, role: 'marker' as const } };
    expect(verifyProviderCitations(answer, [inside], documents).claims[0]?.text).toBe(
      'The lease ends by ruling',
    );
    const first = { ...point, answer: { start: 0, end: 0, role: 'marker' as const } };
    expect(verifyProviderCitations(answer, [first], documents).rejected[0]?.code).toBe('empty_claim');
  });

  it('runs the claim checks of verifyAnswer against the cited spans: identifiers, quotations, support', () => {
    const answer =
      'The lease ends under ECLI:NL:HR:2020:9999. The court said "the lease ends quickly". Pigs fly.';
    const cite = (claim: string, citedText: string): ProviderCitation => ({
      document: { index: 1 },
      answer: { start: answer.indexOf(claim), end: answer.indexOf(claim) + claim.length },
      location: {
        type: 'offsets',
        start: RULING.indexOf(citedText),
        end: RULING.indexOf(citedText) + citedText.length,
        unit: 'utf16',
      },
      citedText,
    });
    const citations = [
      cite('The lease ends under ECLI:NL:HR:2020:9999.', 'ECLI:NL:HR:2020:1234 that the lease ends.'),
      cite('The court said "the lease ends quickly".', 'The court ruled'),
      cite('Pigs fly.', 'See doi'),
    ];
    expect(verifyProviderCitations(answer, citations, documents).rejected.map((r) => r.code)).toEqual([
      'unknown_identifier',
      'quote_not_found',
    ]);
    expect(
      verifyProviderCitations(answer, citations, documents, {
        support: {},
        identifiers: [],
        quotes: false,
      }).rejected.map((r) => r.code),
    ).toEqual(['unsupported', 'unsupported']);
  });

  it('rejects a claim with any failing citation, or keeps its verified ones under drop-citation', () => {
    const unsent = charLocation('the sky is blue', 20, 36, 'The sky is blue.', 7);
    const strict = verifyProviderCitations(ANSWER, [SKY, unsent], documents);
    expect(strict.claims).toEqual([]);
    expect(strict.rejected.map((r) => r.code)).toEqual(['unknown_document']);
    const lenient = verifyProviderCitations(ANSWER, [SKY, unsent], documents, { policy: 'drop-citation' });
    expect(lenient.claims.map((claim) => claim.citations.length)).toEqual([1]);
    expect(lenient.rejected.map((r) => r.code)).toEqual(['unknown_document']);
  });

  it('merges identical claims and identical rejections, and abstains without citations', () => {
    const answer = 'The sky is blue. The sky is blue.';
    const cite = (at: number, index = 0): ProviderCitation => ({
      document: { index },
      answer: { start: at, end: at + 16 },
      location: { type: 'offsets', start: 20, end: 36, unit: 'utf16' },
      citedText: 'The sky is blue.',
    });
    const merged = verifyProviderCitations(answer, [cite(0), cite(17)], documents);
    expect(merged.claims).toHaveLength(1);
    expect(merged.claims[0]?.duplicates).toEqual([{ start: 17, end: 33 }]);
    expect(merged.duplicatesMerged).toBe(1);
    const rejected = verifyProviderCitations(answer, [cite(0, 4), cite(17, 5)], documents);
    expect(rejected.rejected.map((r) => [r.markers, r.duplicates])).toEqual([
      [[5, 6], [{ start: 17, end: 33 }]],
    ]);
    expect(verifyProviderCitations(answer, [], documents)).toEqual({
      status: 'abstained',
      claims: [],
      rejected: [],
      citations: [],
      duplicatesMerged: 0,
    });
  });
});
