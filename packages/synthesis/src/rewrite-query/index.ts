export { rewriteQuery, DEFAULT_REWRITE_INSTRUCTIONS } from './rewrite-query.js';
export type { RewriteQueryOptions } from './rewrite-query.js';
export { QueryRewriteError } from './query-rewrite-error.js';
export type { QueryRewriteErrorCode } from './query-rewrite-error.js';
