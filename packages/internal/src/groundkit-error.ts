const BRAND = '@gk.GroundkitError';

/**
 * The base of every error the @gk packages throw. Each subclass is branded with `Symbol.for(brand)`, so
 * `isInstance` recognises errors from another copy of the same package, where `instanceof` fails.
 */
export class GroundkitError extends Error {
  constructor(brand: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, Symbol.for(BRAND), { value: true });
    Object.defineProperty(this, Symbol.for(brand), { value: true });
  }

  /** Whether `error` is an error of any @gk package, from any copy of it. */
  static isInstance(error: unknown): error is GroundkitError {
    return GroundkitError.hasBrand(error, BRAND);
  }

  /** Whether `error` carries the brand `Symbol.for(brand)`; subclasses build `isInstance` on it. */
  protected static hasBrand(error: unknown, brand: string): boolean {
    if (typeof error !== 'object' || error === null) return false;
    try {
      return (error as Record<symbol, unknown>)[Symbol.for(brand)] === true;
    } catch {
      return false; // A revoked proxy, or a getter of the caller's that throws: no error of ours.
    }
  }
}
