import type { Verification } from '@gk/citations';

const brand = Symbol.for('@gk/synthesis.SynthesisError');

/** Why `synthesize` refused to return an answer. */
export type SynthesisErrorCode =
  | 'no_passages'
  | 'empty_question'
  | 'invalid_prompt'
  | 'empty_completion'
  | 'marker_out_of_range'
  | 'no_accepted_claims'
  | 'rejected_claims';

/** Options for constructing a `SynthesisError`. */
export interface SynthesisErrorOptions {
  code: SynthesisErrorCode;
  message: string;
  /** The verification of the last completion, when one was verified. */
  verification?: Verification;
  /** Model calls made before giving up (0 when the input was refused before any call). */
  attempts?: number;
  cause?: unknown;
}

/** A synthesis failure with a stable `code`; the message never contains the completion, passages or question. */
export class SynthesisError extends Error {
  readonly [brand] = true;
  override readonly name = 'SynthesisError';
  readonly code: SynthesisErrorCode;
  readonly verification: Verification | undefined;
  readonly attempts: number;

  constructor({ code, message, verification, attempts = 0, cause }: SynthesisErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.verification = verification;
    this.attempts = attempts;
  }

  /** True for a `SynthesisError` from any copy of this package. */
  static isInstance(error: unknown): error is SynthesisError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[brand] === true;
  }
}
