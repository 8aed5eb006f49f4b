import type { DecodeErrorCode } from '@gk/citations';
import type { JudgeIdentity } from '@gk/eval-schema';
import { errorOptions, GroundkitError } from '@gk/internal';

const BRAND = '@gk/judge.JudgeError';

/**
 * Why a judge call produced no verdict: the decoder's code for a completion that failed strict decoding,
 * `empty_completion` when the model returned no text, `content_filter` when the provider filtered the reply,
 * `unfinished` when the model did not finish it (finish reason `length`, `error`, `interrupted`, or `other` with no
 * raw reason), `tool_call` or `part_after_finish` when the reply held a tool call or a second step (the
 * `ModelStreamError` is the `cause`),
 * or an invocation code raised before any model call.
 */
export type JudgeErrorCode =
  | DecodeErrorCode
  | 'empty_completion'
  | 'content_filter'
  | 'unfinished'
  | 'no_passages'
  | 'empty_answer'
  | 'tool_call'
  | 'part_after_finish';

/** Options for constructing a {@link JudgeError}. */
export interface JudgeErrorOptions {
  code: JudgeErrorCode;
  message: string;
  /** The underlying decode error, if any. */
  cause?: unknown;
  /** At most ~200 characters of the completion, for a human reader. */
  excerpt?: string;
  /** The judge that produced the rejected output; absent for invocation errors raised before the call. */
  judge?: JudgeIdentity;
}

/** The judge produced no verdict; thrown once, never retried or repaired. */
export class JudgeError extends GroundkitError {
  override readonly name = 'JudgeError';
  readonly code: JudgeErrorCode;
  /** At most ~200 characters of the completion (empty when there was none). */
  readonly excerpt: string;
  /** The judge whose output was rejected; absent for invocation errors raised before any model call. */
  readonly judge: JudgeIdentity | undefined;

  constructor(options: JudgeErrorOptions) {
    const { code, message, cause, excerpt = '', judge } = errorOptions(options);
    super(BRAND, message, { cause });
    this.code = code;
    this.excerpt = excerpt;
    this.judge = judge;
  }

  /** Whether `error` is a JudgeError, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is JudgeError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}
