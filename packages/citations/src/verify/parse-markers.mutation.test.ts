// Behaviour pinned by mutation testing (npm run mutation -- citations): spaces the grammar allows, scanning
// that starts only at a real `[` (also right after a marker), and the edges of ranges (including ranges from 0).
import { describe, expect, it } from 'vitest';
import { MAX_RANGE_LENGTH, parseMarkers } from './parse-markers.js';

const numbersOf = (text: string, ranges = false): number[][] =>
  parseMarkers(text, { ranges }).map((marker) => marker.numbers);

describe('parseMarkers (mutation-pinned edges)', () => {
  it('allows spaces, tabs and no-break spaces around numbers, and nothing wider', () => {
    expect(numbersOf('[\t1\t] [\u00a02\u00a0;\u00a03\u00a0] [ 4 ,\t5 ]')).toEqual([[1], [2, 3], [4, 5]]);
    expect(numbersOf('[\u20031] [1\u2003] [\u30001]')).toEqual([]);
  });

  it('starts a marker only at a real opening bracket', () => {
    expect(parseMarkers('x1]')).toEqual([]);
    expect(parseMarkers('1, 2]')).toEqual([]);
    expect(parseMarkers('[1]2]')).toEqual([{ numbers: [1], start: 0, end: 3 }]);
    expect(parseMarkers('[1]2] [3]')).toEqual([
      { numbers: [1], start: 0, end: 3 },
      { numbers: [3], start: 6, end: 9 },
    ]);
  });

  it('accepts a one-number range and refuses a range without an end', () => {
    expect(numbersOf('[2-2]', true)).toEqual([[2]]);
    expect(numbersOf('[2\u20132]', true)).toEqual([[2]]);
    expect(numbersOf('[1-]', true)).toEqual([]);
    expect(numbersOf('[1- ]', true)).toEqual([]);
    expect(numbersOf('[1-3', true)).toEqual([]);
  });

  it('allows spaces after a range end and continues the list after it', () => {
    expect(parseMarkers('[1-3 ]', { ranges: true })).toEqual([{ numbers: [1, 2, 3], start: 0, end: 6 }]);
    expect(numbersOf('[1 - 3 , 5]', true)).toEqual([[1, 2, 3, 5]]);
    expect(numbersOf('[1-2;4-5]', true)).toEqual([[1, 2, 4, 5]]);
    expect(numbersOf('[1-2 x]', true)).toEqual([]);
  });

  it('expands a range of exactly MAX_RANGE_LENGTH numbers and names only the ends of one more', () => {
    expect(numbersOf(`[1-${MAX_RANGE_LENGTH + 1}]`, true)).toEqual([[1, MAX_RANGE_LENGTH + 1]]);
    expect(numbersOf(`[2-${MAX_RANGE_LENGTH + 1}]`, true)[0]).toHaveLength(MAX_RANGE_LENGTH);
    expect(numbersOf('[9007199254740990-9007199254740993]', true)).toEqual([
      [9007199254740990, 9007199254740992],
    ]);
  });

  it('looks for the next marker only at the next `[`, not right after the one it just read', () => {
    // A model that drops an opening bracket: the stray `2]` after a real marker is text, not a second marker.
    expect(parseMarkers('Water boils at 100 °C [1], 2] at sea level.')).toEqual([
      { numbers: [1], start: 22, end: 25 },
    ]);
    expect(parseMarkers('[1] 2][3]x 4]')).toEqual([
      { numbers: [1], start: 0, end: 3 },
      { numbers: [3], start: 6, end: 9 },
    ]);
  });

  it('refuses a range from 0 that has no end, as it refuses any range without an end', () => {
    expect(parseMarkers('[0-]', { ranges: true })).toEqual([]);
    expect(parseMarkers('[0\u2013 ]', { ranges: true })).toEqual([]);
    expect(parseMarkers('[0-, 3] [4]', { ranges: true })).toEqual([{ numbers: [4], start: 8, end: 11 }]);
    expect(parseMarkers('[0-0] [0-2]', { ranges: true })).toEqual([
      { numbers: [0], start: 0, end: 5 },
      { numbers: [0, 1, 2], start: 6, end: 11 },
    ]);
  });
});
