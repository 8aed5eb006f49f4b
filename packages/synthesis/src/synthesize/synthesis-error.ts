import type { Verification } from '@gk/citations';
import { errorOptions, GroundkitError } from '@gk/internal';
import { ModelStreamError } from '@gk/model-kit';
import type { SynthesisRejectedClaim } from './apply-synthesis-policy.js';

const BRAND = '@gk/synthesis.SynthesisError';

/**
 * Why `synthesize` refused to return an answer; `tool_call`, `part_after_finish` and `interleaved_text` are a reply
 * that broke the one-step, text-only protocol (the `ModelStreamError` is the `cause`).
 */
export type SynthesisErrorCode =
  | 'no_passages'
  | 'empty_question'
  | 'content_filter'
  | 'empty_completion'
  | 'marker_out_of_range'
  | 'no_accepted_claims'
  | 'rejected_claims'
  | 'tool_call'
  | 'part_after_finish'
  | 'interleaved_text';

/** Options for constructing a `SynthesisError`. */
export interface SynthesisErrorOptions {
  code: SynthesisErrorCode;
  message: string;
  /** The verification of the last completion, when one was verified. */
  verification?: Verification;
  /** The claims rejected in the last completion, with synthesis's own `unfinished_claim` among them. */
  rejected?: SynthesisRejectedClaim[];
  /** Model calls made before giving up (0 when the input was refused before any call). */
  attempts?: number;
  /** Claims read (identical ones merged) when a stream stopped at this error before the completion ended. */
  claimsRead?: number;
  cause?: unknown;
}

/** A synthesis failure with a stable `code`; the message never contains the completion, passages or question. */
export class SynthesisError extends GroundkitError {
  override readonly name = 'SynthesisError';
  readonly code: SynthesisErrorCode;
  readonly verification: Verification | undefined;
  readonly rejected: SynthesisRejectedClaim[];
  readonly attempts: number;
  /**
   * Claims read, identical ones merged, when `streamSynthesize` stopped at this error before the completion
   * ended (no `verification` then); claims released before the refusal are among them. Undefined otherwise.
   */
  readonly claimsRead: number | undefined;

  constructor(options: SynthesisErrorOptions) {
    const {
      code,
      message,
      verification,
      rejected = [],
      attempts = 0,
      claimsRead,
      cause,
    } = errorOptions(options);
    super(BRAND, message, { cause });
    this.code = code;
    this.verification = verification;
    this.rejected = rejected;
    this.attempts = attempts;
    this.claimsRead = claimsRead;
  }

  /** True for a `SynthesisError` from any copy of this package. */
  static override isInstance(error: unknown): error is SynthesisError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}

/**
 * `error`, or, for a `ModelStreamError` (a reply with a tool call or a part after its finish), the `SynthesisError`
 * with its code and message that carries it as `cause`.
 */
export function refusedReply(
  error: unknown,
  details: Pick<SynthesisErrorOptions, 'attempts' | 'claimsRead' | 'rejected'>,
): unknown {
  if (!ModelStreamError.isInstance(error)) return error;
  return new SynthesisError({ code: error.code, message: error.message, ...details, cause: error });
}
