import { describe, expect, it } from 'vitest';
import { FABRICATED, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';

// Marks spaced on both sides: a single pair (`‘ … ’`, `' … '`, with any space: a narrow no-break space, a tab) quotes
// as a spaced double pair does, and a spaced mark on the line after a quotation a line break cut may close it.
const SPACES = [' ', '\u00a0', '\u202f', '\u2009', '\t'];

describe('verifyAnswer quotations in marks spaced on both sides', () => {
  it('checks a single-quoted quotation spaced inside its marks', () => {
    for (const space of SPACES)
      for (const [open, close] of [
        ['‘', '’'],
        ["'", "'"],
        ['’', '’'],
      ]) {
        const quoted = `${open}${space}${FABRICATED}${space}${close}`;
        expect(streamedCodes(`The minutes say ${quoted} [1].`), quoted).toEqual(['quote_not_found']);
        expect(streamedCodes(`The minutes say ${open}${space}${REAL}${space}${close} [1].`)).toEqual([]);
      }
  });

  it('checks one at the start of a line, after a bracket or a block-quote mark, and beside another', () => {
    expect(streamedCodes(`‘ ${FABRICATED} ’ [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`> ‘ ${FABRICATED} ’ [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`The minutes (‘ ${FABRICATED} ’) [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`The minutes [‘ ${FABRICATED} ’] [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`‘ ${REAL} ’ and ‘ ${FABRICATED} ’ [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`‘ ${REAL} ’ and ‘ ${REAL} ’ [1].`)).toEqual([]);
  });

  it('checks a quotation a line break cut whose closing mark on the next line is spaced', () => {
    for (const [open, close] of [
      ['“', '”'],
      ['“ ', '”'],
      ['"', '"'],
      ['" ', '"'],
      ['« ', '»'],
      ['‘', '’'],
      ['‘ ', '’'],
      ["' ", "'"],
    ]) {
      const answer = `The minutes say ${open}the budget was\neliminated entirely ${close} [1].`;
      expect(streamedCodes(answer), answer).toEqual(['no_marker', 'quote_not_found']);
      const real = `The minutes say ${open}the council approved\nthe budget on Monday ${close} [1].`;
      expect(streamedCodes(real), real).toEqual(['no_marker']);
    }
  });

  it('checks one whose spaced opening mark starts the next line', () => {
    const answer = 'The minutes say:\n‘ the budget was eliminated entirely ’ [1].';
    expect(streamedCodes(answer)).toEqual(['no_marker', 'quote_not_found']);
  });

  it('reads spaced apostrophes and a lone spaced mark as no quotation', () => {
    expect(streamedCodes("The council approved rock ' n ' roll on Monday [1].")).toEqual([]);
    expect(streamedCodes("The council approved the budget on Monday ' [1].")).toEqual([]);
    expect(streamedCodes("The council approved ' the budget on Monday [1].")).toEqual([]);
    expect(streamedCodes("The council wrote ' ' and ' x ' on Monday [1].")).toEqual([]);
  });
});
