import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

// V8 keeps a backtrack entry per character a repeated class reads in a string beyond Latin-1 (`[\p{L}]+`, `\s+`), so
// a run of millions overflows its stack: each check must return a verdict instead. Each input is the smallest that
// overflowed: 4.2 million letters for a property class, 8.5 million spaces for white space.
const TIMEOUT = 120_000;
const letters = '\u6771'.repeat(4.2e6);
const query = `${letters}${' '.repeat(8.5e6)}a`;

describe('rewriteQuery on long runs in a two-byte string', () => {
  it(
    'returns a rewrite of 4.2 million letters for a query of as many letters and 8.5 million spaces',
    async () => {
      const rewrite = `a ${letters}`;
      await expect(
        rewriteQuery({ model: scriptedModel(rewrite), query, maxLength: 10_000_000 }),
      ).resolves.toBe(rewrite);
    },
    TIMEOUT,
  );

  it(
    'refuses a tagged label the same query does not hold',
    async () => {
      await expect(rewriteQuery({ model: scriptedModel('[query] a'), query })).rejects.toMatchObject({
        code: 'labelled',
      });
    },
    TIMEOUT,
  );
});
