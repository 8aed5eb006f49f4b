import type { DecodeErrorCode } from '@gk/citations';
import type { JudgeIdentity } from '@gk/eval-schema';

const marker = Symbol.for('@gk/judge.JudgeError');

/**
 * Why a judge call produced no verdict: the decoder's code for a completion that failed strict decoding,
 * `empty_completion` when the model returned no text, or an invocation code raised before any model call.
 */
export type JudgeErrorCode =
  | DecodeErrorCode
  | 'empty_completion'
  | 'no_passages'
  | 'empty_answer'
  | 'invalid_prompt';

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
export class JudgeError extends Error {
  readonly [marker] = true;
  override readonly name = 'JudgeError';
  readonly code: JudgeErrorCode;
  /** At most ~200 characters of the completion (empty when there was none). */
  readonly excerpt: string;
  /** The judge whose output was rejected; absent for invocation errors raised before any model call. */
  readonly judge: JudgeIdentity | undefined;

  constructor({ code, message, cause, excerpt = '', judge }: JudgeErrorOptions) {
    super(message, { cause });
    this.code = code;
    this.excerpt = excerpt;
    this.judge = judge;
  }

  /** Whether `error` is a JudgeError, from this or any other copy of the package. */
  static isInstance(error: unknown): error is JudgeError {
    return typeof error === 'object' && error !== null && marker in error && error[marker] === true;
  }
}

const excerptLength = 200;

/** Cuts model output to a short excerpt for messages; whole code points only, ellipsis when cut. */
export function excerptOf(text: string): string {
  const points = Array.from(text.slice(0, excerptLength * 2));
  if (points.length <= excerptLength && text.length <= excerptLength * 2) return points.join('');
  return `${points.slice(0, excerptLength).join('')}…`;
}
