import { describe, expect, it } from 'vitest';
import { FABRICATED, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';

// CommonMark decodes a numeric character reference of 1 to 7 decimal or 1 to 6 hex digits, leading zeros counted, and
// shows a longer one as text: it is no quotation mark, and a reader sees none there.
const codes = (answer: string): string[] => streamedCodes(answer);

// Marks written with as many digits as CommonMark decodes: each pair still quotes.
const IN_RANGE: ReadonlyArray<readonly [string, string]> = [
  ['&#8220;', '&#8221;'],
  ['&#0008220;', '&#0008221;'], // 7 decimal digits
  ['&#x201c;', '&#x201d;'],
  ['&#x00201C;', '&#X00201D;'], // 6 hex digits
  ['&#0000034;', '&#0000034;'], // "
  ['&#x000022;', '&#x000022;'],
  ['&#0008216;', '&#0008217;'], // ‘ ’
  ['&#x002018;', '&#x002019;'],
  ['&#0000171;', '&#0000187;'], // « »
  ['&#0000147;', '&#0000148;'], // the C1 references a browser shows as “ ”
  ['&#0000060;&#0000060;', '&#0000062;&#0000062;'], // << >>
  ['&#x00003c;&#x00003C;', '&#x00003e;&#x00003E;'],
  ['&#0000044;&#0000044;', '&#0008220;'], // ,, “
  ['&#0000096;&#0000096;', '&#0000039;&#0000039;'], // `` ''
];

// The same with one digit too many: text, no mark.
const OVER_LONG: ReadonlyArray<readonly [string, string]> = [
  ['&#00008220;', '&#00008221;'], // 8 decimal digits
  ['&#000000008220;', '&#000000008221;'],
  ['&#x000201c;', '&#x000201d;'], // 7 hex digits
  ['&#00000034;', '&#00000034;'],
  ['&#x0000022;', '&#x0000022;'],
  ['&#00000171;', '&#00000187;'],
  ['&#00000147;', '&#00000148;'],
  ['&#00000060;&#00000060;', '&#00000062;&#00000062;'],
  ['&#x000003c;&#x000003c;', '&#x000003e;&#x000003e;'],
  ['&#00000044;&#00000044;', '&#00008220;'],
  ['&#00000096;&#00000096;', '&#00000039;&#00000039;'],
];

describe('verifyAnswer: quotation marks written as numeric character references', () => {
  it.each(IN_RANGE)('reads %s…%s as marks', (open, close) => {
    expect(codes(`The minutes say ${open}${FABRICATED}${close} [1].`)).toEqual(['quote_not_found']);
    expect(codes(`The minutes say ${open}${REAL}${close} [1].`)).toEqual([]);
  });

  it.each(OVER_LONG)('reads %s…%s as text, no marks', (open, close) => {
    expect(codes(`The minutes say ${open}${FABRICATED}${close} [1].`)).toEqual([]);
  });

  it('does not let an over-long reference close a quotation early', () => {
    for (const reference of ['&#00000008217;', '&#000000008217;', '&#x0002019;', '&#x00000002019;'])
      expect(
        codes(`The minutes say \u2018the budget${reference} was eliminated entirely\u2019 [1].`),
        reference,
      ).toEqual(['quote_not_found']);
    // The same with the digits CommonMark decodes: the reference closes "the budget", too short to check.
    for (const reference of ['&#0008217;', '&#x002019;'])
      expect(
        codes(`The minutes say \u2018the budget${reference} was eliminated entirely\u2019 [1].`),
        reference,
      ).toEqual([]);
  });
});
