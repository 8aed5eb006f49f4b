import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { renderForReader } from './decode-for-reader.js';

// A thirty-sixth review found text a page shows read as hidden: a descendant that sets a size again inside an element
// of zero `font-size`, or `visibility: initial` (or `all: initial`) inside a hidden one; the text of an `<svg>`'s
// `<text>` and of HTML in its `<foreignObject>`; an empty `<textarea>`'s placeholder. A marker split by hidden filler
// around such text was missed.

describe('renderForReader: a descendant that shows again', () => {
  it.each([
    // A zero font size is inherited: a size that does not depend on the parent's shows again.
    ['2<i style="font-size:0">9<b style="font-size:16px">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font-size:1rem">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font-size:medium">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font-size:initial">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font-size:2vw">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font:16px serif">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="font:italic bold 12px/30px Georgia">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b style="all:initial">8</b>9</i>0', '280'],
    ['2<i style="font-size:0">9<b><u style="font-size:16px">8</u></b>9</i>0', '280'],
    ['2<i style="font-size:0">9<img style="font-size:16px" alt=8>9</i>0', '280'],
    // One relative to the parent's stays zero, as does an inherited one.
    ['2<i style="font-size:0">9<b style="font-size:2em">8</b>9</i>0', '20'],
    ['2<i style="font-size:0">9<b style="font-size:150%">8</b>9</i>0', '20'],
    ['2<i style="font-size:0">9<b style="font-size:larger">8</b>9</i>0', '20'],
    ['2<i style="font-size:0">9<b style="font-size:inherit">8</b>9</i>0', '20'],
    ['2<i style="font-size:0">9<b style="all:unset">8</b>9</i>0', '20'],
    ['2<i style="font-size:0">9<b style="font-size:0px">8</b>9</i>0', '20'],
    // `visibility: initial` is `visible`; `all: initial` sets it so too.
    ['2<i style="visibility:hidden">9<b style="visibility:initial">8</b>9</i>0', '280'],
    ['2<i style="visibility:hidden">9<b style="all:initial">8</b>9</i>0', '280'],
    ['2<i style="visibility:hidden">9<b style="visibility:inherit">8</b>9</i>0', '20'],
    ['2<i style="visibility:hidden">9<b style="all:revert">8</b>9</i>0', '20'],
    // Hidden by both, a descendant shows once both are set again, at one level or two.
    ['2<i style="visibility:hidden;font-size:0">9<b style="visibility:visible">8</b>9</i>0', '20'],
    [
      '2<i style="visibility:hidden;font-size:0">9<b style="visibility:visible;font-size:12pt">8</b>9</i>0',
      '280',
    ],
    [
      '2<i style="visibility:hidden;font-size:0"><b style="font-size:12pt">9<u style="visibility:visible">8</u></b></i>0',
      '280',
    ],
    // A hidden descendant stays hidden, whatever it sets.
    ['2<i style="font-size:0"><b style="font-size:16px;display:none">9</b></i>0', '20'],
    ['2<i style="font-size:0"><b hidden style="font-size:16px">9</b></i>0', '20'],
    ['2<i style="font-size:0;opacity:0"><b style="font-size:16px">9</b></i>0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it.each([
    // The `font` shorthand sets the size; `all` sets every property a style can hide by.
    ['2<span style="font:0/0 a">9</span>0', '20'],
    ['2<span style="font: 0 serif">9</span>0', '20'],
    ['2<span style="font:700 16px serif">9</span>0', '290'],
    ['2<span style="font-size:0;font:16px serif">9</span>0', '290'],
    ['2<span style="font:16px serif;font-size:0">9</span>0', '20'],
    ['2<span style="font:caption">9</span>0', '290'],
    ['2<span style="display:none;all:initial">9</span>0', '290'],
    ['2<span style="all:initial;display:none">9</span>0', '20'],
    ['2<span style="display:none!important;all:initial">9</span>0', '20'],
    ['2<span hidden style="all:initial">9</span>0', '290'],
    // A `hidden` attribute's `display` yields to the element's own, but `visibility` still hides.
    ['2<span hidden style="display:inline;visibility:hidden">9</span>0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });
});

describe('renderForReader: an SVG draws the text of its text elements', () => {
  it.each([
    ['2<svg><text x="0" y="20">9</text></svg>0', '290'],
    ['2<svg><text>9<tspan>8</tspan></text></svg>0', '2980'],
    ['2<svg><foreignObject width="9" height="9"><p>9</p></foreignObject></svg>0', '2\n9\n0'],
    // Its own text, and text outside a text element, is not drawn; nor are descriptions and definitions.
    ['2<svg>9<rect>8</rect></svg>0', '20'],
    ['2<svg><desc>9</desc><text>8</text></svg>0', '280'],
    ['2<svg><defs><text id="t">9</text></defs></svg>0', '20'],
    ['2<svg><title>9</title><mask><text>9</text></mask></svg>0', '20'],
    ['2<svg><defs/><text>8</text></svg>0', '280'],
    // HTML's start tags end an SVG where they stand; a foreign element's `/>` closes it.
    ['2<svg><rect><b>9</b></rect></svg>0', '290'],
    ['2<svg><g>8</g><p>9</svg>0', '2\n90'],
    ['2<svg/>9', '29'],
    ['2<svg><text/>9</svg>0', '20'],
    ['2<svg><text>9</svg>0', '290'],
    ['2<svg><text>9</text></svg><desc>8</desc>0', '2980'],
    // Hidden as any element is.
    ['2<svg style="display:none"><text>9</text></svg>0', '20'],
    ['2<svg><text style="visibility:hidden">9</text></svg>0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });
});

describe('renderForReader: a textarea', () => {
  it.each([
    ['2<textarea placeholder=9></textarea>0', '290'],
    ['2<textarea placeholder=9>\n</textarea>0', '29\n0'],
    ['2<textarea placeholder=9>8</textarea>0', '280'],
    ['2<textarea placeholder=9 hidden></textarea>0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });
});

describe('containsMarker on a marker shown again around hidden filler', () => {
  const marker = 'GK-ECHO-0123456789abcdef0123456789abcdef';
  const hex = marker.slice('GK-ECHO-'.length);
  const [a, b, c] = [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)];
  const filler = '<span style="display:none">z</span>';
  it.each([
    [
      'a zero font size undone',
      (s: string) => `<div style="font-size:0"><b style="font-size:16px">${s}</b>zz</div>`,
    ],
    [
      'the font shorthand',
      (s: string) => `<div style="font:0/0 a"><b style="font:16px serif">${s}</b>zz</div>`,
    ],
    [
      'visibility: initial',
      (s: string) => `<div style="visibility:hidden"><b style="visibility:initial">${s}</b>zz</div>`,
    ],
    ['all: initial', (s: string) => `<div style="font-size:0"><b style="all:initial">${s}</b>zz</div>`],
    ['an SVG text', (s: string) => `<svg><text>${s}</text></svg>`],
    ['HTML in an SVG', (s: string) => `<svg><foreignObject><span>${s}</span></foreignObject></svg>`],
    ['a textarea placeholder', (s: string) => `<textarea placeholder="${s}"></textarea>`],
  ])('finds it: %s', (_label, wrap) => {
    const text = `GK-ECHO-${wrap(a)}${filler}${wrap(b)}${filler}${wrap(c)}`;
    expect(containsMarker(text, marker)).toBe(true);
  });
});
