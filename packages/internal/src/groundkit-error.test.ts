import { describe, expect, it } from 'vitest';
import { GroundkitError } from './groundkit-error.js';

const BRAND = '@gk/example.ExampleError';

class ExampleError extends GroundkitError {
  override readonly name = 'ExampleError';
  constructor(message: string, cause?: unknown) {
    super(BRAND, message, { cause });
  }
  static override isInstance(error: unknown): error is ExampleError {
    return GroundkitError.hasBrand(error, BRAND);
  }
}

describe('GroundkitError', () => {
  it('is an Error with the subclass name, message and cause', () => {
    const cause = new Error('root');
    const error = new ExampleError('It failed.', cause);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ExampleError');
    expect(error.message).toBe('It failed.');
    expect(error.cause).toBe(cause);
    expect('cause' in new ExampleError('No cause.')).toBe(false);
  });

  it('recognises its own class and the base across copies by brand, not by instanceof', () => {
    const fromAnotherCopy = Object.assign(new Error('x'), {
      [Symbol.for(BRAND)]: true,
      [Symbol.for('@gk.GroundkitError')]: true,
    });
    expect(ExampleError.isInstance(fromAnotherCopy)).toBe(true);
    expect(GroundkitError.isInstance(fromAnotherCopy)).toBe(true);
    expect(ExampleError.isInstance(new ExampleError('x'))).toBe(true);
    expect(GroundkitError.isInstance(new ExampleError('x'))).toBe(true);
  });

  it('refuses look-alikes: a plain error, the same name, a truthy non-true brand, and non-objects', () => {
    expect(ExampleError.isInstance(new Error('x'))).toBe(false);
    expect(ExampleError.isInstance(Object.assign(new Error('x'), { name: 'ExampleError' }))).toBe(false);
    expect(ExampleError.isInstance({ [Symbol.for(BRAND)]: 1 })).toBe(false);
    expect(GroundkitError.isInstance({ [Symbol.for(BRAND)]: true })).toBe(false);
    for (const value of [null, undefined, 'ExampleError', 0])
      expect(ExampleError.isInstance(value)).toBe(false);
  });

  it('keeps its brands out of enumeration and JSON', () => {
    const error = new ExampleError('x');
    expect(Object.getOwnPropertySymbols(error).length).toBe(2);
    expect(Object.keys(error)).toEqual(['name']);
  });
});

describe('GroundkitError.isInstance never throws', () => {
  it('is false for a revoked proxy and for a brand getter that throws', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(GroundkitError.isInstance(proxy)).toBe(false);
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(GroundkitError.isInstance(throwing)).toBe(false);
  });
});
