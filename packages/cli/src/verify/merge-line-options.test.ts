import { describe, expect, it } from 'vitest';
import { mergeLineOptions } from './merge-line-options.js';

describe('mergeLineOptions', () => {
  it('ignores what a line would relax', () => {
    const line = {
      requireCitations: false,
      support: false as const,
      quotes: false,
      ranges: true,
      unit: 'line' as const,
      locale: 'de',
      identifiers: [],
      noSourceToken: 'NONE',
    };
    expect(mergeLineOptions({}, line)).toEqual({});
    expect(mergeLineOptions({ support: { minCoverage: 0.7 } }, { support: { minCoverage: 0.2 } })).toEqual({
      support: { minCoverage: 0.7 },
    });
    expect(mergeLineOptions({ quotes: { minLength: 5 } }, { quotes: { minLength: 40 } })).toEqual({
      quotes: { minLength: 5 },
    });
  });

  it('lets a line tighten: require citations, turn support on or raise it, check shorter quotes, drop ranges', () => {
    expect(mergeLineOptions({ requireCitations: false }, { requireCitations: true })).toEqual({
      requireCitations: true,
    });
    expect(mergeLineOptions({}, { support: {} })).toEqual({ support: { minCoverage: 0.55 } });
    expect(
      mergeLineOptions(
        { support: { minCoverage: 0.5, stopWords: ['the'] } },
        { support: { minCoverage: 0.9, stopWords: ['water'] } },
      ),
    ).toEqual({ support: { minCoverage: 0.9, stopWords: ['the'] } });
    expect(mergeLineOptions({ quotes: false }, { quotes: true })).toEqual({ quotes: { minLength: 12 } });
    expect(mergeLineOptions({}, { quotes: { minLength: 4 } })).toEqual({ quotes: { minLength: 4 } });
    expect(mergeLineOptions({ ranges: true }, { ranges: false })).toEqual({ ranges: false });
  });
});
