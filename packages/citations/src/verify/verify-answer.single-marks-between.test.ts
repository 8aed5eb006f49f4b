import { describe, expect, it } from 'vitest';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { source } from '../__fixtures__/passage.js';

// A single-quoted quotation that a block boundary cuts with other lines between its parts (a list item's lazy line, a
// fence, a rule, a heading, a setext underline, other list items, table rows) is checked in two parts, as a
// double-quoted one is (its open mark quotes to the end of its claim, its stray closer quotes back). An unclosed
// single mark stays an apostrophe: the open part is carried to a later line only to be checked when a single closer
// there pairs it.
const PASSAGES = [
  source(
    'The leaflet warns that aspirin is not recommended for children. It helps adults with heart disease.',
    'leaflet',
  ),
];

const codes = (answer: string): string[] => streamedCodes(answer, PASSAGES, {}, [1, 3]);

const SINGLE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['\u2018', '\u2019'], // ‘ ’
  ["'", "'"],
  ['\u201a', '\u2018'], // ‚ ‘ (German)
  ['&lsquo;', '&rsquo;'],
];

// What stands between the line that opens the quotation and the line that closes it (each ends with its line break).
const BETWEEN: ReadonlyArray<readonly [string, string]> = [
  ['a list item and its lazy line', '- and in children\n'],
  ['a fence', '```\nx\n```\n'],
  ['a thematic break', '***\n'],
  ['a heading', '# Heading\n'],
  ['a setext underline', '===\n'],
  ['other list items', '- It helps adults with heart disease [1].\n- It helps adults [1].\n'],
  ['a blank line and a rule', '\n---\n\n'],
  ['an HTML block', '\n<div>\n</div>\n\n'],
  ['many lines', '- x\n'.repeat(40)],
];

const TAIL = 'aspirin cures all cancers in adults';
const HEAD = 'within two weeks in children too';
const answer = (open: string, close: string, between: string, tail = TAIL, head = HEAD): string =>
  `The leaflet says ${open}${tail} [1]\n${between}${head}${close} [1].`;
const quoteNotFound = (found: string[]): number => found.filter((code) => code === 'quote_not_found').length;

describe('verifyAnswer: a single-quoted quotation with lines between its parts', () => {
  for (const [name, between] of BETWEEN)
    it.each(SINGLE_PAIRS)(`checks both parts of %s…%s across ${name}`, (open, close) => {
      const found = codes(answer(open, close, between));
      expect(quoteNotFound(found)).toBe(2);
      // As the double-mark control reads it.
      expect(found).toEqual(codes(answer('\u201c', '\u201d', between)));
      // Either part fabricated is found; honest parts are accepted.
      expect(quoteNotFound(codes(answer(open, close, between, 'aspirin is not recommended')))).toBe(1);
      expect(quoteNotFound(codes(answer(open, close, between, TAIL, 'recommended for children')))).toBe(1);
      expect(
        quoteNotFound(
          codes(answer(open, close, between, 'aspirin is not recommended', 'recommended for children')),
        ),
      ).toBe(0);
    });

  it('checks both parts across table rows', () => {
    for (const [open, close] of SINGLE_PAIRS) {
      const rows = (head: string): string =>
        `| The leaflet says ${open}${TAIL}${head} | x |\n|---|---|\n| ${HEAD}${close} [1]. | y |`;
      // The opening row cited, and not (a claim without a marker: a row that quotes is no header).
      expect(quoteNotFound(codes(rows(' [1]'))), open).toBe(2);
      expect(codes(rows('')), open).toEqual(['no_marker', 'quote_not_found']);
    }
  });

  it('closes the quotation at the first single closer that nothing on its line opened', () => {
    const closing = (line: string): string => `The leaflet says \u2018${TAIL} [1]\n***\n${line}`;
    // In a later sentence of the line, and after a quotation inside it.
    expect(quoteNotFound(codes(closing(`So it is. ${HEAD}\u2019 [1].`)))).toBe(2);
    expect(quoteNotFound(codes(closing(`The 'real' cure ${HEAD}\u2019 [1].`)))).toBe(2);
    // Past contractions and elisions, which close nothing.
    expect(quoteNotFound(codes(closing(`- don't forget [1].\n- the '90s [1].\n${HEAD}\u2019 [1].`)))).toBe(2);
  });

  it('reads an unclosed single mark as an apostrophe still', () => {
    for (const [, between] of BETWEEN) {
      // An opener that no later line closes quotes nothing.
      expect(
        quoteNotFound(
          codes(`The leaflet says \u2018${TAIL} [1]\n${between}It helps adults with heart disease [1].`),
        ),
        between,
      ).toBe(0);
      expect(
        codes(`The leaflet was written in the '90s [1]\n${between}The users' rights are listed [1].`),
        between,
      ).toEqual(codes(`The leaflet was written in the 90s [1]\n${between}The users rights are listed [1].`));
      expect(
        quoteNotFound(
          codes(`Rock 'n' roll fans don't take aspirin [1]\n${between}The parents' guide says so [1].`),
        ),
        between,
      ).toBe(0);
      expect(
        quoteNotFound(
          codes(`Sales in the 'Sixties were flat [1]\n${between}Rock 'n' roll fans don't take it [1].`),
        ),
        between,
      ).toBe(0);
    }
  });

  it('lets a later single opener take the carried one\u2019s place', () => {
    // The closer pairs with the innermost open mark: the first opener, never closed, is an apostrophe.
    const found = codes(
      `Sales in the 'Sixties were flat for all of the decade [1]\n***\nThe leaflet says \u2018aspirin is not recommended [1]\n***\nrecommended for children\u2019 [1].`,
    );
    expect(quoteNotFound(found)).toBe(0);
  });
});
