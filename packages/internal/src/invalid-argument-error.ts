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

  constructor(options: InvalidArgumentErrorOptions) {
    // Options that are no object describe themselves: the error is still one about a bad argument, never a TypeError.
    const { parameter, expected, received, cause } =
      typeof options === 'object' && options !== null
        ? options
        : { parameter: 'options', expected: 'an options object', received: options, cause: undefined };
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

/**
 * A short description of any value for a message: its type and, for scalars, an excerpt of it. Never throws: a value
 * that throws when looked at (a revoked proxy, a proxy whose traps throw) is described as one that cannot be read.
 */
export function describeValue(value: unknown): string {
  try {
    return describeReadable(value);
  } catch {
    return 'a value that cannot be read (a revoked proxy?)';
  }
}

function describeReadable(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  const type = typeof value;
  if (typeof value === 'string') {
    return value.length > 40 ? `a string of length ${value.length}` : `the string ${JSON.stringify(value)}`;
  }
  // A Promise is an object too, but "an object" hides the usual cause: an async function's result not awaited.
  if (value instanceof Promise) return 'a Promise';
  if (type === 'object') return 'an object';
  if (type === 'function' || type === 'symbol') return `a ${type}`;
  return `${type} ${String(value)}`; // number, bigint, boolean
}
