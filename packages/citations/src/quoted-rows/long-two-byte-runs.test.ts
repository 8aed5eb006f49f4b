import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

// A run of millions of tag characters (U+E0000–U+E007F, astral): a `u`-flag class repeated over it keeps a backtrack
// entry per character in V8 and throws "Maximum call stack size exceeded" past about 8.5 million. Each input must give
// the result a short run gives.
const TAGS = '\u{e0041}'.repeat(8_500_000);

/** The texts resolveQuotedRows cites and the codes it refuses with, for `quote` in `text`. */
const resolve = (quote: string, text: string) => {
  const { accepted, rejected } = resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]);
  return { accepted: accepted.map((row) => row.citation.text), rejected: rejected.map((row) => row.code) };
};

describe('resolveQuotedRows on millions of tag characters', () => {
  it('refuses a quote with a run the passage does not hold, as a short one', { timeout: 120_000 }, () => {
    const short = resolve('Water \u{e0041}\u{e0041} boils', '東 Water boils.');
    expect(short.accepted).toEqual([]);
    expect(resolve(`Water ${TAGS} boils`, '東 Water boils.')).toEqual(short);
  });
});
