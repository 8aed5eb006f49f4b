import { errorOptions, GroundkitError } from '@gk/internal';

const BRAND = '@gk/echo-check.EchoCheckError';

/**
 * Why the echo check stopped: a failing report, an invalid report, a pipeline answer of the wrong shape, or a
 * `createCase` option that returned no `EchoCase`. `invalid_options` is no longer thrown: bad options are an
 * `InvalidArgumentError`.
 */
export type EchoCheckErrorCode =
  | 'not_clean'
  | 'invalid_report'
  | 'invalid_answer'
  | 'invalid_case'
  | 'invalid_options';

/** One case that fails `assertEchoClean`, with the reasons in words. */
export interface EchoFailure {
  caseId: string;
  reasons: string[];
}

/** Options for constructing an `EchoCheckError`. */
export interface EchoCheckErrorOptions {
  code: EchoCheckErrorCode;
  message: string;
  /** The failing cases, for `not_clean`. */
  failures?: EchoFailure[];
  cause?: unknown;
}

/** An echo check failure with a stable `code`; messages hold case ids and counts, never model output. */
export class EchoCheckError extends GroundkitError {
  override readonly name = 'EchoCheckError';
  readonly code: EchoCheckErrorCode;
  readonly failures: EchoFailure[];

  constructor(options: EchoCheckErrorOptions) {
    const { code, message, failures = [], cause } = errorOptions(options);
    super(BRAND, message, { cause });
    this.code = code;
    this.failures = failures;
  }

  /** True for an `EchoCheckError` from any copy of this package. */
  static override isInstance(error: unknown): error is EchoCheckError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}
