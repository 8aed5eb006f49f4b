import { errorOptions, GroundkitError } from '@gk/internal';
import type { core } from 'zod';

const BRAND = '@gk/citations.DecodeError';

/**
 * Why a text was refused: over the size bound, blank, not strict JSON, content after the value, nesting past
 * `maxDepth` (or past what a recursive schema can check before the call stack runs out), a repeated key, a
 * `__proto__`/`constructor`/`prototype` key, or a schema mismatch (or an async schema that could not run).
 */
export type DecodeErrorCode =
  | 'too_large'
  | 'empty'
  | 'not_json'
  | 'trailing_content'
  | 'too_deep'
  | 'duplicate_key'
  | 'forbidden_key'
  | 'schema';

/** Options for constructing a {@link DecodeError}. */
export interface DecodeErrorOptions {
  code: DecodeErrorCode;
  message: string;
  /** At most ~200 characters of the model output around the problem. */
  excerpt: string;
  /** UTF-16 offset in the original text where the problem was found, when one place is to blame. */
  position?: number;
  /** The zod issues, for `schema` (and a record's `duplicate_key` or `forbidden_key`). */
  issues?: core.$ZodIssue[];
  cause?: unknown;
}

/** A model output that failed strict decoding; returned by the safe decoders, thrown by {@link decodeJson}. */
export class DecodeError extends GroundkitError {
  override readonly name = 'DecodeError';
  readonly code: DecodeErrorCode;
  /** At most ~200 characters of the output around `position` (or from its start), never the whole output. */
  readonly excerpt: string;
  /** UTF-16 offset in the original text, when one place is to blame. */
  readonly position: number | undefined;
  /**
   * The zod issues when `code` is `schema` (empty for an async schema that could not run) or a `duplicate_key` or
   * `forbidden_key` that a record's key schema made (two keys read as one, a key read as `constructor`), otherwise
   * empty.
   */
  readonly issues: core.$ZodIssue[];

  constructor(options: DecodeErrorOptions) {
    const { code, message, excerpt, position, issues = [], cause } = errorOptions(options);
    super(BRAND, message, { cause });
    this.code = code;
    this.excerpt = excerpt;
    this.position = position;
    this.issues = issues;
  }

  /** Whether `error` is a DecodeError, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is DecodeError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}
