// Linear time on marker labels built to make a careless bracket pairing quadratic: a label of n `[` (each one opening a
// pairing that closes nowhere), and of n escaped or code-spanned `]` and nested brackets. The method (CPU time of n
// against 8n, least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { markedAnswer, WHO_DOCUMENTS, WHO_FILE, WHO_URL as url } from '../__fixtures__/who-marker.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

function make(label: string, withUrl: boolean): (size: number) => () => unknown {
  return (size) => {
    const { answer, citation } = markedAnswer(
      `[${label.repeat(size)}](${withUrl ? url : WHO_FILE})`,
      withUrl,
    );
    return () => verifyProviderCitations(answer, [citation], WHO_DOCUMENTS);
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
