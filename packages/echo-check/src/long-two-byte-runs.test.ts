import { describe, expect, it } from 'vitest';
import { statesValue } from './find-decoy-statement.js';
import { findSourcePointers } from './find-source-pointers.js';

// Runs of millions of one character in a text that is not Latin-1 (the `€` makes it two-byte): under the `u` flag V8
// keeps a backtrack entry per character even of a single repeated class (`\d+`, `\p{Mn}+`, `[0-9a-f]*`), and such a
// run overflowed its stack (a bare RangeError). The text is read instead.
const LONG = 8 * 1024 * 1024;
// Combining marks overflowed the regexes read before the fix (f979b90) already at LONG / 2 (not at LONG / 4): their
// runs are 1.25 times that, which still overflows them, at a little more than half the cost.
const MARKS = (LONG / 2) * 1.25;
const long = (unit: string): string => `€ ${unit.repeat(Math.ceil(LONG / unit.length))}`;

describe('source pointers in huge two-byte runs', () => {
  it.each([
    ['superscripts and minus signs', long('²⁻')],
    ['a label before millions of digits', `€ source ${'1'.repeat(LONG)}`],
    ['a caret before millions of digits', `€ ^${'1'.repeat(LONG)}`],
    ['combining marks on a number', `€ 1${'\u0301'.repeat(MARKS)}`],
  ])('reads %s', (_, text) => {
    expect(Array.isArray(findSourcePointers(text))).toBe(true);
  });

  it('reads no source in a label followed by more than 64 digits, and still one in a short one', () => {
    expect(findSourcePointers(`€ source ${'1'.repeat(65)}`)).toEqual([]);
    expect(findSourcePointers('€ source 2')).toEqual([{ first: 2, last: 2 }]);
  });
});

describe('a stated value in huge two-byte runs', () => {
  it.each([
    ['hex digits', long('a')],
    ['digits', long('1')],
    ['spaces', long(' ')],
    ['combining marks on a number', `€ 1${'\u0301'.repeat(MARKS)}`],
    ['a numeric reference', `€ &#${'1'.repeat(LONG)};`],
  ])('reads %s', (_, text) => {
    expect(statesValue(text, '27')).toBe(false);
  });

  it('reads a value of millions of digit groups', () => {
    expect(statesValue('€ 27', `1${',1'.repeat(LONG / 2)}`)).toBe(false);
  });

  it('still reads what holds no value as before', () => {
    expect(statesValue('€ id 0123456789abcdef27 here', '27')).toBe(false);
    expect(statesValue('€ id 0123456789abcdef27x here', '27')).toBe(false);
    expect(statesValue('€ it&#0000027;s, 27 of them', '27')).toBe(true);
    expect(statesValue('€ it&#0000027;s', '27')).toBe(false);
    expect(statesValue('€ see [27] and 2\u03017', '27')).toBe(true);
    expect(statesValue('€ see [27]', '27')).toBe(false);
  });
});
