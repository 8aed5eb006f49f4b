import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { outcome } from '../__fixtures__/html-block-outcome.js';

// A line that opens an HTML block (CommonMark types 6 and 1: `<div>`, `<p>`, `</table>`, `<pre>` at its start, past
// any block-quote marks or bullet) is raw HTML: a renderer shows its backticks, link destinations and titles and image
// alt texts as typed, so none of them hides a sentence end or a quotation mark. Its tags and comments still hide.

const codes = (answer: string): string[] => outcome(answer).map((line) => line.slice(0, line.indexOf(':')));

const CODE = 'Aspirin cures every cancer `in adults. Aspirin reduces fever and mild pain` [2].';
/** Whether a renderer shows the backticks of `answer` as typed (no code span). */
const showsBackticks = (answer: string): boolean => {
  const html = marked.parse(answer) as string;
  return html.includes('`in adults') && !html.includes('<code>in adults');
};

describe('verifyAnswer on a line that opens an HTML block (security regression)', () => {
  it.each([
    ['<p>', `<p>${CODE}</p>`],
    ['<div>', `<div>${CODE}</div>`],
    ['<DIV>', `<DIV>${CODE}</DIV>`],
    ['<table>', `<table>${CODE}</table>`],
    ['<details>', `<details>${CODE}</details>`],
    ['<section>', `<section>${CODE}</section>`],
    ['a tag with attributes', `<div class="note">${CODE}</div>`],
    ['a closing tag', `</div>${CODE}`],
    ['a table cell', `<td>${CODE}`],
    ['a self-closing rule', `<hr/>${CODE}`],
    ['<pre>', `<pre>${CODE}</pre>`],
    ['up to three spaces', `   <div>${CODE}</div>`],
    ['a block quote', `> <div>${CODE}</div>`],
    ['a list item', `- <div>${CODE}</div>`],
    ['an ordered list item', `1. <p>${CODE}</p>`],
  ])('reads no code span after %s: the uncited sentence the backticks hid is its own claim', (_, answer) => {
    expect(showsBackticks(answer)).toBe(true);
    // One claim hid the uncited sentence behind the cited one.
    expect(codes(answer)).toEqual(['accepted', 'no_marker']);
  });

  it.each([
    [
      'an alt text',
      '<p>Aspirin cures every cancer ![in adults. Aspirin reduces fever and mild pain](https://example.org/leaflet) [2].</p>',
    ],
    [
      'a link title',
      '<div>Aspirin cures every cancer [here](https://example.org/leaflet (in adults. Aspirin reduces fever and mild pain)) [2].</div>',
    ],
  ])('reads %s as text: a sentence ends inside it', (_, answer) => {
    expect(marked.parse(answer)).toContain('in adults. Aspirin');
    expect(codes(answer)).toEqual(['accepted', 'no_marker']);
  });

  it('pairs quotation marks across what would be a code span', () => {
    const answer = '<div>The leaflet says `“aspirin cures all cancers forever` and ”` [2].</div>';
    expect(codes(answer)).toEqual(['quote_not_found']);
  });

  it('still checks a link title quoted on such a line, and hides its tags and comments', () => {
    expect(
      codes(
        '<div>The leaflet [says](https://example.org/leaflet "aspirin cures all cancers forever") [2].</div>',
      ),
    ).toEqual(['quote_not_found']);
    // A tag's attribute and a comment still show nothing: their `[2]` cites nothing, and the sentence is uncited.
    expect(
      outcome('<div title="[2]">Aspirin cures every cancer <!-- [2] -->. Aspirin reduces fever [2].</div>'),
    ).toEqual([
      'accepted: Aspirin reduces fever [2].</div>',
      'no_marker: <div title="[2]">Aspirin cures every cancer <!-- [2] -->.',
    ]);
  });

  it('reads an indented line as typed too: a code block shows its backticks', () => {
    const answer = `    <div>${CODE}</div>`;
    expect(showsBackticks(answer)).toBe(true);
    expect(codes(answer)).toEqual(['accepted', 'no_marker']);
  });
});

describe('verifyAnswer on HTML that opens no block: markdown still counts', () => {
  it.each([
    ['an inline tag', `<span class="x">${CODE}</span>`], // a type 7 tag opens a block only alone on its line
    ['a bold tag', `<b>Note</b> ${CODE}`],
    ['a tag of another name', `<divider>${CODE}`],
    ['a block tag mid-line', `Note: <div>${CODE}</div>`],
    ['a letter after the name', `<divx>${CODE}`],
  ])('reads the code span after %s', (_, answer) => {
    expect(showsBackticks(answer)).toBe(false);
    expect(codes(answer)).toEqual(['accepted']);
  });

  it('reads links and images on such lines as before', () => {
    expect(
      codes(
        '<b>Aspirin</b> reduces fever and mild pain ![in adults. Aspirin cures every cancer](https://example.org/leaflet) [2].',
      ),
    ).toEqual(['accepted']);
  });
});

describe('the streaming verifier and HTML blocks', () => {
  it('never cuts a line before text that would open an HTML block read alone', () => {
    // The whole line opens none: the code span hides its full stop. Read alone from `A.`, the rest would open one.
    const answer = `Aspirin reduces fever and mild pain [2]. A. <div>${CODE}</div> Water boils at 100 degrees Celsius [1].`;
    expect(codes(answer)).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('gives the verdicts of the whole answer on lines around an HTML block', () => {
    const answer = `Water boils at 100 degrees Celsius [1]. It does so at sea level [1].\n<div>${CODE}</div>\nAspirin reduces fever [2]. And \`mild pain. Aspirin cures cancer\` [2].`;
    expect(outcome(answer)).toEqual([
      'accepted: Water boils at 100 degrees Celsius [1].',
      'accepted: It does so at sea level [1].',
      'accepted: Aspirin reduces fever and mild pain` [2].</div>',
      'accepted: Aspirin reduces fever [2].',
      // Still in the HTML block (no blank line ends it): the backticks are shown and the full stop ends a sentence.
      'accepted: Aspirin cures cancer` [2].',
      'no_marker: <div>Aspirin cures every cancer `in adults.',
      'no_marker: And `mild pain.',
    ]);
  });
});
