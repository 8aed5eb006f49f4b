import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { outcome, PASSAGES } from '../__fixtures__/html-block-outcome.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// An HTML block lasts past the line that opens it: one of CommonMark's types 6 and 7 (`<div>`, `<table>`; a whole tag
// alone on its line where no paragraph goes on: `<span>`) to a blank line, one of type 1 (`<pre>`, `<textarea>`) to a
// line with its closing tag. Every line in it is raw HTML: a renderer shows its backticks, link destinations and titles
// and image alt texts as typed, so none of them hides a sentence end or a quotation mark from the check.

const CODE = 'Aspirin cures every cancer `in adults. Aspirin reduces fever and mild pain` [2].';
const HIDDEN = 'no_marker: Aspirin cures every cancer `in adults.';
/** Whether a renderer shows the backticks of `answer` as typed (no code span). */
const showsBackticks = (answer: string): boolean => {
  const html = marked.parse(answer) as string;
  return html.includes('`in adults') && !html.includes('<code>in adults');
};

describe('verifyAnswer on the lines after one that opens an HTML block (security regression)', () => {
  it.each([
    ['<div> alone', `<div>\n${CODE}`],
    ['<div> and a line', `<div>\nWater boils at 100 degrees Celsius [1].\n${CODE}\n</div>`],
    ['a whole element', `<div>Water boils at 100 degrees Celsius [1].</div>\n${CODE}`],
    ['a table', `<table>\n<tr><td>\n${CODE}\n</td></tr>\n</table>`],
    ['<details>', `<details>\n<summary>Note</summary>\n${CODE}`],
    ['a closing tag', `</section>\n${CODE}`],
    ['a block quote', `> <div>\n> ${CODE}`],
    ['a list item', `- <div>\n  ${CODE}`],
    ['a fence inside the block', `<div>\n\`\`\`\n${CODE}\n\`\`\``],
    ['<pre>, past a blank line', `<pre>\nWater boils.\n\n${CODE}\n</pre>`],
    ['<textarea>, past a blank line', `<textarea>\n\n${CODE}`],
    ['<span> alone (type 7)', `<span>\n${CODE}`],
    [
      'a custom tag alone after a blank line',
      `Water boils at 100 degrees Celsius [1].\n\n<custom-note class="x">\n${CODE}`,
    ],
    ['a closing tag alone after a heading', `# Fever\n</span>\n${CODE}`],
  ])('reads no code span after %s: the uncited sentence the backticks hid is its own claim', (_, answer) => {
    expect(showsBackticks(answer)).toBe(true);
    expect(outcome(answer)).toContain(HIDDEN);
    expect(outcome(answer)).toContain('accepted: Aspirin reduces fever and mild pain` [2].');
  });

  it.each([
    [
      'an alt text',
      'Aspirin cures every cancer ![in adults.',
      ' Aspirin reduces fever and mild pain](https://example.org/leaflet) [2].',
    ],
    [
      'a link title',
      'Aspirin cures every cancer [here](https://example.org/leaflet (in adults.',
      ' Aspirin reduces fever and mild pain)) [2].',
    ],
  ])('reads %s on a later line as text: a sentence ends inside it', (_, uncited, cited) => {
    const answer = `<div>\n${uncited}${cited}`;
    expect(marked.parse(answer)).toContain('in adults. Aspirin');
    expect(outcome(answer)).toContain(`no_marker: ${uncited}`);
  });

  it('pairs quotation marks across what would be a code span on a later line', () => {
    const answer = '<div>\nThe leaflet says `“aspirin cures all cancers forever` and ”` [2].';
    expect(outcome(answer)).toContain(
      'quote_not_found: The leaflet says `“aspirin cures all cancers forever` and ”` [2].',
    );
  });

  it('still hides the tags and comments on those lines', () => {
    expect(
      outcome(
        '<div>\n<b title="[2]">Aspirin cures every cancer</b> <!-- [2] -->. Aspirin reduces fever [2].',
      ),
    ).toEqual([
      'accepted: Aspirin reduces fever [2].',
      'no_marker: <div>',
      'no_marker: <b title="[2]">Aspirin cures every cancer</b> <!-- [2] -->.',
    ]);
  });

  it.each([
    ['a later line', '<div>\n'],
    ['the second sentence of the opening line', '<div>Water boils at 100 degrees Celsius [1]. '],
  ])('reads the support check of %s as typed too: an alt text there is a claim', (_, before) => {
    const claim =
      'Aspirin reduces fever and mild pain in adults ![and cures every cancer](https://example.org/leaflet) [2].';
    expect(outcome(`${before}${claim}`, { support: {} })).toContain(`unsupported: ${claim}`);
    // Outside an HTML block a page shows the image, not its alt text.
    expect(outcome(claim, { support: {} })).toEqual([`accepted: ${claim}`]);
  });
});

describe('verifyAnswer where no HTML block goes on: markdown still counts', () => {
  it.each([
    ['a blank line after <div>', `<div>\n\n${CODE}`],
    ['a blank line after a type 7 tag', `<span>\n\n${CODE}`],
    ['a <pre> closed on its line', `<pre>Water boils.</pre>\n${CODE}`],
    ['a <pre> closed on a later line', `<pre>\nWater boils.\n</pre>\n${CODE}`],
    [
      'a tag alone that would interrupt a paragraph',
      `Water boils at 100 degrees Celsius [1].\n<span>\n${CODE}`,
    ],
    ['a tag with text after it', `<span>Note</span>\n${CODE}`],
    ['a heading with a block tag', `# <div> ${CODE}`],
    ['a <div> in a fenced code block', `\`\`\`\n<div>\n\`\`\`\n${CODE}`],
  ])('reads the code span after %s', (_, answer) => {
    expect(showsBackticks(answer)).toBe(false);
    expect(outcome(answer)).not.toContain(HIDDEN);
    expect(
      outcome(answer).some((line) => line.includes('`in adults. Aspirin reduces fever and mild pain` [2].')),
    ).toBe(true);
  });
});

describe('the streaming verifier and a tag alone after a line it cut', () => {
  it('opens a type 7 block after a heading it cut, as the whole answer does', () => {
    const answer = `# Fever. Aspirin reduces fever [2]. Water boils at 100 degrees Celsius [1].\n<span>\n${CODE}`;
    expect(showsBackticks(answer)).toBe(true);
    expect(outcome(answer)).toContain(HIDDEN);
  });

  it('opens none after a paragraph line it cut', () => {
    const answer = `Aspirin reduces fever [2]. Water boils at 100 degrees Celsius [1]. Both hold.\n<span>\n${CODE}`;
    expect(showsBackticks(answer)).toBe(false);
    expect(outcome(answer)).not.toContain(HIDDEN);
  });
});

describe('HTML blocks across many lines', () => {
  it('reads each line once: work grows linearly with the lines of a block', () => {
    const make = (size: number) => {
      const answer = `<div>\n${'Aspirin `reduces` fever [2]. <b>Mild</b> [pain](x) `[1]`.\n'.repeat(size)}`;
      return () => {
        verifyAnswer(answer, PASSAGES);
        const verifier = createAnswerVerifier(PASSAGES);
        for (let i = 0; i < answer.length; i += 7) verifier.push(answer.slice(i, i + 7));
        verifier.end();
      };
    };
    expect(growth(make, 50)).toBeLessThan(BOUND);
  });
});
