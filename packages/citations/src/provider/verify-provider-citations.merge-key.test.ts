import { describe, expect, it } from 'vitest';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

// Pairs of claims that normalisation folds to one text but the checks read as different words (see
// verify-answer.merge-key.test.ts): each claim cites the document that says it.
const APART: [string, string, string][] = [
  ['an exponent', '10² metres', '102 metres'],
  ['a signed exponent', '10⁻³ metres', '10-3 metres'],
  ['a letter exponent', '2ⁿ metres', '2n metres'],
  ['a circled numeral beside digits', '①500 metres', '1500 metres'],
  ['a Roman numeral character beside digits', 'Ⅱ50 metres', 'II50 metres'],
  ['a subscript beside digits', '10₂ metres', '102 metres'],
  ['a fraction', '½ metre', '1/2 metre'],
  ['a sign that reads as letters', 'Acme™Cloud metres', 'AcmeTMCloud metres'],
  ['a unit sign after a number', '5㎎ doses', '5mg doses'],
  ['a prime', 'f′ values', "f' values"],
];

// Honest duplicates, which still merge.
const ALIKE: [string, string, string][] = [
  ['case and spacing', '10² metres', '10²  METRES'],
  ['Unicode normal forms', 'café metres', 'cafe\u0301 metres'],
  ['look-alike quotes', "the site's metres", 'the site’s metres'],
  ['a subscript after a letter', 'CO₂ metres', 'CO2 metres'],
  ['a Roman numeral character alone', 'Ⅻ metres', 'XII metres'],
];

const sentence = (text: string) => `The site covers ${text}.`;
const documentsOf = (a: string, b: string): ProviderDocument[] =>
  [a, b].map((text, i) => ({
    documentId: `${'ab'[i]}`,
    chunkId: 'c',
    start: 0,
    end: sentence(text).length,
    text: sentence(text),
  }));

/** The answer of the two sentences, each citing the document that says it (or one past those sent, `offset` 4). */
function verify(a: string, b: string, offset = 0) {
  const answer = `${sentence(a)} ${sentence(b)}`;
  const cite = (text: string, at: number, index: number): ProviderCitation => ({
    document: { index: index + offset },
    answer: { start: at, end: at + sentence(text).length },
    citedText: sentence(text),
  });
  const citations = [cite(a, 0, 0), cite(b, sentence(a).length + 1, 1)];
  return verifyProviderCitations(answer, citations, documentsOf(a, b));
}

describe('verifyProviderCitations merge of duplicate claims', () => {
  it.each(APART)('keeps apart claims that differ by %s', (_, a, b) => {
    const result = verify(a, b);
    expect(result.claims.map((claim) => claim.citations.map((citation) => citation.documentId))).toEqual([
      ['a'],
      ['b'],
    ]);
    expect(result.duplicatesMerged).toBe(0);
  });

  it.each(APART)('keeps apart rejections that differ by %s', (_, a, b) => {
    const result = verify(a, b, 4);
    expect(result.rejected.map((claim) => [claim.code, claim.markers])).toEqual([
      ['unknown_document', [5]],
      ['unknown_document', [6]],
    ]);
    expect(result.duplicatesMerged).toBe(0);
  });

  it.each(ALIKE)('merges claims that differ only by %s', (_, a, b) => {
    const result = verify(a, b);
    expect(result.claims.map((claim) => claim.citations.map((citation) => citation.documentId))).toEqual([
      ['a', 'b'],
    ]);
    expect(result.duplicatesMerged).toBe(1);
  });
});
