import { describe, expect, it } from 'vitest';
import { decodeForReader } from './decode-for-reader.js';

describe('decodeForReader', () => {
  describe('markup', () => {
    it('removes tags, comments, declarations and processing instructions, as a page shows the text', () => {
      const shown: Array<[string, string]> = [
        ['a<b>b</b>c', 'abc'],
        ['a<wbr>b', 'ab'],
        ['a<i></i>b', 'ab'],
        ['a<span style="color: red">b</span>c', 'abc'],
        ['a<span title="x>y">b</span>', 'ab'],
        ["a<i title='>'>b</i>", 'ab'],
        ['a<b\nclass=x>b</b >', 'ab'],
        ['a<!-- x -->b', 'ab'],
        ['a<!---->b', 'ab'],
        ['a<!-->b', 'ab'],
        ['a<!--->b', 'ab'],
        ['a<!-- x --!>b', 'ab'],
        ['a<?php echo 1 ?>b', 'ab'],
        ['a<!DOCTYPE html>b', 'ab'],
        ['a<![CDATA[x]]>b', 'ab'],
        ['a</>b', 'ab'],
        ['a</ x>b', 'ab'],
      ];
      for (const [text, expected] of shown) expect([text, decodeForReader(text)]).toEqual([text, expected]);
    });

    it("reads a block element's tag as a line break, so the words on either side stay apart", () => {
      expect(decodeForReader('Osprey<br>Q47')).toBe('Osprey\nQ47');
      expect(decodeForReader('Osprey<BR/>Q47')).toBe('Osprey\nQ47');
      expect(decodeForReader('<p>Osprey</p><p>Q47</p>')).toBe('\nOsprey\n\nQ47\n');
      expect(decodeForReader('<td>5</td><td>5</td>')).toBe('\n5\n\n5\n');
      expect(decodeForReader('<blockquote>a</blockquote>')).toBe('\na\n');
      // An inline element, or one whose name only begins like a block's, joins.
      expect(decodeForReader('<b>5</b><bdi>5</bdi><param>5<thead>')).toBe('555');
    });

    it('reads a custom element whose name starts like a block element, <br> or </bdo> as the inline element it is', () => {
      expect(decodeForReader('7<p-x></p-x>06 <br-x>5<div.y>5<li-x>')).toBe('706 55');
      expect(decodeForReader('a<br/>b<p\tclass=x>c</p\n>')).toBe('a\nb\nc\n');
      // `</bdo-x>` and `</bdo.x>` are end tags of other elements: the override runs on.
      expect(decodeForReader('<bdo dir=rtl>ab</bdo-x>cd</bdo.x>ef</bdo>g')).toBe('\u202eabcdef\u202cg');
    });

    it('hides the rest of the text after a tag, comment or quoted value left open, as a browser does', () => {
      expect(decodeForReader('a<b c')).toBe('a');
      expect(decodeForReader('a<!-- b')).toBe('a');
      expect(decodeForReader('a<i title="b>c')).toBe('a');
      expect(decodeForReader('a<!b')).toBe('a');
    });

    it('reads <bdo> as a right-to-left override wherever HTML reads its dir as rtl, and nowhere else', () => {
      // A reference in the value, a `>` in another quoted value, a dir far into the tag or right after a quoted value.
      const rtl = [
        '<bdo dir="&#114;tl">',
        "<bdo dir='&#x52;TL'>",
        '<bdo title=">" dir="rtl">',
        `<bdo data-x="${'a'.repeat(300)}" dir="rtl">`,
        '<bdo title="x"dir=rtl>',
        '<BDO class=x DIR = RTL>',
      ];
      for (const tag of rtl)
        expect([tag, decodeForReader(`${tag}ba</bdo>`)]).toEqual([tag, '\u202eba\u202c']);
      // Another value, `dir=rtl` inside another attribute's value, a second dir (HTML keeps the first), another element.
      const ltr = [
        '<bdo dir="ltr">',
        '<bdo title="dir=rtl">',
        '<bdo dir="ltr" dir="rtl">',
        '<bdo-x dir="rtl">',
      ];
      for (const tag of ltr) expect([tag, decodeForReader(`${tag}ba</bdo>`)]).toEqual([tag, 'ba\u202c']);
    });

    it('leaves a < that opens no markup as written', () => {
      expect(decodeForReader('1 < 2, 2<3 and x <= y')).toBeNull();
      expect(decodeForReader('a <- b <')).toBeNull();
    });
  });

  describe('character references', () => {
    it('decodes named references that render as nothing or as a space', () => {
      for (const name of ['shy', 'ZeroWidthSpace', 'NoBreak', 'zwj', 'zwnj', 'lrm', 'InvisibleTimes', 'af']) {
        expect([name, decodeForReader(`a&${name};b`)]).toEqual([name, 'ab']);
      }
      for (const name of ['nbsp', 'NonBreakingSpace', 'thinsp', 'ensp', 'emsp', 'hairsp', 'MediumSpace']) {
        expect([name, decodeForReader(`a&${name};b`)]).toEqual([name, 'a b']);
      }
    });

    it('decodes named references that render as a letter or digit a marker holds', () => {
      expect(decodeForReader('&aopf;&Bscr;&cfr;&Dopf;')).toBe('aBcD');
      expect(decodeForReader('&ExponentialE;&dd;&ee;&DD;&ordf;&Fouriertrf;&Cayleys;')).toBe('edeDaFC');
      expect(decodeForReader('&fflig;&fjlig;&sup1;&sup2;&sup3;')).toBe('fffj123');
      expect(decodeForReader('&frac12; &half;')).toBe('1⁄2 ½');
    });

    it('decodes a legacy name without its ;, before other letters too, as HTML does', () => {
      expect(decodeForReader('a&shyb')).toBe('ab');
      expect(decodeForReader('a&nbspb')).toBe('a b');
      expect(decodeForReader('a&shyab;')).toBe('aab;');
      expect(decodeForReader('&ltb&gt')).toBe('<b>');
      // `&ZeroWidthSpace` without its `;` is no reference.
      expect(decodeForReader('a&ZeroWidthSpaceb')).toBe('a&ZeroWidthSpaceb');
    });

    it('decodes once: markup written as references is text, and a reference written as one is too', () => {
      expect(decodeForReader('&lt;b&gt;5')).toBe('<b>5');
      expect(decodeForReader('&amp;#52;&amp;shy;')).toBe('&#52;&shy;');
      expect(decodeForReader('&#60;wbr&#62;')).toBe('<wbr>');
    });

    it('reads a hex letter with a diacritic named by a reference as the letter and a dot above, legacy names without ;', () => {
      const names =
        '&aacute;&Ccedil;&ecaron;&amacr;&aogon;&edot;&dstrok;&aring;&Dcaron;&abreve;&atilde;&ecirc;&Auml;&egrave;';
      expect(decodeForReader(names)).toBe('aCeaaedaDaaeAe'.replace(/./g, '$&\u0307'));
      // Each composes into one character (`ȧ` to `ḟ`), which a marker reader drops, or reads as its letter.
      expect(decodeForReader(names)?.normalize('NFC')).toBe('ȧĊėȧȧėḋȧḊȧȧėȦė');
      expect(decodeForReader('&aacuteb&ccedild&eacutef0&Auml')).toBe('a\u0307bc\u0307de\u0307f0A\u0307');
      // Names that only end like one (`&odot;` ⊙, `&sdot;` ⋅, `&eDot;` ≑, `&ddotseq;` ⩷, `&acute;` ´), and letters no
      // marker holds (`&ouml;`), read as one character a marker does not hold.
      expect(decodeForReader('&odot;&sdot;&eDot;&ddotseq;&acute;&uml;&ouml;')).toBe('\ufffd'.repeat(7));
    });

    it('reads another named reference as one character a marker does not hold, unless only hex digits name it', () => {
      expect(decodeForReader('a&times;b&ltimes;c')).toBe('a\ufffdb\ufffdc');
      expect(decodeForReader('a&dead;b&Beef12;')).toBe('a&dead;b&Beef12;');
      expect(decodeForReader('AT&T and &c')).toBe('AT&T and &c');
    });

    it('decodes a numeric reference written with any number of leading zeros, as browsers do', () => {
      expect(decodeForReader('&#00000048;&#x0000000061;&#X00000000000062&#0000000000052')).toBe('0ab4');
      expect(decodeForReader(`&#${'0'.repeat(100)}49;`)).toBe('1');
    });

    it('reads a numeric reference to no character, a surrogate or NUL as U+FFFD, all its digits, as HTML does', () => {
      const refs = [
        '&#1114112;',
        '&#xD800;',
        '&#55296;',
        '&#x110000;',
        '&#99999999;',
        '&#0;',
        '&#x0;',
        '&#1114112',
      ];
      for (const ref of refs) expect([ref, decodeForReader(`a${ref}b`)]).toEqual([ref, 'a\ufffdb']);
      expect(decodeForReader(`&#${'9'.repeat(40)};1`)).toBe('\ufffd1');
    });

    it('decodes percent-escapes as UTF-8, as a browser shows a link, and an invalid sequence as written', () => {
      expect(decodeForReader('ab%C3%A7d%C3%a9f%D9%A0%EF%BC%91%F0%9D%9F%8E')).toBe('abçdéf010');
      expect(decodeForReader('%FF%C3%A7%E2%82%AC%C3 %C0%80 %ED%A0%80 %E2%82')).toBe(
        '%FFç€%C3 %C0%80 %ED%A0%80 %E2%82',
      );
      expect(decodeForReader('%61%62%00')).toBe('ab\u0000');
    });

    it('still decodes numeric references, percent-escapes, digits of other scripts and tag characters', () => {
      expect(decodeForReader('&#52;&#x61;%62٣\u{E0063}')).toBe('4ab3c');
      expect(decodeForReader('plain text, nothing to decode')).toBeNull();
    });
  });
});
