// Scale: quotations that many cited passages nearly hold. `size` passages of 100 words, each but the last one word
// short of the quotation, and `size` claims each quoting the 100 words (in a case mix of its own) and citing every
// passage: n against 8n is about 8 times the text, and was 64 times the index walks (each claim walked every passage
// for almost the whole quotation). The search budget per call (8 times the answer and the passages) keeps the walks
// linear; the claims past it are refused (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

const LENGTH = 100;
const WORDS = Array.from({ length: LENGTH }, (_, k) => `w${k}`);

function make(size: number, ranges: boolean): () => void {
  const passages: Passage[] = Array.from({ length: size }, (_, i) => {
    const text = i === size - 1 ? `${WORDS.join(' ')} end${i}` : `${WORDS.slice(0, -1).join(' ')} zz end${i}`;
    return { documentId: `d${i}`, chunkId: `c${i}`, start: 0, end: text.length, text };
  });
  const marker = ranges ? `[1-${size}]` : Array.from({ length: size }, (_, i) => `[${i + 1}]`).join('');
  const quote = (j: number): string =>
    WORDS.map((w, k) => ((j >> (k % 12)) & 1 ? w.toUpperCase() : w)).join(' ');
  const answer = Array.from({ length: size }, (_, j) => `Claim ${j} says "${quote(j)}" ${marker}.`).join(' ');
  return () => {
    const { claims, rejected } = verifyAnswer(answer, passages, { ranges });
    // Each claim is accepted (found in the last passage) or refused as a quotation not checked: none is lost.
    if (claims.length + rejected.length !== size) throw new Error('a claim was lost');
    if (rejected.some((r) => r.code !== 'quote_not_found')) throw new Error('wrong verdict');
  };
}

describe('verifyAnswer: quotations that many cited passages nearly hold', { timeout: 120_000 }, () => {
  it('grows linearly with range markers', () => {
    expect(growth((size) => make(size, true), 32)).toBeLessThan(BOUND);
  });

  it('grows linearly with markers written one by one', () => {
    expect(growth((size) => make(size, false), 32)).toBeLessThan(BOUND);
  });
});
