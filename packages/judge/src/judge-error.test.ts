import { describe, expect, it } from 'vitest';
import { excerptOf, JudgeError } from './judge-error.js';

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
    expect(JudgeError.isInstance(error)).toBe(true);
    const foreign = Object.assign(new Error('other copy'), { [Symbol.for('@gk/judge.JudgeError')]: true });
    expect(JudgeError.isInstance(foreign)).toBe(true);
    for (const value of [new Error('x'), null, undefined, 'JudgeError', { code: 'schema' }]) {
      expect(JudgeError.isInstance(value)).toBe(false);
    }
  });
});

describe('excerptOf', () => {
  it('keeps short text whole and cuts long text to 200 code points with an ellipsis', () => {
    expect(excerptOf('')).toBe('');
    expect(excerptOf('short')).toBe('short');
    expect(excerptOf('x'.repeat(200))).toBe('x'.repeat(200));
    expect(excerptOf('x'.repeat(10_000_000))).toBe(`${'x'.repeat(200)}…`);
  });

  it('never splits an astral character', () => {
    const text = '😀'.repeat(300);
    expect(excerptOf(text)).toBe(`${'😀'.repeat(200)}…`);
    expect(excerptOf('😀'.repeat(200))).toBe('😀'.repeat(200));
  });
});
