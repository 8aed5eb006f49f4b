import { describe, expect, it } from 'vitest';
import { locateQuote } from './locate-quote.js';

const found = (quote: string, text: string, wholeWords = false): string | null => {
  const span = locateQuote(quote, text, { wholeWords });
  return span === null ? null : text.slice(span.start, span.end);
};

// A dash between clauses is written tight (`a—b`) or spaced (`a — b`), and `--` stands for one: the white space
// beside a dash is no part of what a quotation says (a review found 0 of 69 real dash sites located once it changed).
describe('locateQuote: white space beside a dash', () => {
  it('finds a spaced quotation in tight text, and a tight one in spaced text, at the passage’s own characters', () => {
    const tight = 'the result\u2014a surprise\u2014was clear to all.';
    const spaced = 'the result \u2014 a surprise \u2014 was clear to all.';
    expect(found('the result \u2014 a surprise \u2014 was clear', tight)).toBe(
      'the result\u2014a surprise\u2014was clear',
    );
    expect(found('the result\u2014a surprise\u2014was clear', spaced)).toBe(
      'the result \u2014 a surprise \u2014 was clear',
    );
    for (const quote of [
      'the result - a surprise - was clear',
      'the result -- a surprise -- was clear',
      'the result--a surprise--was clear',
      'the result \u2013 a surprise \u2013 was clear',
      'the result\u2009\u2014\u2009a surprise\u2009\u2014\u2009was clear',
    ]) {
      expect(found(quote, tight), quote).toBe('the result\u2014a surprise\u2014was clear');
      expect(found(quote, spaced), quote).toBe('the result \u2014 a surprise \u2014 was clear');
      expect(found(quote, tight, true), quote).toBe('the result\u2014a surprise\u2014was clear');
    }
    // A quotation that starts or ends at the dash keeps to the passage's characters.
    expect(found('surprise \u2014 was', tight)).toBe('surprise\u2014was');
    expect(found('a surprise', spaced)).toBe('a surprise');
  });

  it('never reads a minus sign away, nor a dash as a sign, nor glues or drops other characters', () => {
    // `-5` is a number; `- 5` a dash before one.
    expect(found('fell to - 5 degrees', 'It fell to -5 degrees.')).toBeNull();
    expect(found('fell to -5 degrees', 'It fell to - 5 degrees.')).toBeNull();
    expect(found('fell to -5 degrees', 'It fell to \u22125 degrees.')).toBe('fell to \u22125 degrees');
    expect(found('fell to 5 degrees', 'It fell to -5 degrees.')).toBeNull();
    expect(found('fell to 5 degrees', 'It fell to \u2014 5 degrees.')).toBeNull();
    // Digits stay apart: no dash is dropped, only the white space beside it.
    expect(found('from 10 - 5', 'from 105 on')).toBeNull();
    expect(found('from 10 \u2013 5', 'from 10-5 on')).toBe('from 10-5');
    // `--` before a digit is two signs, not a dash.
    expect(found('10 --5', 'is 10 - 5 here')).toBeNull();
    // Two dashes with a space between stay two.
    expect(found('a - - b', 'a - b')).toBeNull();
    // Words beside no dash keep their space.
    expect(found('the result a surprise', 'the result\u2014a surprise')).toBeNull();
  });

  // A dash glued to what follows and to no word before it is a sign, whatever follows (`-$5`, `(-5)`, `-x`); a review
  // found each of these found once the white space beside any dash was dropped.
  it('keeps a sign as written: no dash read away reads as one, nor a bullet as a hyphen', () => {
    for (const [quote, text] of [
      ['the balance fell to - $5 overnight', 'the balance fell to -$5 overnight'],
      ['the balance fell to\u2014$5 overnight', 'the balance fell to \u2212$5 overnight'],
      ['the loss was\u2014\u20ac3 million', 'the loss was -\u20ac3 million'],
      ['the limit goes to\u2014\u221e here', 'the limit goes to \u2212\u221e here'],
      ['the function returns - x here', 'the function returns -x here'],
      ['the rate fell to\u2014.5 percent', 'the rate fell to -.5 percent'],
      ['the temperature was ( - 5) degrees', 'the temperature was (-5) degrees'],
      ['the temperature was (-5) degrees', 'the temperature was ( - 5) degrees'],
      ['cost $ - 5 now', 'cost $-5 now'],
      ['equals =-5 here', 'equals = - 5 here'],
      ['apples-pears-figs taste', 'fruit:\n- apples\n- pears\n- figs taste'],
      ['apples\u2014pears', 'fruit:\n- apples\n- pears'],
    ] as const) {
      expect(found(quote, text), `${quote} <- ${text}`).toBeNull();
      expect(found(quote, text, true), `${quote} <- ${text}`).toBeNull();
    }
  });

  it('still reads a dash between two parts alike however spaced, beside a closing bracket too', () => {
    expect(found('the balance fell to \u2014 $5', 'the balance fell to\u2014$5 overnight')).toBe(
      'the balance fell to\u2014$5',
    );
    expect(found('the cost (net) \u2014 was', 'the cost (net)\u2014was high')).toBe(
      'the cost (net)\u2014was',
    );
    expect(found('apples - pears', 'fruit:\n- apples\n- pears')).toBe('apples\n- pears');
    expect(found('the result \u2014 a', 'the result \u2014\na surprise')).toBe('the result \u2014\na');
  });
  // An em dash is never a sign: spaced on one side only, it still stands between two parts (a second look found
  // these refused). An en dash or a minus glued on its right after a space stays a sign.
  it('reads an em dash spaced on one side only as one between two parts, at the passage’s own characters', () => {
    expect(found('the result \u2014a surprise', 'the result\u2014a surprise.')).toBe(
      'the result\u2014a surprise',
    );
    expect(found('the result \u2014 a surprise', 'the result \u2014a surprise.')).toBe(
      'the result \u2014a surprise',
    );
    expect(found('the result\u2014a', 'the result\u2015 a surprise.', true)).toBe('the result\u2015 a');
    expect(found('the result \u2e3aa', 'x the result\u2e3aa surprise.', true)).toBe('the result\u2e3aa');
    expect(found('fell to\u20135 degrees', 'It fell to \u22125 degrees.')).toBeNull();
    expect(found('fell to \u20135 degrees', 'It fell to\u2013 5 degrees.')).toBeNull();
  });

  // `--` in a quotation is read as one dash only where the text writes one run: never as the first dash of a run the
  // text writes longer (`aaa--` was found as the `aaa-` of `aaa--́`, whose second dash carries a mark).
  it('reads a quotation’s `--` as one dash only against a whole run of the text’s dashes', () => {
    for (const wholeWords of [false, true]) {
      expect(found('aaa--', 'aaa--\u{1D167}aa', wholeWords)).toBeNull();
      expect(found('aaa--', 'aaa--\u0301aa', wholeWords)).toBeNull();
      expect(found('the result--', 'the result-\u2013\u0301a', wholeWords)).toBeNull();
      expect(found('the result --', 'the result \u2014\u2014\u0301 a', wholeWords)).toBeNull();
      expect(found('a--', 'aa\u2014 b', wholeWords)).toBe(wholeWords ? null : 'a\u2014');
      expect(found('the result--', 'the result\u2014a', wholeWords)).toBe('the result\u2014');
      expect(found('the result--a', 'the result\u2014a', wholeWords)).toBe('the result\u2014a');
    }
  });
});
