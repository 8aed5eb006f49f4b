import { verifyAnswer } from './verify-answer.js';
import { describe, expect, it } from 'vitest';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { source } from '../__fixtures__/passage.js';

// A quotation that a line break cuts where the next line starts a block of its own (a list item, a heading, a block
// quote) is no soft break: markdown shows two blocks, and each part is checked alone. A double mark's parts always
// were (an open one quotes to the end of its claim, a stray closer quotes back); a single mark's must be too, though
// the line alone reads an unclosed single opener as an apostrophe and a closer with nothing open as no quotation.
const PASSAGES = [
  source(
    'The leaflet warns that aspirin is not recommended for children. It helps adults with heart disease.',
    'leaflet',
  ),
];

const codes = (answer: string): string[] => streamedCodes(answer, PASSAGES, {}, [1]);

// Every single-family pair the verifier knows to open at a line's end and close at the start of a later line.
const SINGLE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['\u2018', '\u2019'], // ‘ ’
  ["'", "'"],
  ['\u201a', '\u2019'], // ‚ ’
  ['\u201a', '\u2018'], // ‚ ‘ (German)
  ['\u275b', '\u275c'], // ❛ ❜
  ['\u275f', '\u275c'], // ❟ ❜
  ['\u201b', '\u2019'], // ‛ ’
  ['\uff07', '\uff07'], // ＇ ＇
  ['\u2032', '\u2032'], // ′ ′
  ['&lsquo;', '&rsquo;'],
  ['&#8216;', '&#x2019;'],
];

// Every block start the line reader knows, after which a line does not go on the paragraph before it.
const BLOCKS = ['- ', '* ', '+ ', '\u2022 ', '1. ', '2) ', 'a. ', '# ', '## ', '###### ', '> ', '> > '];

const FABRICATED_TAIL = 'aspirin cures all cancers in adults';
const FABRICATED_HEAD = 'and in children too';
const split = (open: string, close: string, block: string, tail: string, head: string): string =>
  `The leaflet says ${open}${tail} [1]\n${block}${head}${close} [1].`;

describe('verifyAnswer: a single-quoted quotation that a new block cuts', () => {
  it.each(SINGLE_PAIRS)('checks both parts of %s…%s across every block start', (open, close) => {
    for (const block of BLOCKS) {
      expect(codes(split(open, close, block, FABRICATED_TAIL, FABRICATED_HEAD)), block).toEqual([
        'quote_not_found',
        'quote_not_found',
      ]);
      // A fabricated part is found whichever it is.
      expect(
        codes(split(open, close, block, 'aspirin is not recommended', 'and in children as well')),
        block,
      ).toEqual(['quote_not_found']);
      expect(codes(split(open, close, block, 'aspirin cures every cancer', 'for children')), block).toEqual([
        'quote_not_found',
      ]);
      // Honest parts, each in the passage, are accepted.
      const honest = verifyAnswer(
        split(open, close, block, 'aspirin is not recommended', 'recommended for children'),
        PASSAGES,
      );
      expect(honest.rejected, block).toEqual([]);
      expect(honest.claims.length, block).toBe(2);
    }
  });

  it('checks them as the double-mark control does', () => {
    const double = `The leaflet says "${FABRICATED_TAIL} [1]\n- ${FABRICATED_HEAD}" [1].`;
    expect(codes(double)).toEqual(['quote_not_found', 'quote_not_found']);
    expect(codes(double.replace('"', '\u2018').replace('"', '\u2019'))).toEqual(codes(double));
  });

  it('checks them past blank lines, and past lines the quotation runs on through', () => {
    const answer = (between: string): string =>
      `The leaflet says \u2018${FABRICATED_TAIL} [1]\n${between}- ${FABRICATED_HEAD}\u2019 [1].`;
    for (const between of ['\n', '\n\n', '\r\n\r\n', '  \n'])
      expect(codes(answer(between)), JSON.stringify(between)).toEqual(['quote_not_found', 'quote_not_found']);
    // The open part runs on through a line of no mark (one claim without a marker) to the end of that line.
    const through = verifyAnswer(answer('in every trial\n'), PASSAGES).rejected;
    expect(codes(answer('in every trial\n'))).toEqual(['quote_not_found', 'no_marker', 'quote_not_found']);
    expect(through[0]!.message).toContain(`quotes "${FABRICATED_TAIL} in every trial"`);
    expect(through[2]!.message).toContain(`quotes "${FABRICATED_HEAD}"`);
  });

  it('checks the parts of a quotation that a list item of the quoted line cuts', () => {
    expect(codes(`- The leaflet says \u2018${FABRICATED_TAIL} [1]\n- ${FABRICATED_HEAD}\u2019 [1].`)).toEqual(
      ['quote_not_found', 'quote_not_found'],
    );
    expect(codes(`> The leaflet says \u2018${FABRICATED_TAIL} [1]\n- ${FABRICATED_HEAD}\u2019 [1].`)).toEqual(
      ['quote_not_found', 'quote_not_found'],
    );
  });

  it('leaves parts too short to check alone unchecked, as with double marks', () => {
    for (const [open, close] of [
      ['"', '"'],
      ['\u2018', '\u2019'],
    ])
      expect(codes(`The leaflet says ${open}cures all [1]\n- kids${close} [1].`)).toEqual([]);
  });

  it('reads apostrophes as apostrophes still', () => {
    for (const block of BLOCKS) {
      // No quotation is open at the line's end: a possessive or a contraction on the next line closes nothing.
      expect(
        codes(
          `The leaflet covers the users' rights in adults [1]\n${block}and the children's too, don't forget [1].`,
        ),
        block,
      ).toEqual([]);
      expect(
        codes(`Don't give aspirin to children [1]\n${block}the parents' guide says so [1].`),
        block,
      ).toEqual([]);
      // An elision at the line's end opens nothing either.
      expect(
        codes(`The leaflet was written in the '90s [1]\n${block}and the users' rights are listed' [1].`),
        block,
      ).toEqual([]);
    }
  });
});
