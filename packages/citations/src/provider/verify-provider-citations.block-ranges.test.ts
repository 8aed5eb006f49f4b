// A content_block_location's cited text is the cited blocks' texts concatenated (Anthropic: "the full text of
// the cited block range, concatenated"), however the caller's document joins its blocks (#1); a cited text that runs
// past the pages or blocks named says where it runs (#2).
import { describe, expect, it } from 'vitest';
import { blocksDocument, documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const BLOCKS = ['The notice period is three months.', 'Either party may end the contract in writing.'];
const ANSWER = 'The notice period is three months, and either party may end the contract in writing.';

const blockCitation = (start: number, end: number, citedText: string): ProviderCitation => ({
  type: 'content_block_location',
  document: { index: 0 },
  answer: { start: 0, end: ANSWER.length },
  location: { type: 'blocks', start, end },
  citedText,
});
function check(answer: string, citations: ProviderCitation[], document: ProviderDocument) {
  const result = verifyProviderCitations(answer, citations, [document]);
  return {
    accepted: result.claims.map((claim) => [claim.text, claim.citations.map((c) => c.text)]),
    rejected: result.rejected.map((r) => [r.code, r.message]),
  };
}

describe('verifyProviderCitations: a block range cited as its blocks concatenated ', () => {
  for (const separator of ['\n', ' ', '\n\n', '']) {
    it(`accepts blocks 0..1 cited as their texts joined with nothing, blocks joined by ${JSON.stringify(separator)}`, () => {
      const document = blocksDocument(BLOCKS, separator);
      const result = check(ANSWER, [blockCitation(0, 2, BLOCKS.join(''))], document);
      expect(result.rejected).toEqual([]);
      expect(result.accepted).toEqual([[ANSWER, [document.text]]]);
    });
  }

  it('accepts it with the spaces, quotes and dashes a cited text varies in', () => {
    const blocks = ['The period is “three months”.', 'Either party may end it.'];
    const document = blocksDocument(blocks, '\n');
    const result = check(
      ANSWER,
      [blockCitation(0, 2, 'The period is "three months".Either party may end it.')],
      document,
    );
    expect(result.rejected).toEqual([]);
  });

  it('accepts three blocks, and a range of the later ones', () => {
    const blocks = [...BLOCKS, 'Notice must be given in writing.'];
    const document = blocksDocument(blocks, '\n');
    expect(check(ANSWER, [blockCitation(0, 3, blocks.join(''))], document).rejected).toEqual([]);
    const later = check(ANSWER, [blockCitation(1, 3, blocks.slice(1).join(''))], document);
    expect(later.rejected).toEqual([]);
    expect(later.accepted[0]![1]).toEqual([blocks.slice(1).join('\n')]);
  });

  it('still refuses what is not exactly the named blocks, whole and in order', () => {
    const document = blocksDocument([...BLOCKS, 'Notice must be given in writing.'], '\n');
    const refused = (start: number, end: number, cited: string) =>
      check(ANSWER, [blockCitation(start, end, cited)], document).rejected.map(([code]) => code);
    // A word changed, the blocks swapped, a block left out, a prefix and a suffix joined at the boundary.
    expect(refused(0, 2, BLOCKS.join('').replace('three', 'six'))).toEqual(['span_mismatch']);
    expect(refused(0, 2, `${BLOCKS[1]}${BLOCKS[0]}`)).toEqual(['span_mismatch']);
    expect(refused(0, 3, BLOCKS.join(''))).toEqual(['span_mismatch']);
    expect(refused(0, 2, 'three months.Either party')).toEqual(['span_mismatch']);
    // The blocks cited, but not the range named.
    expect(refused(1, 3, BLOCKS.join(''))).toEqual(['span_mismatch']);
  });

  it('refuses blocks joined with nothing when a block boundary cuts a word, or the join glues two words', () => {
    const text = 'The period\nis three months.';
    const document = {
      ...documentOf(text),
      blocks: [
        { start: 0, end: 10 },
        { start: 11, end: 18 },
      ],
    };
    const result = check(ANSWER, [blockCitation(0, 2, 'The periodis thre')], document);
    expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
    const whole = {
      ...document,
      blocks: [
        { start: 0, end: 10 },
        { start: 11, end: 19 },
      ],
    };
    // `periodis` is no word the document shows (it shows `period` and `is` on two lines): a claim that states it is
    // refused; one that reads `period` and `is` apart cites the document's own text, separators included (r21 #4).
    const glued = 'The periodis three months.';
    expect(
      check(
        glued,
        [{ ...blockCitation(0, 2, 'The periodis three'), answer: { start: 0, end: glued.length } }],
        whole,
      ).rejected.map(([code]) => code),
    ).toEqual(['span_mismatch']);
    expect(check(ANSWER, [blockCitation(0, 2, 'The periodis three')], whole).accepted).toEqual([
      [ANSWER, ['The period\nis three']],
    ]);
  });
});

describe('verifyProviderCitations: a cited text that runs past the pages or blocks named ', () => {
  it('says it runs across pages, not that it occurs on the page named', () => {
    const first = 'The notice period is three';
    const text = `${first}\nmonths for both parties.`;
    const document: ProviderDocument = {
      ...documentOf(text),
      pages: [
        { start: 0, end: first.length },
        { start: first.length + 1, end: text.length },
      ],
    };
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 23 },
      location: { type: 'pages', start: 0, end: 1 },
      citedText: 'three months',
    };
    const [rejected] = check('Notice is three months.', [citation], document).rejected;
    expect(rejected![0]).toBe('location_mismatch');
    expect(rejected![1]).toContain('runs across pages 1..2');
    expect(rejected![1]).not.toContain('occurs on page 1');
  });

  it('says it runs across blocks', () => {
    const blocks = [
      'Rate Limits: The API allows 1000 requests per hour per key.',
      'Error Handling: The API returns codes.',
    ];
    const document = blocksDocument(blocks, '\n');
    const [rejected] = check(ANSWER, [blockCitation(0, 1, 'per key.\nError Handling')], document).rejected;
    expect(rejected![0]).toBe('location_mismatch');
    expect(rejected![1]).toContain('runs across blocks 0..1');
  });

  it('still names the one page it occurs on', () => {
    const text = 'Page one text.\nThe months for both parties.';
    const document: ProviderDocument = {
      ...documentOf(text),
      pages: [
        { start: 0, end: 14 },
        { start: 15, end: text.length },
      ],
    };
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 10 },
      location: { type: 'pages', start: 0, end: 1 },
      citedText: 'months for both parties',
    };
    const [rejected] = check('Notice is.', [citation], document).rejected;
    expect(rejected![1]).toContain('occurs on page 2');
  });
});

