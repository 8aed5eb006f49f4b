// Linear time on marker labels built to make a careless bracket pairing quadratic: a label of n `[` (each one opening a
// pairing that closes nowhere), and of n escaped or code-spanned `]` and nested brackets. The method (CPU time of n
// against 8n, least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const url = 'https://who.example/aspirin';
const text = 'Aspirin is used to reduce fever and mild pain, the WHO says.';
const documents = [{ documentId: 'file-1', chunkId: 'f#0', start: 0, end: text.length, text, uri: url }];

function make(label: string, withUrl: boolean): (size: number) => () => unknown {
  return (size) => {
    const before = 'Aspirin reduces fever ';
    const marker = `[${label.repeat(size)}](${withUrl ? url : 'sandbox:/mnt/data/who.csv'})`;
    const answer = `${before}${marker}.`;
    const citation: ProviderCitation = {
      document: { ids: ['file-1'] },
      answer: {
        start: before.length,
        end: before.length + marker.length,
        role: 'marker',
        ...(withUrl ? { url } : {}),
      },
    };
    return () => verifyProviderCitations(answer, [citation], documents);
  };
}

describe('verifyProviderCitations: link labels', () => {
  it.each([
    ['[', false, 16000],
    ['[', true, 16000],
    ['\\] `]` [a] ', false, 1600],
    ['\\] `]` [a] ', true, 1600],
  ] as const)(
    'grows linearly in a label of %j repeated (with a URL: %s)',
    (label, withUrl, n) => {
      const run = make(label, withUrl)(100) as () => { status: string };
      expect(run().status).toBe('rejected');
      expect(growth(make(label, withUrl), n)).toBeLessThan(BOUND);
    },
    120_000,
  );
});
