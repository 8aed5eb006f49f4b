import { describe, expect, it } from 'vitest';
import { findQuotations } from './find-quotations.js';

describe('findQuotations', () => {
  it('finds straight and curly quotations of at least the minimum length', () => {
    expect(findQuotations('He said "the rate rose sharply" and “prices fell again” but "no".')).toEqual([
      'the rate rose sharply',
      'prices fell again',
    ]);
    expect(findQuotations('"no"', 2)).toEqual(['no']);
  });

  it('ignores unbalanced quotes', () => {
    expect(findQuotations('An inch is 2.54 cm (1") long and “open ended')).toEqual([]);
  });
});
