import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';

// A text holding a character outside Latin-1 (a "two-byte" string) with a run of millions of characters one `u`-flag
// class repeats: V8 keeps a backtrack entry per character and throws "Maximum call stack size exceeded" past about
// 4.2 million (a property class). Each input must give the result a short run gives.
const SUPERSCRIPTS = 'ᵃ'.repeat(4_200_000);

/** The indexes resolveQuotedRows accepts and the codes it refuses with, for `quote` in `text`. */
const resolve = (quote: string, text: string) => {
  const { accepted, rejected } = resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]);
  return { accepted: accepted.map((row) => row.citation.text), rejected: rejected.map((row) => row.code) };
};

describe('the text helpers on millions of characters of one class in a two-byte string', () => {
  it('reads millions of superscript letters after a full stop as a footnote, as a few', {
    timeout: 120_000,
  }, () => {
    expect(resolve('Water boils.', `Water boils.${SUPERSCRIPTS}`)).toEqual(
      resolve('Water boils.', 'Water boils.ᵃᵃ'),
    );
  });
});
