import { describe, expect, it } from 'vitest';
import { shownInPlace } from './shown-in-place.js';

// What stands in for what a page does not show.
const PAD = '\u200b';
const shown = (text: string): string => shownInPlace(text).replaceAll(PAD, '');

describe('shownInPlace', () => {
  it('keeps every offset: the result is as long as the text', () => {
    for (const text of [
      'in&shy;effective',
      '&lt;18 &#x2265;18 &#8805;18 &lt18',
      'in<!-- a comment -->effective <b>bold</b><br>next',
      '-*40* in~~effective~~ snake_case',
      '&unknownname; &#; & alone',
    ])
      expect(shownInPlace(text).length, text).toBe(text.length);
  });

  it('returns the text itself when nothing in it shows otherwise', () => {
    const text = 'Plain text with 40% and -40 degrees.';
    expect(shownInPlace(text)).toBe(text);
  });

  it('decodes references: named, decimal and hexadecimal, with or without `;` as a browser does', () => {
    expect(shown('&minus;40 &ge;18 &plusmn;2 &dollar;5 &nbsp;')).toBe('\u221240 \u226518 \u00b12 $5 \u00a0');
    expect(shown('&#x2d;40 &#45;40 &#x202F; &#x25; &#8203;')).toBe('-40 -40 \u202f % ');
    expect(shown('&lt18 &amp &eacute;t&eacute;')).toBe('<18 & \u00e9t\u00e9');
    expect(shown('in&shy;effective in&zwj;effective in&ZeroWidthSpace;effective')).toBe(
      'ineffective ineffective ineffective',
    );
  });

  it('leaves as typed a name it does not know, an escaped reference and a reference with no digits', () => {
    for (const text of ['&foo; bar', '\\&minus;40', '&#;', '&#x;', 'a & b'])
      expect(shown(text), text).toBe(text);
  });

  it('reads comments, declarations and inline tags as nothing, tags shown apart as a space', () => {
    expect(shown('in<!-- -->effective')).toBe('ineffective');
    expect(shown('in<wbr>effective in<b>effective</b> in<span class="x">effective</span>')).toBe(
      'ineffective ineffective ineffective',
    );
    expect(shown('one<br>two<p>three</p>')).toBe('one two three ');
    expect(shown('10<sup>6</sup>')).toBe('106');
    expect(shown('a <!-- unclosed comment')).toBe('a <!-- unclosed comment');
    expect(shown('x < 5 and y > 3')).toBe('x < 5 and y > 3');
  });

  it('reads emphasis inside a word or beside a sign as nothing, and keeps it where it stands apart', () => {
    expect(shown('-*40* in**effective** in~~effective~~ -_40_')).toBe(
      '-40* ineffective** ineffective~~ -40_',
    );
    expect(shown('a * b, *word*, snake_case, 1_500, \\*x*y')).toBe('a * b, *word, snake_case, 1_500, \\*xy');
  });
});
