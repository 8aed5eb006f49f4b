import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { annotationsForReader, renderForReader, renderMarkup } from './decode-for-reader.js';

describe('renderForReader', () => {
  it("reads an image as its alt text, HTML's as markdown's, unless it is hidden", () => {
    const shown: Array<[string, string]> = [
      ['2<img src="x.png" alt="9">0', '290'],
      ["2<IMG SRC=x.png ALT='9 1'/>0", '29 10'],
      ['2<img alt=9>0', '290'],
      ['2<img title=" alt=" alt="9">0', '290'],
      ['2<img alt="&#57;">0', '290'],
      ['2<img src="x.png">0', '20'],
      ['2<img alt="9" hidden>0', '20'],
      ['2<img alt="9" style="display:none">0', '20'],
      ['2<span alt="9">0</span>', '20'],
      ['2![9](x.png)0', '290'],
    ];
    for (const [text, expected] of shown) expect([text, renderForReader(text)]).toEqual([text, expected]);
  });

  it('drops the content of elements a page does not show, up to their matching end tag', () => {
    const shown: Array<[string, string]> = [
      ['2<span hidden>9</span>0', '20'],
      ['2<span HIDDEN="">9</span>0', '20'],
      ['2<b hidden=hidden>9</b>0', '20'],
      ['2<span style="display:none">9</span>0', '20'],
      ["2<span style='color:red; display : none !important'>9</span>0", '20'],
      ['2<i style="visibility:hidden">9</i>0', '20'],
      ['2<i style="opacity:0">9</i>0', '20'],
      ['2<i style="font-size:0px">9</i>0', '20'],
      ['2<script>var x = "<b>9</b>";</script>0', '20'],
      ['2<style>p { color: red }</style>0', '20'],
      ['2<template><p>9</p></template>0', '20'],
      ['2<noscript>9</noscript>0', '20'],
      ['2<svg><desc>9</desc><rect>9</rect></svg>0', '20'],
      ['2<datalist><option>9</option></datalist>0', '20'],
      // Media, canvas and gauges show no text of their own (fallback content is for browsers that lack them).
      ['2<audio>9</audio>0', '20'],
      ['2<video src="v.mp4"><p>9</p></video>0', '20'],
      ['2<canvas>9</canvas>0', '20'],
      ['2<progress value="9" max="10">9</progress>0', '20'],
      ['2<meter value="0.9">9</meter>0', '20'],
      // A ruby's annotations show in a row above its base (read apart: annotationsForReader).
      ['<ruby>2<rp>(</rp><rt>9</rt><rp>)</rp></ruby>0', '20'],
      // A <dialog> shows only when open.
      ['2<dialog>9</dialog>0', '20'],
      ['2<dialog open>9</dialog>0', '290'],
      // Elements of the same name nest; others inside are hidden with them.
      ['2<span hidden><span>9</span>9</span>0', '20'],
      ['2<div hidden><b>9</b></div>0', '2\n0'],
      // A closed <details> shows its summary only; an open one shows all. Each is a block, as is its summary.
      ['<details><summary>2</summary>9</details>0', '\n\n2\n0'],
      ['<details>9</details>20', '\n20'],
      ['<details open><summary>2</summary>9</details>0', '\n\n2\n9\n0'],
      // One left open hides the rest.
      ['20<span hidden>9', '20'],
      // An end tag of another name (`</span.x>`, `</span-x>`) ends nothing; a custom element is no hidden one.
      ['2<span hidden>9</span.x>9</span-x>9</span>0', '20'],
      ['2<script-x>9</script-x>0', '290'],
    ];
    for (const [text, expected] of shown) expect([text, renderForReader(text)]).toEqual([text, expected]);
  });

  it('ends a tag where HTML does: a `="` in its name or at an attribute name\'s start opens no quoted value', () => {
    expect(renderForReader('2<x="y>9</x>0')).toBe('290');
    expect(renderForReader('2<span ="x>9">0')).toBe('29">0');
    expect(renderForReader("2<span/='x>9</span>0")).toBe('290');
    // A value after an attribute's name is quoted: a `>` inside it ends nothing, an unclosed one runs to the end.
    expect(renderForReader('2<span title = "a>b">9</span>0')).toBe('290');
    expect(renderForReader('2<span title="unclosed>9</span>0')).toBe('2');
    expect(
      containsMarker(
        'GK-ECHO-0a1b2c3d<x="y>4e5f60718293a4b5c6d7e8f9',
        'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      ),
    ).toBe(true);
  });

  it('reads a style attribute as HTML tokenizes it, its character references decoded and of any length', () => {
    const pad = 'margin:0;'.repeat(40);
    const hidden = [
      `<span style="${pad}display:none">`,
      `<span style='font-family:"Arial"; display:none'>`,
      `<span style="font-family:'Arial'; display:none">`,
      '<span style="display:&#110;one">',
      '<span style="display&colon;none">',
      '<span style="visibility:&#x68;idden">',
      '<span style="DISPLAY:NONE !important">',
      '<span style="color:red;\n  display\n:\tnone">',
      '<span style=display:none>',
      '<span title="a>b" style=\'display:none\'>',
      '<span title="x"style="display:none">',
      '<span data-x="style=" style="display:none">',
      '<span style="display:/**/none">',
      '<span style="display/* a */:&#47;&#42;*/none">',
      '<span style="opacity:.0">',
      '<span style="font-size:00.00px">',
      '<span/hidden>',
      '<span title="x"hidden>',
      '<span hidden="until-found">',
      // CSS escapes, and punctuation written as named references a style's CSS reads.
      '<span style="display:n\\one">',
      '<span style="display:\\6e one">',
      '<span style="d\\69splay:none">',
      '<span style="display:\\00006eone">',
      '<span style="display:&bsol;6e one">',
      '<span style="display:/&ast;x&ast;/none">',
      '<span style="display:&sol;&ast;x*/none">',
      '<span style="opacity:&period;0">',
      // Values that show nothing: a negative opacity is clamped to 0, and `+0` is zero.
      '<span style="opacity:-1">',
      '<span style="opacity:-0.5">',
      '<span style="opacity:+0">',
      '<span style="font-size:+0">',
    ];
    for (const tag of hidden) expect([tag, renderForReader(`2${tag}9</span>0`)]).toEqual([tag, '20']);
    expect(renderForReader(`2<img alt="9" style='font-family:"A";display:none'>0`)).toBe('20');
    // HTML keeps the first of two style attributes; a style or hidden inside another value is no attribute.
    const shown = [
      '<span style="color:red" style="display:none">',
      '<span title="style=display:none">',
      '<span title="a hidden b">',
      '<span data-style="display:none">',
      '<span style="opacity:0.5">',
      '<span style="opacity:00.01">',
      '<span style="dis/**/play:none">',
      '<span style="display:/* none">',
      '<span style="display:\\6e 0ne">',
      '<span style="opacity:- 1">',
      '<span style="font-size:-1px">',
    ];
    for (const tag of shown) expect([tag, renderForReader(`2${tag}9</span>0`)]).toEqual([tag, '290']);
    // An `open` inside another attribute's value opens no <dialog> or <details>; one after a quoted value does.
    expect(renderForReader('2<dialog title="a open b">9</dialog>0')).toBe('20');
    expect(renderForReader('<details title=" open ">9</details>20')).toBe('\n20');
    expect(renderForReader('2<dialog title="a"open>9</dialog>0')).toBe('290');
    // A value left open runs to the end of the text: the tag never closes, so nothing after it shows.
    expect(renderForReader('2<span style="display:none>9</span>0')).toBe('2');
    expect(renderForReader("2<span style='color:red>9</span>0")).toBe('2');
  });

  it('keeps what a page shows: styled and other elements, void elements with hidden', () => {
    expect(renderForReader('2<span style="color:red">9</span>0')).toBe('290');
    expect(renderForReader('2<span style="opacity:0.5">9</span>0')).toBe('290');
    expect(renderForReader('2<span title="hidden">9</span>0')).toBe('290');
    expect(renderForReader('2<img hidden>9<br hidden>0')).toBe('29\n0');
  });

  it('reads markdown inline links and images as their text, the destination and title dropped', () => {
    const shown: Array<[string, string]> = [
      ['Or [91](https://q.example/a) days', 'Or 91 days'],
      ['Or [9](u "t")[1](v) days', 'Or 91 days'],
      ['9[](https://q.example/a)1', '91'],
      ['9![](https://q.example/a.png)1', '91'],
      ['![alt](a.png)', 'alt'],
      ['[Redmoor](u) Cleaning', 'Redmoor Cleaning'],
      ['[a(b)c](u(v)w) d', 'a(b)c d'],
      ['[![x](i.png)](u)', 'x'],
      ['[a](<u v>)b', 'ab'],
      ['[0a1b](#r)[2c3d](#r)', '0a1b2c3d'],
    ];
    for (const [text, expected] of shown) expect([text, renderForReader(text)]).toEqual([text, expected]);
  });

  it('leaves brackets that make no link, and escaped ones, as written', () => {
    expect(renderForReader('[1] and [2] (see)')).toBeNull();
    expect(renderForReader('a [b](c')).toBe('a [b](c');
    expect(renderForReader('\\[b](c)')).toBe('\\[b](c)');
    expect(renderForReader('a](b)')).toBe('a](b)');
  });

  it('keeps <sup> tags for a reader of footnotes, and character references for its own decoding', () => {
    expect(renderMarkup('a<sup><span hidden>x</span>2</sup>', true)).toBe('a<sup>2</sup>');
    expect(renderMarkup('a<sup>2</sup> &#91;', false)).toBe('a2 &#91;');
  });
});

// What a page shows that the rendered reading dropped, or kept (a thirty-fifth review): a marker split in three, its
// parts apart in every reading (hidden filler between them in the others), was missed although a page shows it whole.
describe('renderForReader: what a page shows', () => {
  it.each([
    // An input shows its value, else its placeholder, for the types that show text.
    ['2<input value=9>0', '290'],
    ['2<input type="search" placeholder="9">0', '290'],
    ['2<input type=hidden value=9>0', '20'],
    ['2<input type=password value=9>0', '20'],
    ['2<input value=9 hidden>0', '20'],
    // A style's last declaration of a property counts, unless an earlier one is `!important`; `hidden` yields to a
    // `display` of the element's own; a `;` in a string parts no declaration.
    ['2<span style="display:none;display:inline">9</span>0', '290'],
    ['2<span style="display:none !important;display:inline">9</span>0', '20'],
    ['2<span style="display:inline;display:none">9</span>0', '20'],
    ['2<span hidden style="display:inline">9</span>0', '290'],
    ['2<span hidden style="display:none">9</span>0', '20'],
    ['2<span style="content:\';display:none\'">9</span>0', '290'],
    // A descendant of an element hidden by `visibility` alone shows when it sets `visible` again.
    ['2<i style="visibility:hidden">9<b style="visibility:visible">8</b>9</i>0', '280'],
    ['2<i style="visibility:hidden;opacity:0">9<b style="visibility:visible">8</b>9</i>0', '20'],
    // A raw-text element a style displays shows its text.
    ['2<script style="display:block">9</script>0', '290'],
    // A script ends as HTML's tokenizer reads script data: a `<script` inside `<!--` double-escapes a `</script>`.
    ['2<script><!--<script></script>9 --></script>0', '20'],
    ['2<script><!--<script></script>9 </script>0', '20'],
    ['2<script><!--</script>0', '20'],
    ['2<script>"<script></script>0', '20'],
    // An element whose end tag may be left out ends where HTML's parser ends it.
    ['<p hidden>9<div>2</div>0', '\n\n2\n0'],
    ['<ul><li hidden>9<li>2</ul>0', '\n\n\n2\n0'],
    ['2<li hidden><ul><li>9</li></ul>9</li>0', '2\n0'],
    ['<dl><dt hidden>9<dd>2</dl>0', '\n\n\n2\n0'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it('finds a marker whose parts hidden filler keeps apart in the other readings', () => {
    const marker = 'GK-ECHO-0123456789abcdef0123456789abcdef';
    const hex = marker.slice('GK-ECHO-'.length);
    const [a, b, c] = [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)];
    const filler = '<span hidden>z</span>';
    for (const text of [
      `${a}<input value="${b}" size=11>${c}`,
      `${a}${filler}<span hidden style="display:inline">${b}</span>${filler}${c}`,
      `${a}${filler}<span style="display:none;display:inline">${b}</span>${filler}${c}`,
      `${a}<span style="visibility:hidden">zz<span style="visibility:visible">${b}</span>zz</span>${c}`,
      `${a}${filler}<script style="display:block">${b}</script>${filler}${c}`,
      `<p hidden>z<div>${a}${filler}${b}${filler}${c}</div>`,
      `<ul><li hidden>z<li>${a}${filler}${b}${filler}${c}</ul>`,
    ])
      expect(containsMarker(`GK-ECHO-${text}`, marker), text).toBe(true);
  });
});

// A ruby shows its annotations in a row above its base (a thirty-fifth review): read inline, annotation filler kept a
// marker split across the base apart in every reading, and one split across the annotations had the base between.
describe('annotationsForReader', () => {
  it('reads the annotations of every ruby in a row, and nothing where there are none', () => {
    expect(annotationsForReader('<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rt>ji</rt></ruby>')).toBe(
      'kanji',
    );
    expect(annotationsForReader('<ruby>a<rt>1<rt>2</ruby><ruby>b<RT class=x>&#51;</rt></ruby>')).toBe('123');
    expect(annotationsForReader('<ruby>a<rtc>1</rtc></ruby> and <rt-x>2</rt-x>')).toBeNull();
  });

  it('finds a marker split across a ruby base or across its annotations', () => {
    const marker = 'GK-ECHO-0123456789abcdef0123456789abcdef';
    const hex = marker.slice('GK-ECHO-'.length);
    const [a, b, c] = [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)];
    for (const text of [
      `<ruby>${a}<rt>z</rt>${b}<rt>z</rt>${c}<rt>z</rt></ruby>`,
      `<ruby>x<rt>${a}</rt>y<rt>${b}</rt>w<rt>${c}</rt></ruby>`,
    ])
      expect(containsMarker(text, marker), text).toBe(true);
  });
});
