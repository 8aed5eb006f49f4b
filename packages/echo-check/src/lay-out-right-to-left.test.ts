import { describe, expect, it } from 'vitest';
import { laidOutReadings, layOutRightToLeft } from './lay-out-right-to-left.js';

/** The reading without the bidi controls and marks, which a page does not show. */
const shown = (text: string): string | undefined =>
  layOutRightToLeft(text)?.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

describe('layOutRightToLeft', () => {
  it('lays out the pieces of a right-to-left run in reverse order, each keeping its own, as libfribidi shows them', () => {
    // Each expected reading is what libfribidi (UAX #9) shows, controls dropped.
    const cases: Array<[string, string]> = [
      ['calls for \u200f5\u200f9\u200f7 grams', 'calls for 795 grams'],
      ['for 12 \u200f34\u200f56 x', 'for 12 5634 x'],
      ['Unlike \u2067Catering\u200f \u200fCedarline\u2069, it', 'Unlike Cedarline Catering, it'],
      ['x \u2068\u200fab\u200fcd\u2069 y', 'x cdab y'],
      ['\u202bef\u200fcd\u200fab\u202c', 'abcdef'],
      ['\u200fef\u200fcd\u200fab', 'abcdef'],
      ['Note: \u2067ef\u200fcd\u200fab\u2069 end', 'Note: abcdef end'],
    ];
    for (const [text, expected] of cases) expect([text, shown(text)]).toEqual([text, expected]);
  });

  it('lays out each paragraph on its own, and reads its direction outside isolates', () => {
    expect(shown('\u200fb\u200fa\nb\u200fa')).toBe('ab\nba');
    // The first strong character of the paragraph is `x`: the isolate is a run, the rest left-to-right.
    expect(shown('\u2067\u200fd\u200fc\u2069 x')).toBe('cd x');
  });

  it('keeps a right-to-left script and its digits whole in a left-to-right answer, and is null without one', () => {
    expect(layOutRightToLeft('The Millstone rye bread uses 450 grams [1].')).toBeNull();
    expect(layOutRightToLeft('\u2067plain\u2069 \u202etext\u202c')).toBeNull();
    // Its letters are laid out as a page shows them; what stands between two of them is one piece, kept in order (a
    // page would also swap the number and the words there: neutrals between numbers and words are not modelled).
    expect(shown('وصفة Millstone rye bread ٤٥٠ غرام')).toBe('مارغ Millstone rye bread ٤٥٠ ةفصو');
  });
});

describe('laidOutReadings', () => {
  it('adds each reading with overrides reversed, runs laid out, and both; only those that differ', () => {
    expect(laidOutReadings(['plain', null])).toEqual([]);
    expect(laidOutReadings(['\u202eba\u202c \u200f2\u200f1'])).toEqual([
      'ab\u202c \u200f2\u200f1',
      '\u202eba\u202c 1\u200f2\u200f',
      'ab\u202c 1\u200f2\u200f',
    ]);
  });
});
