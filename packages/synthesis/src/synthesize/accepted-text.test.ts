import { type Span, verifyAnswer, type VerifyOptions } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { acceptedText } from './accepted-text.js';

// The spans synthesize cuts: every rejected unit, its merged duplicates included.
const text = (answer: string, verify: VerifyOptions = {}): string => {
  const { rejected } = verifyAnswer(answer, passages, verify);
  const cut: Span[] = rejected.flatMap((claim) => [claim.span, ...(claim.duplicates ?? [])]);
  return acceptedText(answer, cut);
};

describe('acceptedText', () => {
  it('keeps accepted claims with their markers and the layout between them', () => {
    expect(
      text('The GPL is a copyleft license [2]. Unmarked.\n\nThe MIT License is a permissive license [1].'),
    ).toBe('The GPL is a copyleft license [2].\n\nThe MIT License is a permissive license [1].');
  });

  it('cuts a rejected claim wherever it repeats, and bullets left empty', () => {
    expect(
      text('- Same rejected.\n- The GPL is a copyleft license [2].\n- Same rejected.\n* Same rejected.'),
    ).toBe('- The GPL is a copyleft license [2].');
  });

  it('removes a heading left with nothing but its #s (a review found "#" left standing)', () => {
    expect(text('# Unmarked heading claim\n\nThe GPL is a copyleft license [2].')).toBe(
      'The GPL is a copyleft license [2].',
    );
    expect(
      text(
        'The GPL is a copyleft license [2].\n\n### Same rejected.\n\nThe MIT License is a permissive license [1].',
      ),
    ).toBe('The GPL is a copyleft license [2].\n\n\nThe MIT License is a permissive license [1].');
  });

  it('keeps a repeated accepted claim: only rejected units are cut', () => {
    const answer = 'The GPL is a copyleft license [2]. Unmarked. The GPL is a copyleft license [2].';
    expect(text(answer)).toBe('The GPL is a copyleft license [2]. The GPL is a copyleft license [2].');
  });

  it('follows the verifier’s unit option', () => {
    const answer = 'The GPL is a copyleft license [2]. Still line one.\nUnmarked line two.';
    expect(text(answer, { unit: 'line' })).toBe('The GPL is a copyleft license [2]. Still line one.');
  });

  it('cuts the spans it is given in any order, skips an overlap, and leaves the text trimmed', () => {
    const answer = '  One. Two. Three.  ';
    expect(
      acceptedText(answer, [
        { start: 12, end: 18 },
        { start: 2, end: 6 },
        { start: 4, end: 8 },
      ]),
    ).toBe('Two.');
    expect(acceptedText(answer, [])).toBe('One. Two. Three.');
  });

  it('removes the spaces and tabs a cut left at line ends, and nothing else', () => {
    const answer = 'Kept [1]. Cut.\t \nNext line\u00a0\nLast';
    expect(acceptedText(answer, [{ start: 10, end: 14 }])).toBe('Kept [1].\nNext line\u00a0\nLast');
  });

  it('leaves the lines no cut touched exactly as written: their trailing spaces and bare bullets stay', () => {
    const answer = 'Kept [1].  \n-\nCut.\n- Also kept [1].\t';
    // The line the cut emptied goes with it: a blank line left there would end the list the completion wrote.
    expect(acceptedText(answer, [{ start: 14, end: 18 }])).toBe('Kept [1].  \n-\n- Also kept [1].');
    // The same text with nothing cut is only trimmed, as it always was.
    expect(acceptedText(answer, [])).toBe(answer.trim());
  });

  it('reads a line of many cut units between layout marks once: a row, quote markers, bullets, numbers, #s', () => {
    // `head` then `unit` three times then `tail`, the first `length` characters of each `unit` cut. A review
    // found the writer re-reading the whole line at every cut (quadratic in a long table row of unmarked cells).
    const cases: [string, string, number, string, string][] = [
      ['| ', 'X | ', 1, '', ''],
      ['| ', 'X | ', 1, '\n|---|---|---|\n', '|  |  |  |\n|---|---|---|'],
      ['Kept.\n| ', 'X | ', 1, '\nNext.', 'Kept.\nNext.'],
      ['A.\n| ', 'X | ', 1, '\n|---|---|---|---|\n| a |', 'A.\n|---|---|---|---|\n| a |'],
      ['A.\n| ', 'X | ', 1, 'Y', 'A.\n|  |  |  | Y'],
      ['   | ', 'X | ', 1, '', ''],
      ['| ', 'X > ', 1, '', ''],
      ['| ', 'X | Y | ', 5, '', ''],
      ['> | ', 'X | ', 1, '', ''],
      ['> |\t', 'X\t>\t', 1, '', ''],
      ['A.\n>|>', 'X|', 1, '', 'A.'],
      ['A.\n> ', 'X > ', 1, '\nB.', 'A.\n> &#32;> > >\nB.'],
      ['A.\n- ', 'X ', 1, '\n    code?', 'A.\n&#32;    code?'],
      ['A.\n-', 'X', 1, '', 'A.'],
      ['A.\n- -', 'X', 1, '', 'A.\n- -'],
      ['A.\n\u2022', 'X\t', 1, '', 'A.'],
      ['A.\n1. ', 'X ', 1, '\n', 'A.'],
      ['A.\n1.', 'X', 1, '', 'A.'],
      ['A.\n1)', 'X 2', 1, '', 'A.\n1)&#32;222'],
      ['A.\n12', 'X ', 1, '', 'A.\n12'],
      ['A.\n1234', 'X ', 1, '', 'A.\n1234'],
      ['A.\n### ', 'X ', 1, '', 'A.'],
      ['A.\n#######', 'X ', 1, '', 'A.\n#######'],
      ['A.\n## #', 'X ', 1, '', 'A.\n## #'],
      ['A.\n    ', 'X\t', 1, '\n<b>', 'A.\n&#32;<b>'],
    ];
    for (const [head, unit, length, tail, expected] of cases) {
      const answer = head + unit.repeat(3) + tail;
      const cut = [0, 1, 2].map((i) => ({
        start: head.length + i * unit.length,
        end: head.length + i * unit.length + length,
      }));
      expect(acceptedText(answer, cut), JSON.stringify(answer)).toBe(expected);
    }
  });
});
