// Linear time when many citations name the first page or block while their cited text lies on the last: the
// location_mismatch message says where it lies, found by a binary search over the ordered spans, not a scan of them
// per citation (r21 #2). The method (CPU time of n against 8n, least of several runs) is the repository's: see
// tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { blocksDocument } from '../__fixtures__/provider-document.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

/** `size` one-word pages or blocks `W0.`, `W1.`, …, and `size` citations of the first whose text is the last's. */
function make(
  type: 'pages' | 'blocks',
): (size: number) => () => { rejected: Array<{ code: string; message: string }> } {
  return (size) => {
    const words = Array.from({ length: size }, (_, i) => `W${i}.`);
    const document = blocksDocument(words, '\n', type);
    const citations: ProviderCitation[] = Array.from({ length: size }, () => ({
      document: { index: 0 },
      answer: { start: 0, end: 6 },
      location: { type, start: 0, end: 1 },
      citedText: `W${size - 1}.`,
    }));
    return () => verifyProviderCitations('Claim.', citations, [document], { quotes: false });
  };
}

describe('verifyProviderCitations: where a cited text off its pages or blocks lies', () => {
  it.each(['pages', 'blocks'] as const)(
    'grows linearly when every citation of the first of many %s cites the last',
    (type) => {
      const result = make(type)(100)();
      expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['location_mismatch']));
      expect(result.rejected[0]!.message).toContain(
        type === 'pages' ? 'occurs on page 100' : 'occurs on block 99',
      );
      expect(growth(make(type), 2000)).toBeLessThan(BOUND);
    },
    120_000,
  );
});
