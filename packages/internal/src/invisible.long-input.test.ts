import { describe, expect, it } from 'vitest';
import { hasInvisible, isBlank, stripInvisible } from './invisible.js';

// Eight million characters of one short unit: a regex that repeats a group once per unit overflows V8's backtrack
// stack on such a string (a bare RangeError); each function answers instead.
const LONG = 8 * 1024 * 1024;
const long = (unit: string) => unit.repeat(Math.ceil(LONG / unit.length));

describe('invisible characters on huge strings', () => {
  it.each([
    ['zero-width spaces', '\u200b'],
    ['spaces and zero-width spaces', ' \u200b'],
    ['an astral format control', '\u{13430}'],
    ['tag characters', '\u{e0041}'],
  ])('isBlank reads eight million characters of %s', (_, unit) => {
    expect(isBlank(long(unit))).toBe(true);
    expect(isBlank(`${long(unit)}x`)).toBe(false);
    expect(isBlank(`${long(unit)}\ud800`)).toBe(false);
  });

  it('strips and finds them in eight million characters', () => {
    expect(stripInvisible(long('a\u200b')).length).toBe(LONG / 2);
    expect(hasInvisible(long('a\u200b'))).toBe(true);
    expect(hasInvisible(long('\u{1f600}'))).toBe(false);
  });
});
