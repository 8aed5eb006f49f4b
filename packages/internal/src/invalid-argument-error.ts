import { GroundkitError } from './groundkit-error.js';

const BRAND = '@gk.InvalidArgumentError';

/** Options for an {@link InvalidArgumentError}. */
export interface InvalidArgumentErrorOptions {
  /** The parameter or option path, such as `options.maxRows`. */
  parameter: string;
  /** What was expected, in words: `a positive integer`. */
  expected: string;
  /** The value received; described by its type and a short excerpt, never printed whole. */
  received: unknown;
  cause?: unknown;
}

/** A bad argument or option, naming the parameter, what was expected and what was received. */
export class InvalidArgumentError extends GroundkitError {
  override readonly name = 'InvalidArgumentError';
  readonly code = 'invalid_argument' as const;
  readonly parameter: string;
  readonly expected: string;

  constructor({ parameter, expected, received, cause }: InvalidArgumentErrorOptions) {
    super(BRAND, `Invalid ${parameter}: expected ${expected}, received ${describeValue(received)}.`, {
      cause,
    });
    this.parameter = parameter;
    this.expected = expected;
  }

  /** Whether `error` is an InvalidArgumentError from any @gk package or copy. */
  static override isInstance(error: unknown): error is InvalidArgumentError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}

/** A short description of any value for a message: its type and, for scalars, an excerpt of it. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of length ${value.length}` : `the string ${JSON.stringify(value)}`;
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
