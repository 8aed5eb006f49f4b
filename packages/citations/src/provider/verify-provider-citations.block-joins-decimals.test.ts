// A number formed across a block join is stated by a claim that writes it with a decimal fraction of zeros
// (`7300.00`, `7.300,00`, `2.50` for `2.5`): the zeros say nothing of its value, so the claim states the number the
// provider ran together and the document shows apart.
import { describe, expect, it } from 'vitest';
import { checkBlocksCited } from '../__fixtures__/provider-document.js';
import { foldGlued } from './create-claim-word-finder.js';

describe('verifyProviderCitations: a number across a join, stated with trailing decimal zeros', () => {
  it.each([
    ['The fee is 7300.00 EUR.', ['Fee: 7', '300 EUR.']],
    ['The fee is 7300.0 EUR.', ['Fee: 7', '300 EUR.']],
    ['The fee is 7,300.00 EUR.', ['Fee: 7', '300 EUR.']],
    ['The fee is 7.300,00 EUR.', ['Fee: 7', '300 EUR.']],
    ['The fee is 7,300.000 EUR.', ['Fee: 7', '300 EUR.']],
    ['The fee is 7300,00 EUR.', ['Fee: 7', '300 EUR.']],
    ['The dose is 2.50 mg daily.', ['Dose: 2.', '5 mg daily.']],
    ['The dose is 2,50 mg daily.', ['Dose: 2.', '5 mg daily.']],
  ])('refuses %j (blocks %j)', (claim, blocks) => {
    for (const options of [undefined, { support: {} }]) {
      const result = checkBlocksCited(claim, blocks, options);
      expect(result.accepted).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
    }
  });

  it('accepts a claim whose number differs once its zeros are read, or that writes the parts apart', () => {
    for (const [claim, blocks] of [
      ['The fee is 7300.50 EUR, or 7 and 300.', ['Fee: 7', '300 EUR.']],
      ['The fee is 7 plus 300 EUR.', ['Fee: 7', '300 EUR.']],
      ['The dose is 2.05 mg daily.', ['Dose: 2.', '5 mg daily.']],
      ['The dose is 20.5 mg daily.', ['Dose: 2.', '5 mg daily.']],
    ] as const) {
      expect(
        checkBlocksCited(claim, blocks).rejected.map(([code]) => code),
        claim,
      ).not.toContain('span_mismatch');
    }
  });
});

describe('foldGlued: a decimal fraction', () => {
  const read = (text: string): string =>
    foldGlued(text)
      .join('')
      .replace(/[\u0001\u0003]/g, '|');

  // `2.500` and `7.000` may be thousands (`2.500` is two thousand five hundred in German): they stay as written.
  it('drops the trailing zeros of a fraction, not those of a thousands group', () => {
    expect(read('7300.00')).toBe('|7300|');
    expect(read('7,300.00')).toBe('|7300|');
    expect(read('7.300,00')).toBe('|7300|');
    expect(read('2.50')).toBe('|25|');
    expect(read('2.0')).toBe('|2|');
    expect(read('7,300')).toBe('|7300|');
    expect(read('7.000')).toBe('|7000|');
    expect(read('2.500')).toBe('|2500|');
    expect(read('1,000,000')).toBe('|1000000|');
    expect(read('10 and 20')).toBe('|10| and |20|');
    expect(read('v7300.00mAh')).toBe('v|7300|mah');
  });
});
