import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { renderForReader } from './decode-for-reader.js';
import { splitMarker } from './__fixtures__/marker-pieces.js';
import { generateMarker } from './generate-marker.js';

// A thirty-seventh review found elements a browser's default style sheet hides read as shown: a popover not opened,
// MathML annotations and phantoms, the light-DOM children of a declarative shadow root's host, an object's fallback,
// SVG presentation attributes. A marker split by such filler showed whole on a page and was missed.

const FILLERS: Array<[string, string]> = [
  ['a popover', '<span popover>zz</span>'],
  ['a popover="auto"', '<div popover="auto">zz</div>'],
  ['a popover=manual', '<span popover=manual>zz</span>'],
  ['a POPOVER', '<span POPOVER>zz</span>'],
  ['an empty popover value', '<b popover="">zz</b>'],
  ['a semantics annotation', '<math><semantics><mrow></mrow><annotation>zz</annotation></semantics></math>'],
  [
    'an annotation-xml',
    '<math><semantics><mrow></mrow><annotation-xml encoding="text/html">zz</annotation-xml></semantics></math>',
  ],
  ['a second child of semantics', '<math><semantics><mi></mi><mtext>zz</mtext></semantics></math>'],
  ['an annotation alone', '<math><annotation>zz</annotation></math>'],
  ['an mphantom', '<math><mphantom><mi>zz</mi></mphantom></math>'],
  ['a shadow host child', '<span><template shadowrootmode="open"></template>zz</span>'],
  ['a shadow host child (closed)', '<span><template shadowrootmode=closed><b></b></template>zz</span>'],
  ['a shadow host child (the older attribute)', '<span><template shadowroot=open></template>zz</span>'],
  ['a shadow host child before its template', '<span>zz<template shadowrootmode="open"></template></span>'],
  ['an object fallback', '<object data="chart.png">zz</object>'],
  ['an object fallback (data URL)', '<object data="data:text/plain,">zz</object>'],
  ['an SVG text display="none"', '<svg><text display="none">zz</text></svg>'],
  ['an SVG text visibility="hidden"', '<svg><text visibility="hidden">zz</text></svg>'],
  ['an SVG tspan display="none"', '<svg><text><tspan display="none">zz</tspan></text></svg>'],
  ['an SVG group display="none"', '<svg><g display="none"><text>zz</text></g></svg>'],
  ['an SVG display="none"', '<svg display="none"><text>zz</text></svg>'],
  ['an SVG text opacity="0"', '<svg><text opacity="0">zz</text></svg>'],
  ['an SVG text display=&quot;none&quot; as a reference', '<svg><text display="&#110;one">zz</text></svg>'],
];

describe('containsMarker: filler a browser hides by default', () => {
  it('finds the example of the review', () => {
    const marker = generateMarker();
    expect(containsMarker(splitMarker(marker, '<span popover>zz</span>'), marker)).toBe(true);
  });

  it.each(FILLERS)('finds a marker split by %s', (_, filler) => {
    const marker = generateMarker();
    expect(containsMarker(splitMarker(marker, filler), marker)).toBe(true);
  });
});

describe('renderForReader: elements a browser hides by default', () => {
  it.each([
    ['2<span popover>9</span>0', '20'],
    ['2<span popover style="display:block">9</span>0', '290'],
    ['2<math><semantics><mn>4</mn><annotation>9</annotation></semantics></math>0', '240'],
    ['2<math><semantics><mn>4</mn><annotation-xml>9</annotation-xml><mi>9</mi></semantics></math>0', '240'],
    ['2<math><mphantom><mn>9</mn></mphantom><mn>4</mn></math>0', '240'],
    // The shadow tree shows instead of the host's children; a slot shows them (read as shown, wherever it puts them).
    ['2<span>9<template shadowrootmode="open">4</template>9</span>0', '240'],
    ['2<span><template shadowrootmode="open">4<slot></slot></template>9</span>0', '2490'],
    // Any other mode is no shadow root: a template shows nothing.
    ['2<span><template shadowrootmode="other">4</template>9</span>0', '290'],
    // An object without `data` shows its content; one with `data` is read as loaded.
    ['2<object>9</object>0', '290'],
    ['2<object data="x.png">9</object>0', '20'],
    // Presentation attributes are read in SVG only, below a style.
    ['2<svg><text display="none">9</text><text>4</text></svg>0', '240'],
    ['2<svg><text display="none" style="display:inline">9</text></svg>0', '290'],
    ['2<b display="none">9</b>0', '290'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it('drops the hidden piece from the rendered reading; the reading as written still holds the marker', () => {
    const marker = generateMarker();
    const hex = marker.slice(8);
    expect(containsMarker(`${hex.slice(0, 12)}<span popover>${hex.slice(12)}</span>`, marker)).toBe(true);
    expect(renderForReader(`${hex.slice(0, 12)}<span popover>${hex.slice(12)}</span>`)).toBe(
      hex.slice(0, 12),
    );
  });
});
