import { describe, expect, it } from 'vitest';
import { formatNumberList } from './format-number-list.js';

describe('formatNumberList', () => {
  it('joins with commas and a final "and"', () => {
    expect(formatNumberList([])).toBe('');
    expect(formatNumberList([3])).toBe('[3]');
    expect(formatNumberList([3, 5])).toBe('[3] and [5]');
    expect(formatNumberList([3, 5, 9])).toBe('[3], [5] and [9]');
    expect(formatNumberList([3, 5], { bracket: false })).toBe('3 and 5');
  });

  it('counts what is past max instead of listing it', () => {
    expect(formatNumberList([1, 2, 3, 4, 5], { max: 3 })).toBe('[1], [2], [3] and 2 more');
    expect(formatNumberList(Array.from({ length: 1_000 }, (_, i) => i)).endsWith('and 990 more')).toBe(true);
  });

  it('never prints the lost digits of a number past 2^53', () => {
    expect(formatNumberList([9, 2 ** 53 - 1, 1e20])).toBe('[9], [9007199254740991] and [a number past 2^53]');
    expect(formatNumberList([Number.POSITIVE_INFINITY], { bracket: false })).toBe('a number past 2^53');
  });
});
