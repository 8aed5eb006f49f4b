import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

// V8 keeps a backtrack entry per iteration of a quantified group, so a group repeated millions of times over one long
// input overflows its stack: each check must return a verdict on 8 MB of repeated short units instead.
describe('rewriteQuery on 8 MB inputs', () => {
  it.each([
    ['an unclosed citation list', `[1${',1'.repeat(4e6)}`, 'too_long'],
    ['a closed citation list', `[1${',1'.repeat(4e6)}]`, 'markup'],
  ])('refuses a rewrite holding %s with a code', async (_, rewrite, code) => {
    await expect(rewriteQuery({ model: scriptedModel(rewrite), query: 'deposit' })).rejects.toMatchObject({
      code,
    });
  });
});
