import { errorOptions, GroundkitError } from '@gk/internal';

const BRAND = '@gk/model-kit.ModelStreamError';

/**
 * Why a model's reply was refused: `part_after_finish`, a part that carries something arrived after the stream's
 * finish (or a second step began); `tool_call`, the reply holds a tool call, its input, result or error;
 * `interleaved_text`, a streamed reply went on with a text part after another's text came between.
 */
export type ModelStreamErrorCode = 'part_after_finish' | 'tool_call' | 'interleaved_text';

/** Options for constructing a {@link ModelStreamError}. */
export interface ModelStreamErrorOptions {
  code: ModelStreamErrorCode;
  message: string;
  cause?: unknown;
}

/**
 * A model reply (streamed or not) that broke the one-step, text-only protocol of a completion call; none of the
 * completion it was writing is finished or shown.
 */
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
