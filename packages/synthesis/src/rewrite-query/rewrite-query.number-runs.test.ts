import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

// V8 keeps a backtrack entry per repeat of a quantified group, so a number's digit groups or a query term's rest read
// by one, repeated millions of times over one long input, overflow its stack: each check must return a verdict on
// 8 MB of repeated short units instead. Reading 8 MB takes seconds, hence the timeout.
const TIMEOUT = 120_000;
const maxLength = 10_000_000;

describe('rewriteQuery on 8 MB runs of numbers', () => {
  it.each([
    ['dotted digits in the rewrite', 'deposit', `deposit ${'1.'.repeat(4e6)}`],
    ['a list of digits in both', '1,'.repeat(4e6), '1,'.repeat(4e6)],
    ['grouped digits in both', `1${',000'.repeat(2e6)} 東`, `1${',000'.repeat(2e6)} 東`],
  ])(
    'returns a rewrite holding %s',
    async (_, query, rewrite) => {
      await expect(rewriteQuery({ model: scriptedModel(rewrite), query, maxLength })).resolves.toBe(
        rewrite.trim(),
      );
    },
    TIMEOUT,
  );

  it.each([
    ['dotted digits', '1.'.repeat(4e6)],
    ['a list of digits', '1,'.repeat(4e6)],
  ])(
    'refuses a rewrite that drops a query of %s with a code',
    async (_, query) => {
      await expect(rewriteQuery({ model: scriptedModel('deposit'), query, maxLength })).rejects.toMatchObject(
        {
          code: 'dropped_term',
        },
      );
    },
    TIMEOUT,
  );
});

describe('rewriteQuery on 8 MB query terms', () => {
  it.each([
    ['an operator', `site:${'.'.repeat(8e6)} 東`],
    ['an address', `www.${'a/'.repeat(4e6)} 東`],
    ['an excluded term', `-a${'\u2014'.repeat(8e6)}`],
  ])(
    'reads a query holding %s with an 8 MB term',
    async (_, query) => {
      await expect(rewriteQuery({ model: scriptedModel('deposit'), query, maxLength })).resolves.toBe(
        'deposit',
      );
    },
    TIMEOUT,
  );
});
