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

  it('pairs look-alike and language-specific quotation marks', () => {
    const inner = 'the tower is made of gold';
    for (const [open, close] of [
      ['\uff02', '\uff02'],
      ['\u2033', '\u2033'],
      ['\u00ab', '\u00bb'],
      ['\u00bb', '\u00ab'],
      ['\u201e', '\u201c'],
      ['\u201e', '\u201d'],
      ['\u300c', '\u300d'],
      ['\u300e', '\u300f'],
    ]) {
      expect(findQuotations(`It says ${open}${inner}${close} [2].`)).toEqual([inner]);
    }
  });

  it('ignores unbalanced quotes', () => {
    expect(findQuotations('An inch is 2.54 cm (1") long and “open ended')).toEqual([]);
  });
});
