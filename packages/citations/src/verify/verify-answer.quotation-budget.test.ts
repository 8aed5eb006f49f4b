// A review found verifyAnswer superlinear when many claims quote text that many passages nearly hold: each claim's
// quotation was walked through every cited passage's index for almost its whole length before failing there
// (quotations × cited passages × quotation length; 224 KB took 2 s, 1.8 MB 34 s). The search for quotations now
// shares one budget per call (8 times the answer and the passages), and a quotation the budget leaves unlocated is
// refused, never accepted unchecked; a quotation written again in another claim is searched once per passage.
import { StringMap } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

/**
 * `size` passages of `size` words; each but the last stops one word short of the quotation (`w0 … w{size-2} zz`),
 * and `size` claims each quote all `size` words and cite every passage. With `vary`, each claim writes the words in
 * its own mix of cases: the same words to the search, a different quotation as written.
 */
function nearlyHeld(size: number, { ranges = true, vary = true } = {}) {
  const words = Array.from({ length: size }, (_, k) => `w${k}`);
  const passages: Passage[] = Array.from({ length: size }, (_, i) => {
    const text = i === size - 1 ? `${words.join(' ')} end${i}` : `${words.slice(0, -1).join(' ')} zz end${i}`;
    return { documentId: `d${i}`, chunkId: `c${i}`, start: 0, end: text.length, text };
  });
  const marker = ranges ? `[1-${size}]` : Array.from({ length: size }, (_, i) => `[${i + 1}]`).join('');
  const quote = (j: number): string =>
    vary ? words.map((w, k) => ((j >> (k % 12)) & 1 ? w.toUpperCase() : w)).join(' ') : words.join(' ');
  const answer = Array.from({ length: size }, (_, j) => `Claim ${j} says "${quote(j)}" ${marker}.`).join(' ');
  return { passages, answer, options: { ranges }, quoted: words.join(' ') };
}

const inputLength = (answer: string, passages: readonly Passage[]): number =>
  passages.reduce((sum, { text }) => sum + text.length, answer.length);

describe('verifyAnswer: one search budget for the quotations of a call', () => {
  it('refuses a quotation it has not located once the budget is spent, as quote_not_found saying so', () => {
    const { passages, answer, options, quoted } = nearlyHeld(60);
    // The streaming verifier spends the same budget in the same order: the same verification.
    const codes = streamedCodes(answer, passages, options, [1, 97]);
    const { claims, rejected } = verifyAnswer(answer, passages, options);
    expect(rejected.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['quote_not_found']));
    expect(rejected[0]!.message).toMatch(
      /^Claim ".*" quotes ".*", which was not searched for in all of its cited sources \[1\], \[2\], \[3\], \[4\], \[5\] and 55 more: the search budget for this answer's quotations \(8 times the answer and its passages\) was spent first; not checked\.$/,
    );
    // What is accepted was found: in the one passage that holds the words.
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const found = claim.citations.filter((citation) => citation.text.toLowerCase() === quoted);
      expect(found.map((citation) => citation.source)).toEqual([60]);
    }
  });

  it('refuses the same way without ranges, markers written one by one', () => {
    const { passages, answer, options } = nearlyHeld(60, { ranges: false });
    const { claims, rejected } = verifyAnswer(answer, passages, options);
    expect(claims.length).toBeGreaterThan(0);
    expect(rejected.length).toBeGreaterThan(0);
    expect(new Set(rejected.map((r) => r.code))).toEqual(new Set(['quote_not_found']));
    expect(rejected.every((r) => r.message.includes('the search budget for this answer'))).toBe(true);
  });

  it('reads the indexes a bounded number of times per character of the answer and the passages', () => {
    const { passages, answer, options } = nearlyHeld(120);
    // An index reads each item of a quotation from a StringMap: count those reads (and every other).
    const get = StringMap.prototype.get;
    let reads = 0;
    StringMap.prototype.get = function (this: StringMap<unknown>, key: string) {
      reads++;
      return get.call(this, key);
    };
    try {
      verifyAnswer(answer, passages, options);
    } finally {
      StringMap.prototype.get = get;
    }
    // Before: about 1.7 million reads over 130 KB (every claim walked 119 passages for 119 words each).
    expect(reads).toBeLessThan(8 * inputLength(answer, passages));
  });

  it('searches a quotation written again in another claim once per passage: all accepted', () => {
    const { passages, answer, options } = nearlyHeld(60, { vary: false });
    const { claims, rejected } = verifyAnswer(answer, passages, options);
    expect(rejected).toEqual([]);
    expect(claims).toHaveLength(60);
  });

  it('accepts an honest answer of many quotations, each in the first of a few cited passages', () => {
    const sentence = (i: number) =>
      `Report ${i} finds that the rate of item ${i} rose by ${i % 17} percent in region ${i % 29}.`;
    const passages: Passage[] = Array.from({ length: 40 }, (_, p) => {
      const text = Array.from({ length: 50 }, (_, s) => sentence(p * 50 + s)).join(' ');
      return { documentId: `r${p}`, chunkId: `r${p}#0`, start: 0, end: text.length, text };
    });
    const answer = Array.from({ length: 2000 }, (_, i) => {
      const p = Math.floor(i / 50);
      const cited = [p, (p + 1) % 40, (p + 2) % 40, (p + 3) % 40].map((n) => `[${n + 1}]`).join('');
      return `As noted, "${sentence(i).slice(0, -1)}" ${cited}.`;
    }).join('\n');
    const { claims, rejected } = verifyAnswer(answer, passages, { support: {} });
    expect(rejected).toEqual([]);
    expect(claims).toHaveLength(2000);
  });
});
