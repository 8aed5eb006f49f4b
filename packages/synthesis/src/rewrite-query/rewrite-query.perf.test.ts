import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

// The checks' own scale (linear time on every shape) is in check-rewrite-content.perf.test.ts.
describe('rewriteQuery at scale', () => {
  it('sends a megabyte query and returns only what the model wrote', async () => {
    const model = scriptedModel('[[[[ query');
    await expect(rewriteQuery({ model, query: '[['.repeat(500_000) })).resolves.toBe('[[[[ query');
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
