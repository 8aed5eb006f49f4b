// Linear time when many block citations of one long claim each glue a different word across a join: each asks
// whether the claim states its word (see createClaimWordFinder), read within a budget, not the claim once per citation
// (r21 #1). The method (CPU time of n against 8n, least of several runs) is the repository's: see
// tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { blocksDocument } from '../__fixtures__/provider-document.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

/**
 * Blocks `Price i` · `00 units.` for i < size, each pair cited by one citation: of the answer's sentence i, which says
 * them apart, or (`long`) of the whole answer.
 */
function make(
  size: number,
  long: boolean,
): () => { citations: unknown[]; rejected: Array<{ code: string }> } {
  const document = blocksDocument(
    Array.from({ length: size }, (_, i) => [`Price ${i}`, '00 units.']).flat(),
    '\n',
  );
  const sentences = Array.from({ length: size }, (_, i) => `Price ${i} for 00 units.`);
  const answer = sentences.join(' ');
  const starts = sentences.map((_, i) => answer.indexOf(`Price ${i} `));
  const citations: ProviderCitation[] = sentences.map((sentence, i) => ({
    type: 'content_block_location',
    document: { index: 0 },
    answer: long
      ? { start: 0, end: answer.length }
      : { start: starts[i]!, end: starts[i]! + sentence.length },
    location: { type: 'blocks', start: 2 * i, end: 2 * i + 2 },
    citedText: `Price ${i}00 units.`,
  }));
  return () =>
    verifyProviderCitations(answer, citations, [document], {
      quotes: false,
      identifiers: [],
      policy: 'drop-citation',
    });
}

describe('verifyProviderCitations: block joins', () => {
  it('grows linearly when many citations each glue a different number across a join their claim reads apart', () => {
    const result = make(100, false)();
    expect(result.rejected).toEqual([]);
    expect(result.citations).toHaveLength(100);
    expect(growth((size) => make(size, false), 400)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when they all cite one long claim, read within a budget', () => {
    const result = make(100, true)();
    expect(result.citations.length).toBeGreaterThan(0);
    expect(growth((size) => make(size, true), 400)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when one word runs across every join of many one-letter blocks', () => {
    const make = (size: number) => {
      const parts = ['Key ', ...Array.from({ length: size }, () => 'a'), ' listed.'];
      const document = blocksDocument(parts, '\n');
      const answer = 'The key is listed.';
      const citation: ProviderCitation = {
        type: 'content_block_location',
        document: { index: 0 },
        answer: { start: 0, end: answer.length },
        location: { type: 'blocks', start: 0, end: parts.length },
        citedText: parts.join(''),
      };
      return () => verifyProviderCitations(answer, [citation], [document], {});
    };
    expect(make(100)().citations).toHaveLength(1);
    expect(growth(make, 500)).toBeLessThan(BOUND);
  }, 120_000);
});
