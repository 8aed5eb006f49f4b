import { describe, expect, it } from 'vitest';
import { GroundkitError } from '@gk/internal';
import { DecodeError } from './decode-error.js';

describe('DecodeError', () => {
  it('carries the message, the code, the excerpt, no position and no issues unless given', () => {
    const error = new DecodeError({
      code: 'trailing_content',
      message: 'Unexpected "H" at position 9 after the JSON value; expected the end of the output.',
      excerpt: '{"a": 1} Hope this helps!',
    });
    expect(error).toBeInstanceOf(Error);
    expect(GroundkitError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'Unexpected "H" at position 9 after the JSON value; expected the end of the output.',
    );
    expect(error.name).toBe('DecodeError');
    expect(error.code).toBe('trailing_content');
    expect(error.excerpt).toBe('{"a": 1} Hope this helps!');
    expect(error.position).toBeUndefined();
    expect(error.issues).toEqual([]);
    expect(error.issues).toHaveLength(0);
    expect(new DecodeError({ code: 'not_json', message: 'm', excerpt: 'e', position: 3 }).position).toBe(3);
  });

  it('has no cause property without a cause, and keeps any given cause, even null', () => {
    const plain = new DecodeError({ code: 'empty', message: 'Output is blank.', excerpt: '' });
    expect('cause' in plain).toBe(false);
    expect(Object.hasOwn(plain, 'cause')).toBe(false);
    const withNull = new DecodeError({
      code: 'empty',
      message: 'Output is blank.',
      excerpt: '',
      cause: null,
    });
    expect(Object.hasOwn(withNull, 'cause')).toBe(true);
    expect(withNull.cause).toBeNull();
    const inner = new SyntaxError('Unexpected end of JSON input');
    expect(new DecodeError({ code: 'not_json', message: 'm', excerpt: '', cause: inner }).cause).toBe(inner);
  });

  it('is recognised by a brand that is exactly true, across copies of the package, and only by it', () => {
    const brand = Symbol.for('@gk/citations.DecodeError');
    expect(
      DecodeError.isInstance(new DecodeError({ code: 'empty', message: 'Output is blank.', excerpt: '' })),
    ).toBe(true);
    expect(DecodeError.isInstance(Object.assign(new Error('x'), { [brand]: true }))).toBe(true);
    expect(DecodeError.isInstance({ [brand]: true })).toBe(true);
    expect(DecodeError.isInstance({ [brand]: false })).toBe(false);
    expect(DecodeError.isInstance({ [brand]: 'true' })).toBe(false);
    expect(DecodeError.isInstance({ [brand]: 1 })).toBe(false);
    expect(DecodeError.isInstance({ [Symbol('@gk/citations.DecodeError')]: true })).toBe(false);
    expect(DecodeError.isInstance({ '@gk/citations.DecodeError': true })).toBe(false);
    expect(DecodeError.isInstance(new Error('x'))).toBe(false);
    expect(DecodeError.isInstance({ code: 'empty' })).toBe(false);
    expect(DecodeError.isInstance(null)).toBe(false);
    expect(DecodeError.isInstance(undefined)).toBe(false);
    expect(DecodeError.isInstance(0)).toBe(false);
    expect(DecodeError.isInstance('DecodeError')).toBe(false);
    expect(DecodeError.isInstance(Object.assign(() => {}, { [brand]: true }))).toBe(false);
    expect((new DecodeError({ code: 'schema', message: 'm', excerpt: '' }) as never)[brand]).toBe(true);
  });
});
