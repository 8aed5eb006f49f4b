import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { renderForReader } from './decode-for-reader.js';
import { splitMarker } from './__fixtures__/marker-pieces.js';
import { generateMarker } from './generate-marker.js';

// A thirty-seventh review found a markdown reference definition (`[zz]: /x`), which CommonMark never shows, dropped only
// when the answer held a link; a GFM footnote definition read where it is written (GFM shows its text at the bottom of
// the page, if at all); and a TeX phantom (`\phantom{zz}`, which KaTeX and MathJax draw as blank space) read as shown.

describe('containsMarker: markdown and TeX that shows nothing where it is written', () => {
  it.each([
    ['a reference definition, no link in the answer', '\n\n[zz]: /x\n\n'],
    ['a reference definition with a title', '\n\n[zz]: https://q.example/a "Title"\n\n'],
    ['a footnote definition', '\n\n[^zz]: x\n\n'],
    ['a TeX phantom', '$\\phantom{zz}$'],
    ['a TeX hphantom with nested braces', '$\\hphantom{z{z}z}$'],
    ['a TeX vphantom', '\\(\\vphantom {zz}\\)'],
  ])('finds a marker split by %s', (_, filler) => {
    const marker = generateMarker();
    expect(containsMarker(splitMarker(marker, filler), marker)).toBe(true);
  });
});

describe('renderForReader: definitions and phantoms', () => {
  it.each([
    ['ab\n\n[zz]: /x\n\ncd', 'ab\n\n\n\ncd'],
    ['ab\n\n[zz]: /x "t"\n\ncd [x][zz]', 'ab\n\n\n\ncd x'],
    // A footnote's text shows at the bottom, never where it is written.
    ['ab\n\n[^zz]: x\n\ncd', 'ab\n\n\n\ncd\n\n x'],
    ['2$\\phantom{9}$0', '2$$0'],
    ['2\\hphantom{9{9}}0', '20'],
  ])('reads %j as %j', (text, expected) => {
    expect(renderForReader(text)).toBe(expected);
  });

  it('keeps a line that is no definition, and a phantom left open, as a page shows them', () => {
    // A destination followed by words that are no title makes no definition: CommonMark shows the line.
    const line = '[1]: It flies 41 minutes.';
    expect(renderForReader(line) ?? line).toBe(line);
    expect(renderForReader('<b>[1]</b>: It flies 41 minutes.')).toBe('[1]: It flies 41 minutes.');
    // A phantom left open is an error that KaTeX and MathJax show as written.
    expect(renderForReader('<b>2</b>\\phantom{9')).toBe('2\\phantom{9');
  });
});
