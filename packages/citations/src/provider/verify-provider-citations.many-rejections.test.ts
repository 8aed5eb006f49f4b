import { describe, expect, it } from 'vitest';
import { verifyProviderCitations } from './verify-provider-citations.js';

// A thirty-sixth review: past about 125,000 rejections a spread of the list overflowed the stack, so a 1 MB answer of
// uncited markers threw a RangeError with no code instead of refusing each.
describe('verifyProviderCitations with more rejections than a spread can hold', () => {
  const documents = [
    { documentId: 'a', chunkId: 'a', start: 0, end: 36, text: 'The grass is green. The sky is blue.' },
  ];

  it('refuses every uncited marker of a 1 MB answer', () => {
    const answer = `The grass is green. ${'A [7]. '.repeat(142_857)}`;
    const result = verifyProviderCitations(answer, [], documents);
    expect(result.status).toBe('rejected');
    expect(result.rejected).toHaveLength(142_857);
    expect(result.rejected.every((claim) => claim.code === 'marker_out_of_range')).toBe(true);
  });

  it('keeps a cited claim beside them', () => {
    const answer = `The grass is green. ${'A [7]. '.repeat(142_857)}`;
    const citation = {
      document: { index: 0 },
      answer: { start: 0, end: 19 },
      citedText: 'The grass is green.',
    };
    const result = verifyProviderCitations(answer, [citation], documents);
    expect(result.status).toBe('answered');
    expect(result.claims.map((claim) => claim.text)).toEqual(['The grass is green.']);
  });
});
