import { checkArgument, checkOptions, GroundkitError } from '@gk/internal';

const BRAND = '@gk/synthesis.QueryRewriteError';

/** Why `rewriteQuery` produced no query. */
export type QueryRewriteErrorCode =
  | 'empty_query'
  | 'content_filter'
  | 'unfinished'
  | 'blank'
  | 'too_long'
  | 'multiple_lines'
  | 'invalid_characters'
  | 'labelled'
  | 'quoted'
  | 'markup'
  | 'not_a_query'
  | 'added_operator'
  | 'dropped_term'
  | 'tool_call'
  | 'part_after_finish';

/** A query rewrite failure with a stable `code`; the message never contains the query or the model output. */
const CODES: readonly string[] = [
  'empty_query',
  'content_filter',
  'unfinished',
  'blank',
  'too_long',
  'multiple_lines',
  'invalid_characters',
  'labelled',
  'quoted',
  'markup',
  'not_a_query',
  'added_operator',
  'dropped_term',
  'tool_call',
  'part_after_finish',
] satisfies QueryRewriteErrorCode[];

export class QueryRewriteError extends GroundkitError {
  override readonly name = 'QueryRewriteError';
  readonly code: QueryRewriteErrorCode;

  constructor(code: QueryRewriteErrorCode, message: string, options?: { cause?: unknown }) {
    checkArgument(CODES.includes(code), 'code', `one of ${CODES.join(', ')}`, code);
    checkArgument(typeof message === 'string', 'message', 'a string', message);
    checkOptions(options);
    super(BRAND, message, options);
    this.code = code;
  }

  /** True for a `QueryRewriteError` from any copy of this package. */
  static override isInstance(error: unknown): error is QueryRewriteError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}
