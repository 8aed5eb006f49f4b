import { describe, expect, it } from 'vitest';
import { TRAILING_PUNCTUATION, trimEnd } from './trim-end.js';

describe('trimEnd', () => {
  it('removes the trailing run of the given characters and nothing before it', () => {
    expect(trimEnd('a.b..', '.')).toBe('a.b');
    expect(trimEnd('x.,;', '.,;')).toBe('x');
    expect(trimEnd('x;.;', '.')).toBe('x;.;');
    expect(trimEnd('.x', '.')).toBe('.x');
    expect(trimEnd('abc', '.')).toBe('abc');
    expect(trimEnd('abc', '')).toBe('abc');
  });

  it('returns an empty string when every character is trimmed, whatever the characters are', () => {
    expect(trimEnd('', '.')).toBe('');
    expect(trimEnd('...', '.')).toBe('');
    expect(trimEnd('den', 'undefined')).toBe('');
    expect(trimEnd('  . ', '.', true)).toBe('');
  });

  it('trims whitespace only when asked, and then every kind of it', () => {
    expect(trimEnd('a. ', '.')).toBe('a. ');
    expect(trimEnd('a .\t', '.')).toBe('a .\t');
    expect(trimEnd('a. ', '.', false)).toBe('a. ');
    expect(trimEnd('a. ', '.', true)).toBe('a');
    expect(trimEnd('a . \t\n\r\u00a0\u2028\u3000\ufeff', '.', true)).toBe('a');
    expect(trimEnd('a b', '', true)).toBe('a b');
    expect(trimEnd('word\u200b ', '', true)).toBe('word\u200b');
  });

  it('trims by code unit, so a trailing surrogate half in the set goes on its own', () => {
    expect(trimEnd('a\ud83d\ude00', '\ude00')).toBe('a\ud83d');
    expect(trimEnd('a\ud83d\ude00', '\ud83d')).toBe('a\ud83d\ude00');
  });

  it('TRAILING_PUNCTUATION holds closing punctuation and no opening bracket', () => {
    expect(TRAILING_PUNCTUATION).toBe('.,;:!?\'")]}>');
    for (const char of TRAILING_PUNCTUATION) {
      expect(trimEnd(`https://x.org/a${char}`, TRAILING_PUNCTUATION), char).toBe('https://x.org/a');
    }
    for (const char of ['(', '[', '{', '<', '/', '-', '_', '#', '\u201d']) {
      expect(trimEnd(`https://x.org/a${char}`, TRAILING_PUNCTUATION), char).toBe(`https://x.org/a${char}`);
    }
    expect(trimEnd('https://x.org/(a).),', TRAILING_PUNCTUATION)).toBe('https://x.org/(a');
  });
});
