// Linear time when each of many claims is asked for a glued word it does not hold: each claim is read once, not the
// answer from the claim's start onwards for each question (r21b #2). The method (CPU time of n against 8n, least of
// several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { createClaimWordFinder } from './create-claim-word-finder.js';

/** Claims `Item i alpha and beta<i> end.`, each asked whether it states `alphabeta<i>` (it does not). */
function make(size: number): () => number {
  let answer = '';
  const spans: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < size; i++) {
    const claim = `Item ${i} alpha and beta${i} end.`;
    spans.push({ start: answer.length, end: answer.length + claim.length });
    answer += `${claim} `;
  }
  return () => {
    const states = createClaimWordFinder(answer);
    let stated = 0;
    for (let i = 0; i < size; i++) if (states(`alphabeta${i}`, spans[i]!) !== false) stated++;
    return stated;
  };
}

describe('createClaimWordFinder', () => {
  it('grows linearly in the claims asked about, each read once', () => {
    expect(make(1000)()).toBe(0);
    expect(growth(make, 8000)).toBeLessThan(BOUND);
  }, 120_000);
});
