import { describe, expect, it } from 'vitest';
import { readAsRendered } from './read-as-rendered.js';

describe('readAsRendered', () => {
  it('decodes backslash escapes of ASCII punctuation', () => {
    expect(readAsRendered('mayor\\@evil.example')).toBe('mayor@evil.example');
    expect(readAsRendered('ECLI\\:NL 10\\.1000\\/x www\\.a.org')).toBe('ECLI:NL 10.1000/x www.a.org');
    // An escaped backslash is the backslash: what follows it is read as written.
    expect(readAsRendered('a\\\\@b')).toBe('a\\\\@b');
    // Not an escape: a backslash before a letter, a digit or a space.
    expect(readAsRendered('a\\b \\1 \\ c')).toBe('a\\b \\1 \\ c');
  });

  it('decodes decimal, hexadecimal and named character references', () => {
    expect(readAsRendered('a&#64;b &#X40; &#x3a; &colon; &sol; &period; &commat; &amp;')).toBe(
      'a@b @ : : / . @ &',
    );
    // One pass: a reference written with an escaped `&` or as `&amp;` stays text.
    expect(readAsRendered('\\&#64; &amp;#64;')).toBe('&#64; &#64;');
    // Unknown names and case variants that name other characters stay as written (`&Colon;` is U+2237).
    expect(readAsRendered('&Colon; &nosuch;')).toBe('&Colon; &nosuch;');
    // A reference to no character stays as written, as does one to a control (`&#0;`).
    expect(readAsRendered('&#1114112; &#0;')).toBe('&#1114112; &#0;');
    expect(readAsRendered('a&lowbar;b&ast;c&comma;')).toBe('a_bc,');
  });

  it('keeps link syntax, spaces and controls as written', () => {
    for (const text of [
      '\\( \\) \\[ \\] \\< \\> \\" \\\' \\`',
      '&quot; &lt; &gt; &#40; &#41; &#91; &#93;',
      '&#32; &#10; &#9;',
    ])
      expect(readAsRendered(text), text).toBe(text);
  });

  it('removes emphasis and strikethrough delimiters, and `_` except between letters, digits or parentheses', () => {
    expect(readAsRendered('**ECLI**:NL *mayor*@x.org ~~a~~ may*or*@x')).toBe('ECLI:NL mayor@x.org a mayor@x');
    expect(readAsRendered('_mayor_@x.org __init__.py')).toBe('mayor@x.org init.py');
    expect(readAsRendered('first_last@x.org wiki/Budget_(city) snake_case_name')).toBe(
      'first_last@x.org wiki/Budget_(city) snake_case_name',
    );
    // An escaped or referenced delimiter renders as itself: it is read like one written plainly.
    expect(readAsRendered('a\\*b&ast;c')).toBe('abc');
  });

  it('keeps delimiters inside a path, where markdown reads no emphasis, unless only closing ones end the word', () => {
    expect(readAsRendered('https://a.org/~alice/ https://a.org/_x/setup_.exe /down*load /a~b~')).toBe(
      'https://a.org/~alice/ https://a.org/_x/setup_.exe /down*load /a~b',
    );
    // Bold or struck-through around a link, and before the punctuation that ends a sentence, is still emphasis.
    expect(readAsRendered('**https://a.org/x** ~~https://a.org/y~~. _https://a.org/z_, *see /p*!')).toBe(
      'https://a.org/x https://a.org/y. https://a.org/z, see /p!',
    );
    // A space ends the path: emphasis after it is read as emphasis again.
    expect(readAsRendered('a/b *mayor*@x.org')).toBe('a/b mayor@x.org');
  });

  it('keeps a `_` run in a word with an `@` unless it pairs with another there', () => {
    expect(readAsRendered('_x@evil.example a_@evil.example __@evil.example x@evil_.example')).toBe(
      '_x@evil.example a_@evil.example __@evil.example x@evil_.example',
    );
    // `_a_b`: a `_` between two letters neither opens nor closes, so the first pairs with none (GFM links `_a_b@x.org`).
    expect(readAsRendered('_x@evil.example_ (__x@evil.example__). _mayor_@x.org _a_b@x.org')).toBe(
      'x@evil.example (x@evil.example). mayor@x.org _a_b@x.org',
    );
    // A word without an `@` reads as before, and so does a run paired across words (the address's trailing `_` is
    // trimmed when it is compared).
    expect(readAsRendered('__init__.py _see x@evil.example_')).toBe('init.py see x@evil.example_');
  });

  it('keeps every delimiter inside an autolink, where markdown reads no emphasis', () => {
    expect(readAsRendered('<*@example.org> <_x_@evil.example> <https://a.org/_x_> *<https://a.org/y>*')).toBe(
      '<*@example.org> <_x_@evil.example> <https://a.org/_x_> <https://a.org/y>',
    );
  });

  it('returns text without markup unchanged', () => {
    const text = 'The ruling ECLI:NL:HR:2020:1234 at https://a.org/x?y=1.';
    expect(readAsRendered(text)).toBe(text);
  });
});
