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

  it('ends an override at a PDI only when it closes an isolate: one opened inside the override, or one that holds it', () => {
    // A PDI that closes no isolate does nothing (UAX #9, rule X6a).
    expect(reverseOverrides('\u202ecb\u2069a\u202cd')).toBe('a\u2069bc\u202cd');
    // One that closes an isolate opened inside the override ends that isolate only; a PDF inside it ends nothing.
    expect(reverseOverrides('\u202ed\u2066c\u202c\u2069ba\u202ce')).toBe('ab\u2069\u202cc\u2066d\u202ce');
    // An override inside an isolate ends with it; a paragraph end closes every isolate.
    expect(reverseOverrides('\u2067\u202eba\u2069cd')).toBe('\u2067ab\u2069cd');
    expect(reverseOverrides('\u2067x\n\u202eba\u2069c\u202c')).toBe('\u2067x\nc\u2069ab\u202c');
  });

  it('reads an override or embedding inside an override as part of the outer one, up to its own pop, each character once', () => {
    // libfribidi shows `\u202eab\u202ecd\u202cef` as fedcba: the first PDF closes the inner override only.
    expect(reverseOverrides('\u202eab\u202ecd\u202cef')).toBe('fe\u202cdc\u202eba');
    expect(reverseOverrides('\u202eab\u202ecd\u202cef\u202cgh')).toBe('fe\u202cdc\u202eba\u202cgh');
    expect(reverseOverrides('\u202eab\u202bcd\u202cef\u202cgh')).toBe('fe\u202cdc\u202bba\u202cgh');
    // A PDF inside an isolate opened inside the override ends nothing, whatever embeddings it opened.
    expect(reverseOverrides('\u202ea\u2066\u202b\u202c\u202c\u2069b\u202cc')).toBe(
      'b\u2069\u202c\u202c\u202b\u2066a\u202cc',
    );
    const many = '\u202e'.repeat(200_000);
    expect(reverseOverrides(many)).toBe('\u202e'.repeat(199_999));
  });
});
