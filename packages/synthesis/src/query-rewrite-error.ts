const brand = Symbol.for('@gk/synthesis.QueryRewriteError');

/** Why `rewriteQuery` produced no query. */
export type QueryRewriteErrorCode = 'empty_query' | 'blank' | 'too_long' | 'multiple_lines';

/** A query rewrite failure with a stable `code`; the message never contains the query or the model output. */
export class QueryRewriteError extends Error {
  readonly [brand] = true;
  override readonly name = 'QueryRewriteError';
  readonly code: QueryRewriteErrorCode;

  constructor(code: QueryRewriteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for a `QueryRewriteError` from any copy of this package. */
  static isInstance(error: unknown): error is QueryRewriteError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[brand] === true;
  }
}
