import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { renderForReader } from './decode-for-reader.js';
import { splitMarker } from './__fixtures__/marker-pieces.js';
import { generateMarker } from './generate-marker.js';

// A thirty-seventh review found a page inside the page read as nothing: an `<iframe srcdoc>`, or a `data:text/html` URL
// in an iframe's `src`, an object's `data` or an embed's `src`. A marker written there with hidden filler between its
// pieces (entity-encoded, percent-encoded) scored clean.

const escapeAttribute = (html: string): string =>
  html.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const FRAMES: Array<[string, (html: string) => string]> = [
  ['an iframe srcdoc, entity-encoded', (html) => `<iframe srcdoc="${escapeAttribute(html)}"></iframe>`],
  ['an iframe srcdoc, raw in single quotes', (html) => `<iframe srcdoc='${html}'></iframe>`],
  [
    'an iframe srcdoc in an iframe srcdoc',
    (html) =>
      `<iframe srcdoc="${escapeAttribute(`<p>x</p><iframe srcdoc="${escapeAttribute(html)}"></iframe>`)}"></iframe>`,
  ],
  ['an iframe data URL', (html) => `<iframe src="data:text/html,${encodeURIComponent(html)}"></iframe>`],
  [
    'an iframe data URL with a charset',
    (html) => `<iframe src="data:text/html;charset=utf-8,${encodeURIComponent(html)}"></iframe>`,
  ],
  [
    'an iframe base64 data URL',
    (html) => `<iframe src="data:text/html;base64,${Buffer.from(html).toString('base64')}"></iframe>`,
  ],
  [
    'an object data URL',
    (html) => `<object data="data:text/html,${encodeURIComponent(html)}">fallback</object>`,
  ],
  ['an embed data URL', (html) => `<embed src="DATA:TEXT/HTML,${encodeURIComponent(html)}">`],
];

const FILLERS = ['<i></i>', '<span hidden>zz</span>', '<!--zz-->', '<span popover>zz</span>'];

describe('containsMarker: a marker in a document a frame embeds', () => {
  it('finds the example of the review', () => {
    const marker = generateMarker();
    const hex = marker.slice(8);
    const text = `<iframe srcdoc="GK-ECHO-${hex.slice(0, 11)}&lt;i&gt;&lt;/i&gt;${hex.slice(11, 22)}&lt;i&gt;&lt;/i&gt;${hex.slice(22)}"></iframe>`;
    expect(containsMarker(text, marker)).toBe(true);
  });

  for (const [frame, embed] of FRAMES) {
    it.each(FILLERS)(`finds a marker in ${frame}, split by %s`, (filler) => {
      const marker = generateMarker();
      expect(containsMarker(`See the chart. ${embed(splitMarker(marker, filler))}`, marker)).toBe(true);
    });
  }
});

describe('renderForReader: embedded documents', () => {
  it.each([
    ['2<iframe srcdoc="4&lt;b hidden&gt;9&lt;/b&gt;">9</iframe>0', '240'],
    ['2<iframe src="data:text/html,4%3Cb%20hidden%3E9%3C%2Fb%3E">9</iframe>0', '240'],
    // Another kind of document, or a URL that loads from elsewhere, shows nothing read here.
    ['2<iframe src="data:text/plain,4">9</iframe>0', '20'],
    ['2<iframe src="https://example.com/4">9</iframe>0', '20'],
    // A hidden frame shows nothing; an invalid base64 document neither.
    ['2<iframe hidden srcdoc="4">9</iframe>0', '20'],
    ['2<iframe src="data:text/html;base64,%%%">9</iframe>0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it('reads frames four deep, and keeps a deeper document as written', () => {
    let html = '4';
    for (let depth = 0; depth < 6; depth++) html = `<iframe srcdoc="${escapeAttribute(html)}"></iframe>`;
    const rendered = renderForReader(`2${html}0`)!;
    expect([rendered[0], rendered.includes('4'), rendered.at(-1)]).toEqual(['2', true, '0']);
  });
});
