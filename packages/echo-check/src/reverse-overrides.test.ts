import { describe, expect, it } from 'vitest';
import { reverseOverrides } from './reverse-overrides.js';

describe('reverseOverrides', () => {
  it('reverses what each right-to-left override governs, up to its pop, a paragraph end or the end', () => {
    expect(reverseOverrides('ab \u202ecba\u202c de')).toBe('ab abc\u202c de');
    expect(reverseOverrides('\u202e321\n321')).toBe('123\n321');
    expect(reverseOverrides('\u202e21\u202c \u202e43')).toBe('12\u202c 34');
    expect(reverseOverrides('x \u202e')).toBe('x ');
  });

  it('keeps a surrogate pair whole and is null without an override', () => {
    expect(reverseOverrides('\u202ea\u{1d7ce}b')).toBe('b\u{1d7ce}a');
    expect(reverseOverrides('plain \u2067text\u2069')).toBeNull();
  });

  it('reads an override inside an override as part of the outer one, each character once', () => {
    expect(reverseOverrides('\u202eab\u202ecd\u202cef')).toBe('dc\u202eba\u202cef');
    const many = '\u202e'.repeat(200_000);
    expect(reverseOverrides(many)).toBe('\u202e'.repeat(199_999));
  });
});
