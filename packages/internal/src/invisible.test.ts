import { describe, expect, it } from 'vitest';
import { hasInvisible, isBlank, isInvisible, stripInvisible } from './invisible.js';

// Default_Ignorable_Code_Point samples and every bidi control.
const INVISIBLE = [
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a,
  0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2061, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206f, 0x3164,
  0xfe00, 0xfe0f, 0xfeff, 0xffa0, 0x1d173, 0xe0001, 0xe0041, 0xe01ef,
];
const VISIBLE = [0x20, 0x41, 0x2d, 0x2010, 0x00a0, 0x3000, 0x0301, 0x05d0, 0x4e2d, 0x1f600, 0x0a, 0x09];

describe('invisible characters', () => {
  it.each(INVISIBLE)('U+%s is invisible', (code) => {
    expect(isInvisible(code)).toBe(true);
    expect(stripInvisible(`a${String.fromCodePoint(code)}b`)).toBe('ab');
    expect(hasInvisible(String.fromCodePoint(code))).toBe(true);
  });

  it.each(VISIBLE)('U+%s is not', (code) => {
    expect(isInvisible(code)).toBe(false);
    expect(stripInvisible(String.fromCodePoint(code))).toBe(String.fromCodePoint(code));
  });

  it('leaves lone surrogates and text alone', () => {
    expect(stripInvisible('a\ud800b\udc00')).toBe('a\ud800b\udc00');
    expect(hasInvisible('plain text [2]')).toBe(false);
  });

  it('strips every occurrence, also when called again', () => {
    expect(stripInvisible('[\u00ad2\u200b]')).toBe('[2]');
    expect(stripInvisible('[\u00ad2\u200b]')).toBe('[2]');
  });
});

describe('isBlank', () => {
  it('is true for nothing visible: empty, whitespace, invisible characters', () => {
    for (const text of [
      '',
      ' \t\n\r',
      '\u00a0\u3000',
      '\u200b\u2060\ufeff',
      '\u00ad',
      '\u202e \u2066',
      '\u180e',
    ])
      expect(isBlank(text)).toBe(true);
  });

  it('is true for control characters and blank symbols, which show nothing either', () => {
    for (const text of ['\u0000', '\u0001', '\u0007\u001b', '\b', '\u007f', '\u0085', '\u009f', '\u2800']) {
      expect(isBlank(text)).toBe(true);
    }
    // The Hangul fillers are Default_Ignorable_Code_Point, so invisible already.
    for (const code of [0x115f, 0x1160, 0x3164, 0xffa0])
      expect(isBlank(String.fromCodePoint(code))).toBe(true);
    for (const code of [0xfff9, 0xfffa, 0xfffb, 0x13430, 0x13438, 0x1343f, 0x16fe4])
      expect(isBlank(` ${String.fromCodePoint(code)} `)).toBe(true);
    expect(isBlank('\u0000a\u2800')).toBe(false);
    expect(isBlank('\ufff9a\ufffb')).toBe(false);
  });

  it('is false as soon as one visible character is there', () => {
    for (const text of ['a', ' . ', '\u200b1', '\ud800', '\u0301']) expect(isBlank(text)).toBe(false);
  });

  it('runs in linear time on a huge blank string', () => {
    expect(isBlank(' \u200b'.repeat(500_000))).toBe(true);
    expect(isBlank(`${' \u200b'.repeat(500_000)}x`)).toBe(false);
  });

  it('runs in linear time on characters that are both whitespace and invisible (U+FEFF) before a visible one', () => {
    // One pattern alternative per kind once matched U+FEFF twice: each one more doubled the time (26 took 1.2 s).
    expect(isBlank(`${'\ufeff'.repeat(500_000)}a`)).toBe(false);
    expect(isBlank('\ufeff\u0000\u2800'.repeat(100_000))).toBe(true);
  });
});
