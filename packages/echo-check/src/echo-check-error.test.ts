import { GroundkitError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { EchoCheckError } from './echo-check-error.js';

describe('EchoCheckError', () => {
  it('defaults failures to an empty list and sets no cause when none is given', () => {
    const error = new EchoCheckError({ code: 'invalid_answer', message: 'bad answer' });
    expect(error.failures).toEqual([]);
    expect(error.failures).toHaveLength(0);
    expect('cause' in error).toBe(false);
    expect(error.cause).toBeUndefined();
    expect(error.message).toBe('bad answer');
    expect(error.code).toBe('invalid_answer');
    expect(error.name).toBe('EchoCheckError');
    expect(error).toBeInstanceOf(Error);
    expect(GroundkitError.isInstance(error)).toBe(true);
  });

  it('keeps a given cause, even a falsy one, as the standard Error cause', () => {
    const root = new TypeError('root');
    const error = new EchoCheckError({ code: 'invalid_report', message: 'm', cause: root });
    expect(error.cause).toBe(root);
    expect(Object.hasOwn(error, 'cause')).toBe(true);
    const zero = new EchoCheckError({ code: 'invalid_report', message: 'm', cause: 0 });
    expect(Object.hasOwn(zero, 'cause')).toBe(true);
    expect(zero.cause).toBe(0);
  });

  it('keeps the failures it is given', () => {
    const failures = [{ caseId: 'case-1', reasons: ['leaked'] }];
    expect(new EchoCheckError({ code: 'not_clean', message: 'm', failures }).failures).toEqual(failures);
  });

  it('recognises a real instance and a copy carrying the shared brand, nothing else', () => {
    expect(EchoCheckError.isInstance(new EchoCheckError({ code: 'not_clean', message: 'm' }))).toBe(true);
    const copy = { [Symbol.for('@gk/echo-check.EchoCheckError')]: true };
    expect(EchoCheckError.isInstance(copy)).toBe(true);
    expect(EchoCheckError.isInstance({ [Symbol.for('')]: true })).toBe(false);
    expect(EchoCheckError.isInstance({ [Symbol.for('@gk/echo-check.EchoCheckError')]: 'yes' })).toBe(false);
    expect(EchoCheckError.isInstance(new Error('plain'))).toBe(false);
    expect(EchoCheckError.isInstance({})).toBe(false);
    expect(EchoCheckError.isInstance(Object.create(null))).toBe(false);
  });

  it('answers false (never throws) for null, undefined, primitives and branded functions', () => {
    for (const value of [null, undefined, 0, 1n, '', 'EchoCheckError', true, Symbol('x')]) {
      expect(EchoCheckError.isInstance(value)).toBe(false);
    }
    const branded = Object.assign(() => undefined, { [Symbol.for('@gk/echo-check.EchoCheckError')]: true });
    expect(EchoCheckError.isInstance(branded)).toBe(false);
  });
});
