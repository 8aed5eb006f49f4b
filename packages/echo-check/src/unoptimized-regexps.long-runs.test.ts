import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statesValue } from './find-decoy-statement.js';
import { buildEchoCase } from './build-echo-case.js';
import { containsMarker } from './contains-marker.js';
import { findSourcePointers } from './find-source-pointers.js';
import { scoreEchoCase } from './score-echo-case.js';

// V8 compiles a regular expression without its optimizations once a process has generated a lot of regexp code and
// holds a lot of executable memory, as a long-running app may (ADR 0068, 0069); a repeated class compiled so keeps a
// backtrack entry per character, and a run of about four million overflows its stack. Each input here threw RangeError
// before its run was read by a search. The flag puts this process (a fresh one: the name makes it a long-run suite,
// run alone) in that state before the readers compile their patterns.
const LONG = 6_000_000;

describe('the echo check reading long runs where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  it('control: reads a caret before a few digits', () => {
    expect(findSourcePointers('see ^2')).toEqual([{ first: 2, last: 2 }]);
  });

  // `\^(\d+)`, twice: when exponents are told from pointers, and when pointers are read.
  it('reads a caret before millions of digits', { timeout: 120_000 }, () => {
    expect(findSourcePointers(`see ^${'1'.repeat(LONG)}`)).toEqual(
      findSourcePointers(`see ^${'1'.repeat(20)}`),
    );
    expect(findSourcePointers(`see ^2 and 10^${'1'.repeat(LONG)}`)).toEqual([{ first: 2, last: 2 }]);
  });

  // `[^\S\n\r\u2028\u2029]+`, one space for each run of spaces within a line.
  it('reads a hedge spaced by millions of spaces as one spaced by one', { timeout: 120_000 }, () => {
    expect(statesValue(`about 27${' '.repeat(LONG)}or 40`, '27')).toBe(statesValue('about 27 or 40', '27'));
    expect(statesValue(`it is 27${' '.repeat(LONG)}here`, '27')).toBe(true);
  });

  // `&#(\d+);?`, a numeric reference with all its digits.
  it('reads a numeric reference of millions of digits as one of a few', { timeout: 120_000 }, () => {
    for (const [few, many] of [
      ['it is &#00050;7 here', `it is &#${'0'.repeat(LONG)}50;7 here`],
      ['it&#0000027;s', `it&#${'0'.repeat(LONG)}27;s`],
      ['&#99999999;27', `&#${'9'.repeat(LONG)};27`],
    ])
      expect(statesValue(many!, '27')).toBe(statesValue(few!, '27'));
    expect(statesValue('it is &#00050;7 here', '27')).toBe(true);
  });

  // Squashing an answer (`[^0-9a-z]+`), emphasis (`[*_~`]+`), a superscript stretch and a paragraph were repeated
  // classes: an answer of millions of any sign threw. 4.5 million: past the 4,194,304 a class loop overflows at.
  it.each([
    ['stars', '*'],
    ['spaces', ' '],
    ['brackets', '['],
    ['superscripts', '\u00b9'],
  ])('scores an answer of millions of %s as one of a few', { timeout: 120_000 }, async (_, sign) => {
    const echoCase = buildEchoCase({ caseId: 'case-1', templateId: 'recipe' });
    const passages = [echoCase.positive.passage, echoCase.decoy.passage];
    const score = async (count: number) =>
      (
        await scoreEchoCase(
          echoCase,
          { answer: { text: `The answer ${sign.repeat(count)} is here.`, citations: [] } },
          { passages },
        )
      ).outcome;
    expect(await score(4_500_000)).toBe(await score(3));
    expect(
      containsMarker(
        `The answer ${sign.repeat(4_500_000)} ${echoCase.positive.marker}`,
        echoCase.positive.marker,
      ),
    ).toBe(true);
  });

  // `#source(\d+)`, `source\s+one`, `first\s+source`: a repeated class each, read whole.
  it('reads an anchor before millions of digits, and a source word before millions of spaces', {
    timeout: 120_000,
  }, () => {
    const zeros = '0'.repeat(LONG);
    expect(findSourcePointers(`see #source${zeros}2`)).toEqual([{ first: 2, last: 2 }]);
    expect(findSourcePointers(`see #source${'1'.repeat(LONG)}`)).toEqual([]);
    expect(findSourcePointers(`see #source${zeros}`)).toEqual([{ first: 0, last: 0 }]);
    const spaces = ' '.repeat(LONG);
    expect(findSourcePointers(`as the source${spaces}two says`)).toEqual([{ first: 2, last: 2 }]);
    expect(findSourcePointers(`as the third${spaces}passage says`)).toEqual([{ first: 3, last: 3 }]);
  });
});
