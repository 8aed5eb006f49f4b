import { errorOptions, GroundkitError } from '@gk/internal';

const BRAND = '@gk/model-kit.ModelStreamError';

/** Why a model's stream was refused: a part that carries something arrived after the stream's finish. */
export type ModelStreamErrorCode = 'part_after_finish';

/** Options for constructing a {@link ModelStreamError}. */
export interface ModelStreamErrorOptions {
  code: ModelStreamErrorCode;
  message: string;
  cause?: unknown;
}

/** A model stream that broke its protocol; none of the completion it was writing is finished or shown. */
export class ModelStreamError extends GroundkitError {
  override readonly name = 'ModelStreamError';
  readonly code: ModelStreamErrorCode;

  constructor(options: ModelStreamErrorOptions) {
    const { code, message, cause } = errorOptions(options);
    super(BRAND, message, { cause });
    this.code = code;
  }

  /** Whether `error` is a ModelStreamError, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is ModelStreamError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}
