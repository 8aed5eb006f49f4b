import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { FABRICATED, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';
import { verifyAnswer } from './verify-answer.js';

// Marks with something beside them that reads like a space (opening punctuation, emphasis, a tag, a dash, an
// invisible character), a `’…’` pair at a line's start, a Han numeral quoted, and marks that say nothing alone.
describe('verifyAnswer spaced marks glued to what stands outside them', () => {
  const outside = [
    ['**', '**'],
    ['__', '__'],
    ['~~', '~~'],
    ['*', '*'],
    ['(', ')'],
    ['[', ']'],
    ['<b>', '</b>'],
    ['—', '—'],
    ['\u200b', '\u200b'],
    ['¡', '!'],
  ];
  for (const [open, close] of [
    ['“', '”'],
    ['«', '»'],
    ['‹', '›'],
    ['"', '"'],
    ['„', '“'],
  ])
    for (const [before, after] of outside)
      it(`checks ${before}${open} … ${close}${after}`, () => {
        expect(streamedCodes(`The minutes say ${before}${open} ${FABRICATED} ${close}${after} [1].`)).toEqual(
          ['quote_not_found'],
        );
        expect(streamedCodes(`The minutes say ${before}${open} ${REAL} ${close}${after} [1].`)).toEqual([]);
        expect(streamedCodes(`${before}${open} ${FABRICATED} ${close}${after} [1]`)).toEqual([
          'quote_not_found',
        ]);
      });

  it('checks a table cell’s spaced quotation', () => {
    expect(streamedCodes(`| a | b |\n| - | - |\n| x |“ ${FABRICATED} ”| [1] |`)).toContain('quote_not_found');
  });
});

describe('verifyAnswer a right single mark glued to a word at a line’s start', () => {
  it('checks `’…’` (Swedish and Finnish) as it does after a space', () => {
    expect(streamedCodes(`’${FABRICATED}’ [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`> ’${FABRICATED}’ [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`&rsquo;${FABRICATED}&rsquo; [1].`)).toEqual(['quote_not_found']);
    expect(streamedCodes(`’${REAL}’ [1].`)).toEqual([]);
  });

  it('still reads an elision there as one', () => {
    expect(streamedCodes('’Tis the council that approved the budget on Monday [1].')).toEqual([]);
    expect(streamedCodes('’90s spending on parks rose by 4 percent [1].')).toEqual([]);
  });
});

describe('verifyAnswer Han numerals in a short quotation', () => {
  const RETURNS = [passage('返品は三十日以内に受け付けます。')];
  it('checks a quotation that holds one, however short', () => {
    expect(codes('返品は「九十日以内」に受け付ける[1]。', RETURNS)).toEqual(['quote_not_found']);
    expect(codes('返品は「九十日」[1]。', RETURNS)).toEqual(['quote_not_found']);
    expect(codes('退货期限为「九十天」[1]。', RETURNS)).toEqual(['quote_not_found']);
    expect(codes('返品は「三十日以内」に受け付ける[1]。', RETURNS)).toEqual([]);
  });
});

describe('verifyAnswer modifier marks after a sentence', () => {
  it('reads a unit of modifier letters or symbols as saying nothing', () => {
    for (const mark of ['ʺ', 'ˮ', '˝', '˶', 'ʹ', 'ʻ', 'ʼ', '´', '¨', '\u{1f3fd}'])
      expect(streamedCodes(`The budget was eliminated entirely.${mark} [1]`), mark).toEqual([
        'no_marker',
        'empty_claim',
      ]);
  });

  it('still reads a word holding one as a statement', () => {
    const HAWAII = [passage('Hawaiʻi approved the budget on Monday.')];
    expect(codes('Hawaiʻi approved the budget on Monday [1].', HAWAII)).toEqual([]);
  });
});

function codes(answer: string, passages = [passage(REAL)]): string[] {
  return verifyAnswer(answer, passages).rejected.map((rejection) => rejection.code);
}
