import { describe, expect, it } from 'vitest';
import { FABRICATED, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';

// A browser decodes a numeric character reference of any length, leading zeros and all, in raw HTML (a line in an
// HTML block) and in a tag's attribute values; CommonMark's limit (7 decimal, 6 hex digits) holds in markdown text
// only. Where a browser shows a mark, the verifier reads one.
const codes = (answer: string): string[] => streamedCodes(answer);

const OVER_LONG: ReadonlyArray<readonly [string, string]> = [
  ['&#00008220;', '&#00008221;'], // 8 decimal digits
  ['&#000000008220;', '&#000000008221;'],
  ['&#x000201C;', '&#x000201D;'], // 7 hex digits
  ['&#00000034;', '&#00000034;'], // "
  ['&#00008216;', '&#00008217;'], // ‘ ’
  ['&#00000171;', '&#00000187;'], // « »
  ['&#00000147;', '&#00000148;'], // the C1 references a browser shows as “ ”
];

// Lines that open an HTML block (types 1 and 6), around the sentence.
const BLOCKS: ReadonlyArray<readonly [string, string]> = [
  ['<div>', '</div>'],
  ['<p>', '</p>'],
  ['<pre>', '</pre>'],
  ['> <div>', '</div>'],
];

describe('verifyAnswer: over-long numeric references in raw HTML', () => {
  for (const [before, after] of BLOCKS)
    it.each(OVER_LONG)(`reads %s…%s as marks on a ${before} line`, (open, close) => {
      expect(codes(`${before}The minutes say ${open}${FABRICATED}${close} [1].${after}`)).toEqual([
        'quote_not_found',
      ]);
      expect(codes(`${before}The minutes say ${open}${REAL}${close} [1].${after}`)).toEqual([]);
    });

  it('reads them on every line of an HTML block, and in runs of marks', () => {
    // The lines holding only a tag are claims without a marker.
    expect(codes(`<div>\nThe minutes say &#00008220;${FABRICATED}&#00008221; [1].\n</div>`)).toEqual([
      'no_marker',
      'quote_not_found',
      'no_marker',
    ]);
    // Two single marks written apart read as one double mark.
    expect(
      codes(`<div>The minutes say &#00008216;&#00008216;${FABRICATED}&#00008217;&#00008217; [1].</div>`),
    ).toEqual(['quote_not_found']);
  });

  it('lets an over-long reference close a quotation early there', () => {
    expect(
      codes(`<div>The minutes say \u2018${REAL}&#00000008217; was eliminated entirely\u2019 [1].</div>`),
    ).toEqual([]);
  });

  it('reads them in a tag on a markdown line', () => {
    expect(codes(`The minutes say it [1]<span title="&#00008220;${FABRICATED}&#00008221;"></span>.`)).toEqual(
      ['quote_not_found'],
    );
  });

  it('still reads them as text in markdown text beside raw HTML', () => {
    expect(codes(`The minutes say &#00008220;${FABRICATED}&#00008221; <b>[1]</b>.`)).toEqual([]);
    // A blank line ends the HTML block: the line after it is markdown.
    expect(codes(`<div>\n\nThe minutes say &#00008220;${FABRICATED}&#00008221; [1].`)).toEqual(['no_marker']);
  });
});
