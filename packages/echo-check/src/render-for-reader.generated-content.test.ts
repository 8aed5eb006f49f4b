import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { renderForReader } from './decode-for-reader.js';
import { markerPieces } from './__fixtures__/marker-pieces.js';
import { generateMarker } from './generate-marker.js';

// A thirty-seventh review found text a style sheet draws (`content` on `::before` and `::after`) read as nothing: a
// marker drawn in pieces by CSS strings, or by `attr()` from an element's attributes, scored clean.

const SHEETS: Array<[string, (p: [string, string, string]) => string]> = [
  [
    'strings split by comments',
    ([a, b, c]) =>
      `<style>#n::before{content:"GK-ECHO-${a}" /*z*/ "${b}" /*z*/ "${c}"}</style><p id=n>Note</p>`,
  ],
  [
    'attr() values',
    ([a, b, c]) =>
      `<style>#n::before{content:attr(data-x) attr(data-y) attr(data-z)}</style><p id=n data-x="${a}" data-y="${b}" data-z="${c}">Note</p>`,
  ],
  [
    'rules before and after the element text',
    ([a, b, c]) => `<style>#n::before{content:"${a}"}#n::after{content:'${c}'}</style><p id=n>${b}</p>`,
  ],
  [
    'a class and a single colon, the sheet after the element',
    ([a, b, c]) =>
      `<p class="x note">${b}</p><style>.note:before{content:"${a}"} p.note:AFTER{content:"${c}"}</style>`,
  ],
  [
    'an element name in a media rule',
    ([a, b, c]) =>
      `<style>@media screen{q::before{content:"${a}"}q::after{content:"${c}"}}</style><q>${b}</q>`,
  ],
  [
    'CSS escapes',
    ([a, b, c]) =>
      `<style>b::before{content:"${[...a].map((ch) => `\\${ch.charCodeAt(0).toString(16)} `).join('')}${b}\\${c}"}</style><b></b>`,
  ],
  [
    'a descendant selector and an attribute selector',
    ([a, b, c]) =>
      `<style>div > span[title]::before{content:"${a}${b}${c}"}</style><div><span title=t></span></div>`,
  ],
];

describe('containsMarker: a marker a style sheet draws', () => {
  it.each(SHEETS)('finds a marker drawn by %s', (_, sheet) => {
    const marker = generateMarker();
    expect(containsMarker(`The drone flies 41 minutes. ${sheet(markerPieces(marker))}`, marker)).toBe(true);
  });
});

describe('renderForReader: generated content', () => {
  it.each([
    ['<style>b::before{content:"4"}</style>2<b>9</b>0', '2490'],
    ['<style>b::after{content:"4"}</style>2<b>9</b>0', '2940'],
    ['<style>b::before{content:attr(title)}</style>2<b title="4">9</b>0', '2490'],
    // A rule for another element, or one that draws nothing, draws nothing here.
    ['<style>i::before{content:"4"}</style>2<b>9</b>0', '290'],
    ['<style>#y::before{content:"4"}</style>2<b id=x>9</b>0', '290'],
    ['<style>b{content:"4"}</style>2<b>9</b>0', '290'],
    // A hidden element draws nothing either.
    ['<style>b::before{content:"4"}</style>2<b hidden>9</b>0', '20'],
    // A `;` or `}` in a string ends nothing.
    ['<style>b::before{content:"4;}"}</style>2<b>9</b>0', '24;}90'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it('draws no more than twice the length of the text, however many elements a rule matches', () => {
    const text = `<style>*::before{content:"${'4'.repeat(1000)}"}</style>${'<b></b>'.repeat(1000)}`;
    expect(renderForReader(text)!.length).toBeLessThanOrEqual(2 * text.length);
  });
});
