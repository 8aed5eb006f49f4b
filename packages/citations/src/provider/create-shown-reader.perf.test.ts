// Linear time when an answer full of references, tags, comments, code spans and links is read as a page shows it,
// whole and in slices (r22 provider #1). The method (CPU time of n against 8n, least of several runs) is the
// repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { createClaimWordFinder } from './create-claim-word-finder.js';
import { createShownReader } from './create-shown-reader.js';

const PIECE =
  'in&shy;effective 7<!-- x -->300 <b class="n">&#55;</b>`&#51;` [a](https://x.org/p) ![c](d.png)<br> ';

/** An answer of `size` pieces, read whole and then in slices of one piece each. */
function make(size: number): () => number {
  const answer = PIECE.repeat(size);
  return () => {
    const read = createShownReader(answer);
    let length = read(0, answer.length).length;
    for (let i = 0; i < size; i++) length += read(i * PIECE.length, (i + 1) * PIECE.length).length;
    return length;
  };
}

/** The same answer, each piece a claim asked whether it states `ineffective7300x` (it does not). */
function makeFinder(size: number): () => number {
  const answer = PIECE.repeat(size);
  return () => {
    const states = createClaimWordFinder(answer);
    let stated = 0;
    for (let i = 0; i < size; i++) {
      const span = { start: i * PIECE.length, end: (i + 1) * PIECE.length };
      if (states('ineffective7300x', span) !== false) stated++;
    }
    return stated;
  };
}

/** A plain answer of `size` pieces (nothing to read away), read in slices of one piece each. */
function makePlain(size: number): () => number {
  const piece = 'The ship weighs about 7300 tonnes. ';
  const answer = piece.repeat(size);
  return () => {
    const read = createShownReader(answer);
    let length = 0;
    for (let i = 0; i < size; i++) length += read(i * piece.length, (i + 1) * piece.length).length;
    return length;
  };
}

describe('createShownReader', () => {
  it('reads each slice of an answer without markup in time linear in the slice', () => {
    expect(makePlain(3)()).toBe(105);
    expect(growth(makePlain, 500)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly in an answer full of markup', () => {
    expect(make(2)()).toBeGreaterThan(0);
    expect(growth(make, 2000)).toBeLessThan(BOUND);
  }, 120_000);

  it('keeps createClaimWordFinder linear over claims full of markup', () => {
    expect(makeFinder(1000)()).toBe(0);
    expect(growth(makeFinder, 2000)).toBeLessThan(BOUND);
  }, 120_000);
});