describe('verifyProviderCitations: a block range run together holds only what the blocks show', () => {
  const answerOf = (text: string, citedText: string, start = 0, end = 2): ProviderCitation => ({
    ...blockCitation(start, end, citedText),
    answer: { start: 0, end: text.length },
  });

  it('refuses a join over document text that lies between the blocks (a digit, a negation)', () => {
    // `The fee is 71,000 dollars.` with the `7` in no block: the span cited would hold it, the cited text does not.
    const fee = {
      ...documentOf('The fee is 71,000 dollars.'),
      blocks: [
        { start: 0, end: 11 },
        { start: 12, end: 26 },
      ],
    };
    const feeAnswer = 'The fee is 1,000 dollars.';
    expect(check(feeAnswer, [answerOf(feeAnswer, feeAnswer)], fee).accepted).toEqual([]);
    const not = {
      ...documentOf('Aspirin is not effective.'),
      blocks: [
        { start: 0, end: 11 },
        { start: 15, end: 25 },
      ],
    };
    const notAnswer = 'Aspirin is effective.';
    expect(check(notAnswer, [answerOf(notAnswer, notAnswer)], not).accepted).toEqual([]);
    const empty = {
      ...documentOf('Aspirin is\nnot\neffective.'),
      blocks: [
        { start: 0, end: 10 },
        { start: 11, end: 11 },
        { start: 15, end: 25 },
      ],
    };
    expect(check(notAnswer, [answerOf(notAnswer, 'Aspirin iseffective.', 0, 3)], empty).accepted).toEqual([]);
  });

  it('refuses a join that glues a word or number neither block shows (7 + 300, in + effective)', () => {
    for (const [blocks, whole] of [
      [['The blue whale weighs about 7', '300 tonnes.'], 'The blue whale weighs about 7300 tonnes.'],
      [['Aspirin is in', 'effective for headaches.'], 'Aspirin is ineffective for headaches.'],
    ] as const) {
      for (const separator of ['\n', ' ', '\n\n']) {
        const document = blocksDocument(blocks, separator);
        const result = check(whole, [answerOf(whole, whole)], document);
        expect(result.accepted, `${whole} ${JSON.stringify(separator)}`).toEqual([]);
        expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      }
    }
  });
});
