import { describe, expect, it } from 'vitest';
import { READ_ALIKE as ALIKE, READ_APART as APART } from '../__fixtures__/merge-pairs.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

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
