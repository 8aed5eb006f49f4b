import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { outcome } from '../__fixtures__/html-block-outcome.js';

// What a line may hold before the tag that opens an HTML block: only CommonMark's container starts (block quotes and
// list items, each after at most three spaces). Reading too much as an HTML block is no safe side: a line read as raw
// HTML shows its link titles, so a `[2]` in a title would count as a marker; reading too little hides a sentence end in
// what would be a code span. An HTML comment at a line's start opens a block too (CommonMark's type 2), to the line
// holding `-->`.

const TITLED =
  'Aspirin cures every cancer in children within two weeks [the leaflet](https://example.org/leaflet "[2]").';
const CODE = 'Aspirin cures every cancer `in adults. Aspirin reduces fever and mild pain` [2].';
/** Whether the sentence the backticks would hide is a claim of its own (past what the line holds before it). */
const splits = (lines: string[]): boolean =>
  lines.some(
    (line) => line.startsWith('no_marker: ') && line.endsWith('Aspirin cures every cancer `in adults.'),
  );
/** Whether a renderer shows the backticks of `answer` as typed (no code span). */
const showsBackticks = (answer: string): boolean => {
  const html = marked.parse(answer) as string;
  return html.includes('`in adults') && !html.includes('<code>in adults');
};

describe('verifyAnswer on a line whose prefix starts no container (security regression)', () => {
  it.each([
    ['a plus with no space', '+<div>'],
    ['an asterisk with no space', '*<div>'],
    ['a hyphen with no space', '-<div>'],
    ['a number with no space', '1.<div>'],
    ['a number and a parenthesis with no space', '1)<div>'],
    ['ten digits', '1234567890. <div>'],
    ['two hyphens', '-- <div>'],
    ['a Unicode bullet', '\u2022 <div>'],
    ['a triangular bullet', '\u2023 <div>'],
    ['a letter bullet', 'a. <div>'],
    ['a no-break space', '\u00a0<div>'],
    ['a hyphen and a no-break space', '-\u00a0<div>'],
    ['a heading', '# <div>'],
    ['a block quote, then a Unicode bullet', '> \u2022 <div>'],
    ['four spaces after a paragraph line', 'Water boils at 100 degrees Celsius [1].\n    <div>'],
    ['a tab after a paragraph line', 'Water boils at 100 degrees Celsius [1].\n\t<div>'],
  ])('reads a link title as a tooltip after %s: its [2] is no marker', (_, prefix) => {
    const answer = `${prefix}${TITLED}`;
    // A renderer reads a paragraph with inline HTML: the title is an attribute, no visible text.
    expect(marked.parse(answer)).toContain('title="[2]"');
    expect(outcome(answer).some((line) => line.startsWith('accepted: ') && line.includes('two weeks'))).toBe(
      false,
    );
  });

  it('reads no support from a link title after such a prefix', () => {
    const claim =
      'Aspirin cures every cancer [see](https://example.org/leaflet "reduces fever and mild pain") [2].';
    expect(outcome(`+<div>${claim}`, { support: {} })).toContain(`unsupported: +<div>${claim}`);
  });

  it.each([
    ['a plus with no space', '+<div>'],
    ['a number with no space', '1.<div>'],
    ['a Unicode bullet', '\u2022 <div>'],
    ['a letter bullet', 'a. <div>'],
    ['a no-break space', '\u00a0<div>'],
  ])('reads a code span after %s as a code span', (_, prefix) => {
    const answer = `${prefix}${CODE}`;
    expect(showsBackticks(answer)).toBe(false);
    expect(splits(outcome(answer))).toBe(false);
  });
});

describe('verifyAnswer on a line whose prefix is a container start: the block is raw HTML', () => {
  it.each([
    ['a hyphen bullet', '- <div>'],
    ['a plus bullet', '+ <div>'],
    ['an asterisk bullet', '* <div>'],
    ['an ordered item', '1. <div>'],
    ['an ordered item with a parenthesis', '12) <div>'],
    ['nine digits', '123456789. <div>'],
    ['a bullet and a tab', '-\t<div>'],
    ['a bullet and four spaces', '-    <div>'],
    ['a block quote', '> <div>'],
    ['a block quote with no space', '><div>'],
    ['a block quote and a tab', '>\t<div>'],
    ['a block quote holding a list', '>- <div>'],
    ['nested containers, indented', '   > 1) <div>'],
    ['three spaces', '   <div>'],
    ['an indented code block', '    <div>'],
    ['a paragraph, then a list item', 'Water boils at 100 degrees Celsius [1].\n- <div>'],
  ])('reads the backticks after %s as typed', (_, prefix) => {
    const answer = `${prefix}${CODE}`;
    expect(showsBackticks(answer)).toBe(true);
    expect(splits(outcome(answer))).toBe(true);
  });
});

describe('verifyAnswer on a line that an HTML comment opens (type 2)', () => {
  it.each([
    ['a comment closed on its line', '<!-- x --> '],
    ['a comment after a list bullet', '- <!-- x --> '],
    ['a comment in a block quote', '> <!-- x --> '],
    ['a comment after spaces', '   <!-- x --> '],
    ['a comment that interrupts a paragraph', 'Water boils at 100 degrees Celsius [1].\n<!-- x --> '],
    ['the line a comment closes on', '<!-- x\nnote\n--> '],
    ['a comment past a blank line', '<!--\n\nnote -->'],
  ])('reads the backticks after %s as typed', (_, prefix) => {
    const answer = `${prefix}${CODE}`;
    expect(showsBackticks(answer)).toBe(true);
    expect(splits(outcome(answer))).toBe(true);
  });

  it.each([
    ['the line after the one holding -->', `<!-- x -->\n${CODE}`],
    ['the line after a comment over lines', `<!-- x\nnote -->\n${CODE}`],
    ['a comment mid-line', `Note <!-- x --> ${CODE}`],
    ['a comment after a heading mark', `# <!-- x --> ${CODE}`],
  ])('reads a code span on %s', (_, answer) => {
    expect(showsBackticks(answer)).toBe(false);
    expect(splits(outcome(answer))).toBe(false);
  });

  // marked ends a processing instruction, a declaration or a CDATA section at its closer on its line and reads the
  // text after it as a paragraph (CommonMark reads the whole line as raw HTML): the verifier reads as marked does.
  it.each([
    ['a processing instruction', '<?x ?> '],
    ['a declaration', '<!DOCTYPE html> '],
    ['a CDATA section', '<![CDATA[ x ]]> '],
  ])('reads a code span after %s closed on its line, as marked does', (_, prefix) => {
    const answer = `${prefix}${CODE}`;
    expect(showsBackticks(answer)).toBe(false);
    expect(splits(outcome(answer))).toBe(false);
  });
});
