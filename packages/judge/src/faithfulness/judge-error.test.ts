import { GroundkitError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { JudgeError } from './judge-error.js';

describe('JudgeError', () => {
  it('is recognised by its brand across copies, and carries code, cause and excerpt', () => {
    const cause = new Error('decode failed');
    const error = new JudgeError({
      code: 'schema',
      message: 'bad verdict',
      cause,
      excerpt: '{"faithful":"true"}',
    });
    expect(error).toMatchObject({
      name: 'JudgeError',
      code: 'schema',
      cause,
      excerpt: '{"faithful":"true"}',
    });
    expect(error).toBeInstanceOf(Error);
    expect(JudgeError.isInstance(error)).toBe(true);
    expect(GroundkitError.isInstance(error)).toBe(true);
    const foreign = Object.assign(new Error('other copy'), { [Symbol.for('@gk/judge.JudgeError')]: true });
    expect(JudgeError.isInstance(foreign)).toBe(true);
    for (const value of [new Error('x'), null, undefined, 'JudgeError', { code: 'schema' }]) {
      expect(JudgeError.isInstance(value)).toBe(false);
    }
  });

  it('defaults to an empty excerpt and no judge, and has no cause unless given one', () => {
    const error = new JudgeError({ code: 'no_passages', message: 'none' });
    expect(error).toMatchObject({ excerpt: '', judge: undefined });
    expect('cause' in error).toBe(false);
  });
});
