import { expect } from 'vitest';
import { QueryRewriteError, type QueryRewriteErrorCode } from '../rewrite-query/query-rewrite-error.js';
import { rewriteQuery } from '../rewrite-query/rewrite-query.js';
import { scriptedModel } from './mock-models.js';

/** What `rewriteQuery` makes of `query` when the model answers `output`: the rewrite, or the code it is refused with. */
export async function codeOf(query: string, output: string): Promise<QueryRewriteErrorCode | string> {
  try {
    return await rewriteQuery({ model: scriptedModel(output), query });
  } catch (error) {
    expect(error).toEqual(expect.any(QueryRewriteError));
    return (error as QueryRewriteError).code;
  }
}
