import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { createQuoteLocator, locateQuote } from './locate-quote.js';

const found = (quote: string, text: string, ignoreCase = false): string | null => {
  const span = locateQuote(quote, text, { ignoreCase });
  return span && text.slice(span.start, span.end);
};

describe('locateQuote at scale', () => {
  it('stays linear when nearly every match splits an expanded character', () => {
    const t0 = cpuNow();
    expect(locateQuote(`${'\u00e9'.repeat(100_000)}e`, '\u00e9'.repeat(200_000))).toBeNull();
    expect(
      locateQuote(`${'\u00e9'.repeat(3)}e`, `${'\u00e9'.repeat(1000)}e\u0301 ${'\u00e9'.repeat(3)}e.`),
    ).not.toBeNull();
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('runs in linear time on a megabyte', () => {
    const text = `${'lorem ipsum dolor '.repeat(60_000)}the needle here`;
    const t0 = cpuNow();
    expect(found('the   needle', text)).toBe('the needle');
    expect(locateQuote('absent words', '['.repeat(1_000_000))).toBeNull();
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('normalises the text once for many quotes that need it', () => {
    const text = `${'\u00e9t\u00e9 '.repeat(100_000)}fin`;
    const locate = createQuoteLocator(text);
    const t0 = cpuNow();
    for (let i = 0; i < 200; i++) expect(locate(`\u00e9t\u00e9 fin${i}`)).toBeNull();
    expect(locate('\u00e9t\u00e9\u00a0fin')).toEqual({ start: text.length - 7, end: text.length });
    expect(cpuNow() - t0).toBeLessThan(3000);
  });

  it('stays linear with wholeWords when nearly every occurrence is inside a word', () => {
    const whole = { wholeWords: true };
    const t0 = cpuNow();
    // A quote of 1,000 letters at each of a million positions inside one word; the whole one is last.
    const letters = `${'a'.repeat(1_000_000)} ${'a'.repeat(1000)}.`;
    expect(locateQuote('a'.repeat(1000), letters, whole)).toEqual({ start: 1_000_001, end: 1_001_001 });
    expect(locateQuote(`\u00a0${'a'.repeat(1000)}`, letters, whole)).toEqual({
      start: 1_000_001,
      end: 1_001_001,
    });
    const words = `${'xab '.repeat(250_000)}ab`;
    expect(locateQuote('ab', words, whole)).toEqual({ start: 1_000_000, end: 1_000_002 });
    expect(locateQuote('\u00e9ab', `${'x\u00e9ab '.repeat(200_000)}`, whole)).toBeNull();
    expect(cpuNow() - t0).toBeLessThan(3000);
  });

  it('stays linear when nearly every occurrence cuts a character shown as one', () => {
    const t0 = cpuNow();
    // A hundred thousand emoji with a modifier, flags of two glued halves, conjuncts: every hit is refused.
    expect(locateQuote('👍', '👍🏽'.repeat(100_000))).toBeNull();
    expect(locateQuote('👍 x', `${'👍🏽 x'.repeat(100_000)}`)).toBeNull();
    const flags = `a${'🇫🇷'.repeat(100_000)}`;
    expect(locateQuote('🇷🇫', flags)).toBeNull();
    expect(locateQuote('🇫🇷', `${flags} 🇫🇷`)).toEqual({ start: 1, end: 5 });
    expect(locateQuote('🇷🇫 a', `a🇫${'🇷🇫'.repeat(100_000)} a`)).toBeNull();
    expect(locateQuote('\u0915', '\u0915\u094d'.repeat(100_000))).toBeNull();
    expect(cpuNow() - t0).toBeLessThan(3000);
  });

  it('stays linear over dashes and signs spaced every way, a quote not found in the text', () => {
    for (const unit of [
      'a - ',
      '( - ',
      'a -',
      ' -$',
      'a\n- ',
      'a -- ',
      '$ - 5 ',
      'a \u2014',
      ' \u2014-\u2014 ',
      '( \u2e3a-',
    ]) {
      const make = (size: number) => {
        const text = `${unit.replace(/ /g, '').repeat(size)}y`;
        const quote = `${unit.repeat(size)}z`;
        return () => locateQuote(quote, text);
      };
      expect(growth(make, 2_000), JSON.stringify(unit)).toBeLessThan(BOUND);
    }
  });
});
