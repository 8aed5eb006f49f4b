// Reading quotation marks costs time linear in the answer, measured as CPU time at n and 8n
// (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { findQuotations } from './find-quotations.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer } from './verify-answer.js';

// A look-alike opening mark, then many look-alike closing marks that each find math (a ket, `|y⟩`) back to it: the
// mark stays open, and every closing mark asks again.
const SHAPES: Record<string, (size: number) => string> = {
  '<<…>> with a bar before every closing mark': (size) => `<<a b${' c|d>>'.repeat(size)}`,
  '⟨…⟩ with a bar before every closing mark': (size) => `⟨a${' x|y⟩'.repeat(size)}`,
  '« left open, ≫ after a spaced bar': (size) => `«a b${' c | d≫ e'.repeat(size)} [1].`,
  'nested look-alikes, each inner pair closed': (size) => `⟨a::b ${'<<c>>. |d⟩ '.repeat(size)}`,
};

describe('findQuotations: linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it.each(Object.keys(SHAPES))('verifyAnswer over %s', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      return () => verifyAnswer(answer, PASSAGES);
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it.each(Object.keys(SHAPES))('findQuotations over %s', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      const units = splitClaims(answer);
      return () => findQuotations(answer, units);
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it.each(Object.keys(SHAPES))('createAnswerVerifier fed 4 KB pieces of %s', (name) => {
    const make = (size: number) => {
      const answer = SHAPES[name]!(size);
      return () => {
        const verifier = createAnswerVerifier(PASSAGES);
        for (let i = 0; i < answer.length; i += 4096) verifier.push(answer.slice(i, i + 4096));
        verifier.end();
      };
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });
});
