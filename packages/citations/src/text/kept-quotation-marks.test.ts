import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { keptQuotationMarks } from './kept-quotation-marks.js';
import { locateQuote } from './locate-quote.js';
import { foldQuotationMarks, normalizeWithMap, QUOTATION_MARKS } from './normalize-text.js';
import { SEPARATOR, wordSequence } from './word-sequence.js';

const found = (quote: string, text: string): string | null => {
  const span = locateQuote(quote, text);
  return span && text.slice(span.start, span.end);
};
const items = (text: string): string[] => wordSequence(text).items;

describe('keptQuotationMarks: primes never fold, a closing mark after a number does', () => {
  it('keeps a prime in its family after a letter: f′ is not f″, A′ not A″', () => {
    expect(found('is where f\u2032(x) = 0 holds', 'is where f\u2033(x) = 0 holds')).toBeNull();
    expect(found("is where f'(x) = 0 holds", 'is where f"(x) = 0 holds')).toBeNull();
    expect(found('the letter A\u2032 on the board', 'the letter A\u2033 on the board')).toBeNull();
    expect(found("is where f'(x) = 0 holds", 'is where f\u2032(x) = 0 holds')).toBe(
      'is where f\u2032(x) = 0 holds',
    );
    expect(found('the letter A\u2033 on', 'the letter A" on')).toBe('the letter A" on');
    expect(items('f\u2032(x) f\u2033(x)')).toEqual(items('f\'(x) f"(x)'));
    expect(items('f\u2032(x)')).not.toEqual(items('f\u2033(x)'));
    expect(items('A\u2032 on')).not.toEqual(items('A\u2033 on'));
  });

  it('reads a mark after a number that closes a quotation of its family as a quotation mark', () => {
    const label = 'the label "Data licence Germany" or "Version 2.0" with a reference';
    expect(found('or \u2018Version 2.0\u2019 with', label)).toBe('or "Version 2.0" with');
    expect(found('or \u00bbVersion 2.0\u00ab with', label)).toBe('or "Version 2.0" with');
    expect(found('or \u201aVersion 2.0\u2018 with', label)).toBe('or "Version 2.0" with');
    expect(found('called \u2018Model 5\u2019 today', 'It was called "Model 5" today.')).toBe(
      'called "Model 5" today',
    );
    expect(found('called "Model 5" today', "It was called 'Model 5' today.")).toBe("called 'Model 5' today");
    expect(found('called \u2018Model 6\u2019 today', 'It was called "Model 5" today.')).toBeNull();
    expect(locateQuote('\u2018Version 2.0\u2019 with', label, { wholeWords: true })).toEqual({
      start: 36,
      end: 54,
    });
    expect(items('\u2018Model 5\u2019 today')).toEqual(items('"Model 5" today'));
  });

  it('keeps a foot or inch mark that closes nothing, after any number sign', () => {
    expect(found("is 5' wide", 'is 5" wide')).toBeNull();
    expect(found('is 5\u2019 wide', 'is 5" wide')).toBeNull();
    expect(found('is 5\u2032 wide', "is 5' wide")).toBe("is 5' wide");
    for (const sign of ['\u216b', '\u3007', '\u0bf0', '\u2460', '\u00bd', '\u00b2']) {
      expect(found(`statue is ${sign}' tall`, `The statue is ${sign}" tall`), sign).toBeNull();
      expect(found(`statue is ${sign}\u2033 tall`, `The statue is ${sign}" tall`), sign).not.toBeNull();
      expect(items(`${sign}' tall`), sign).not.toEqual(items(`${sign}" tall`));
    }
    // A quotation opened on another line, or closed before, leaves the mark after a number a foot mark.
    expect(found('door is 5" wide', "in the 'big\nhouse' the door is 5' wide")).toBeNull();
    expect(found('door is 5" wide', "the 'big' door is 5' wide")).toBeNull();
    expect(found('door is 5\u2032 wide', "in the 'big\nhall the door is 5' wide")).toBe("door is 5' wide");
  });

  it('still reads apostrophes and closing marks after letters as one, in every script', () => {
    const british = '\u2018I don\u2019t know the residents\u2019 choice,\u2019 she said.';
    expect(found("I don't know the residents' choice", british)).toBe(
      'I don\u2019t know the residents\u2019 choice',
    );
    expect(found('he said there\u201ds a fire', "he said there's a fire")).toBe("he said there's a fire");
    expect(
      found(
        '\uadf8\ub294 \u2018\uc608\uc0b0\u2019\uc774\ub77c\uace0',
        '\uadf8\ub294 "\uc608\uc0b0"\uc774\ub77c\uace0',
      ),
    ).not.toBeNull();
    expect(found('\u8bf4\u2018\u9884\u7b97\u2019\u7684', '\u8bf4"\u9884\u7b97"\u7684')).not.toBeNull();
  });

  it('reads every mark the same way in wordSequence and locateQuote', () => {
    const alphabet = [
      'a',
      'f',
      '5',
      '\u216b',
      '\u2460',
      ' ',
      '\n',
      '(',
      ',',
      '\u200b',
      '\u0301',
      "'",
      '"',
      '\u2018',
    ];
    const more = [
      '\u{1d7d3}',
      '\u2019',
      '\u201c',
      '\u201d',
      '\u201e',
      '\u2032',
      '\u2033',
      '\u00ab',
      '\u00bb',
      '\uff07',
      '\u00b2',
    ];
    const texts = fc
      .array(fc.constantFrom(...alphabet, ...more), { maxLength: 24 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(texts, (text) => {
        const normalized = normalizeWithMap(text, { ignoreCase: true });
        const folded = foldQuotationMarks(normalized, keptQuotationMarks(text));
        const fromLocate = [...folded].filter((char) => QUOTATION_MARKS.includes(char)).join('');
        const fromWords = items(text)
          .filter((item) => item.startsWith(SEPARATOR))
          .join('')
          .replace(/[^'"\u00ab\u00bb\u2039\u203a\u300c-\u300f]/g, '');
        expect(fromWords).toBe(fromLocate);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a megabyte of marks and dropped characters in linear time', () => {
    const t0 = cpuNow();
    expect(keptQuotationMarks(`5${'\u200b'.repeat(10)}'${'\u200b'.repeat(10)}`.repeat(40_000)).size).toBe(
      40_000,
    );
    expect(keptQuotationMarks(`'a 5' `.repeat(150_000)).size).toBe(0);
    expect(cpuNow() - t0).toBeLessThan(4000);
  });
});
