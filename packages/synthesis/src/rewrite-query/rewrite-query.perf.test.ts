import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

describe('rewriteQuery at scale', () => {
  it('sends a megabyte query and returns only what the model wrote', async () => {
    const model = scriptedModel('[[[[ query');
    await expect(rewriteQuery({ model, query: '[['.repeat(500_000) })).resolves.toBe('[[[[ query');
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
