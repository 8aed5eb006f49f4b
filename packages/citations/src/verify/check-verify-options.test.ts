import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { checkSplitOptions, checkVerifyOptions } from './check-verify-options.js';
import type { VerifyOptions } from './verify-answer.js';

const refusal = (check: () => void): string => {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return (error as InvalidArgumentError).message;
  }
  throw new Error('expected a refusal');
};
const refuse = (options: unknown): string => refusal(() => checkVerifyOptions(options as VerifyOptions));

describe('checkVerifyOptions', () => {
  it('accepts every documented value, and no options at all', () => {
    const accepted: unknown[] = [
      undefined,
      {},
      { unit: 'sentence', locale: 'en-GB', ranges: true, requireCitations: false, noSourceToken: 'NONE' },
      { unit: 'line', locale: 'zh-Hant-TW', ranges: false, requireCitations: true },
      { support: false, quotes: false },
      { support: {}, quotes: true },
      { support: { minCoverage: 0, stopWords: [] }, quotes: { minLength: 1 } },
      { support: { minCoverage: 1, stopWords: ['the', 'a'] }, quotes: { minLength: 2 ** 53 - 1 } },
      { support: { minCoverage: 0.55 }, quotes: {} },
    ];
    for (const options of accepted) expect(() => checkVerifyOptions(options as VerifyOptions)).not.toThrow();
  });

  it('names the option, what it expects and what it received', () => {
    expect(refuse(null)).toMatch(
      /^Invalid options: expected an options object \(a plain object, not an array, Map, Date or class instance\), received null/,
    );
    expect(refuse({ unit: 'word' })).toMatch(
      /^Invalid options\.unit: expected 'sentence' or 'line', received the string "word"/,
    );
    expect(refuse({ ranges: 1 })).toMatch(/^Invalid options\.ranges: expected a boolean, received number 1/);
    expect(refuse({ locale: 3 })).toMatch(
      /^Invalid options\.locale: expected a BCP 47 language tag, received number 3/,
    );
    expect(refuse({ requireCitations: 'yes' })).toMatch(
      /^Invalid options\.requireCitations: expected a boolean, received the string "yes"/,
    );
    expect(refuse({ noSourceToken: 0 })).toMatch(
      /^Invalid options\.noSourceToken: expected a string, received number 0/,
    );
    expect(refuse({ support: 'on' })).toMatch(
      /^Invalid options\.support: expected an options object, received the string "on"/,
    );
    expect(refuse({ support: { minCoverage: 2 } })).toMatch(
      /^Invalid options\.support\.minCoverage: expected 0\.\.1, received number 2/,
    );
    expect(refuse({ support: { stopWords: 'the' } })).toMatch(
      /^Invalid options\.support\.stopWords: expected an array of strings, received the string "the"/,
    );
    expect(refuse({ quotes: 'on' })).toMatch(
      /^Invalid options\.quotes: expected an options object, received the string "on"/,
    );
    expect(refuse({ quotes: { minLength: 0 } })).toMatch(
      /^Invalid options\.quotes\.minLength: expected a positive integer, received number 0/,
    );
  });

  it('refuses a locale that is no language tag, of any type', () => {
    for (const locale of ['', 'x', 'en_US!', '12', ['en'], {}, null, true]) {
      expect(refuse({ locale })).toMatch(/^Invalid options\.locale: /);
    }
  });

  it('refuses minCoverage outside 0..1 and anything but a number', () => {
    for (const minCoverage of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, '0.5', null, [0.5]]) {
      expect(refuse({ support: { minCoverage } })).toMatch(/^Invalid options\.support\.minCoverage: /);
    }
  });

  it('refuses stop words that are not an array of strings', () => {
    for (const stopWords of ['the', ['the', 3], [null], new Set(['the']), { 0: 'the', length: 1 }, null]) {
      expect(refuse({ support: { stopWords } })).toMatch(/^Invalid options\.support\.stopWords: /);
    }
  });

  it('refuses a quote length that is not a positive safe integer', () => {
    for (const minLength of [0, -1, 1.5, 2 ** 53, Number.NaN, '12', null]) {
      expect(refuse({ quotes: { minLength } })).toMatch(/^Invalid options\.quotes\.minLength: /);
    }
  });

  it('checks the splitting options alone for splitClaims', () => {
    expect(() => checkSplitOptions({ unit: 'line', locale: 'de', ranges: true })).not.toThrow();
    expect(() => checkSplitOptions({ support: 'ignored here' })).not.toThrow();
    expect(refusal(() => checkSplitOptions({ unit: 'paragraph' }))).toMatch(/^Invalid options\.unit: /);
    expect(refusal(() => checkSplitOptions('sentence'))).toMatch(/^Invalid options: /);
  });
});
