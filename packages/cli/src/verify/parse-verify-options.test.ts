import { describe, expect, it } from 'vitest';
import { parseVerifyOptions } from './parse-verify-options.js';

describe('parseVerifyOptions', () => {
  it('reads every option a log line may carry', () => {
    expect(
      parseVerifyOptions({
        unit: 'line',
        locale: 'de-CH',
        requireCitations: false,
        ranges: true,
        identifiers: ['doi', 'doi', 'url'],
        support: { minCoverage: 0.5, stopWords: ['the'] },
        noSourceToken: 'NO_SOURCE',
        quotes: { minLength: 20 },
      }),
    ).toEqual({
      success: true,
      data: {
        unit: 'line',
        locale: 'de-CH',
        requireCitations: false,
        ranges: true,
        identifiers: ['doi', 'url'],
        support: { minCoverage: 0.5, stopWords: ['the'] },
        noSourceToken: 'NO_SOURCE',
        quotes: { minLength: 20 },
      },
    });
    expect(parseVerifyOptions({ support: true, quotes: false })).toEqual({
      success: true,
      data: { support: {}, quotes: false },
    });
  });

  it.each([
    [[], 'options'],
    [null, 'options'],
    [{ unit: 'paragraph' }, 'options.unit'],
    [{ locale: 'not a locale!' }, 'options.locale'],
    [{ locale: 'x'.repeat(100) }, 'options.locale'],
    [{ ranges: 'yes' }, 'options.ranges'],
    [{ identifiers: [{ name: 'custom', pattern: '(a+)+$' }] }, 'options.identifiers'],
    [{ support: { minCoverage: 1.5 } }, 'options.support.minCoverage'],
    [{ support: { minCoverage: Number.NaN } }, 'options.support.minCoverage'],
    [{ support: { stopWords: [1] } }, 'options.support.stopWords'],
    [{ support: { threshold: 0.5 } }, 'options.support.threshold'],
    [{ quotes: { minLength: 0 } }, 'options.quotes.minLength'],
    [{ quotes: { minLength: 2 ** 60 } }, 'options.quotes.minLength'],
    [JSON.parse('{"__proto__": {"unit": "line"}}'), 'options.__proto__'],
  ])('rejects %j naming %s', (value, field) => {
    const result = parseVerifyOptions(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.field).toBe(field);
  });

  it('names an unknown key with its terminal controls escaped and cut short', () => {
    const result = parseVerifyOptions(JSON.parse('{"\\u001b]0;PWNED\\u0007\\u001b[2J":1}'));
    expect(result).toMatchObject({
      success: false,
      error: { field: 'options.\\u001b]0;PWNED\\u0007\\u001b[2J' },
    });
    const long = parseVerifyOptions({ ['k'.repeat(100)]: 1 });
    expect(long.success || long.error.field).toBe(`options.${'k'.repeat(40)}…`);
  });
});
