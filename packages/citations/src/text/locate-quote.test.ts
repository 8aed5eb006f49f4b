import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createQuoteLocator, locateQuote } from './locate-quote.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const found = (quote: string, text: string, ignoreCase = false): string | null => {
  const span = locateQuote(quote, text, { ignoreCase });
  return span === null ? null : text.slice(span.start, span.end);
};

describe('locateQuote', () => {
  it('returns exact offsets of a verbatim quote', () => {
    expect(locateQuote('quick brown', 'The quick brown fox')).toEqual({ start: 4, end: 15 });
  });

  it('matches across whitespace, quote, dash, NBSP and zero-width variants and maps back exactly', () => {
    const text = 'He said \u201cthe  rate\u00a0rose\u201d \u2014 by 5\u200b%\n\tin total.';
    expect(found('"the rate rose" - by 5% in total', text)).toBe(
      '\u201cthe  rate\u00a0rose\u201d \u2014 by 5\u200b%\n\tin total',
    );
    expect(found("it's", 'and it\u2019s here')).toBe('it\u2019s');
    expect(found('10-20', 'from 10\u201320 and 10\u221220')).toBe('10\u201320');
  });

  it('ignores case only when asked', () => {
    expect(found('QUICK Brown', 'The quick brown fox')).toBeNull();
    expect(found('QUICK Brown', 'The quick brown fox', true)).toBe('quick brown');
    expect(found('straße', 'die STRASSE und die Straße', true)).toBe('Straße');
  });

  it('handles astral characters and composed vs decomposed accents', () => {
    expect(found('café 😀 ok', 'x cafe\u0301 😀  ok y')).toBe('cafe\u0301 😀  ok');
    expect(found('cafe\u0301', 'un café')).toBe('café');
    expect(found('caf', 'un café')).toBe('caf');
    expect(found('cafe', 'un café')).toBeNull();
    expect(found('cafe', 'un cafe\u0301 noir')).toBeNull();
    expect(found('cafe', 'un cafe noir')).toBe('cafe');
    expect(found('ﬁne', 'a fine day')).toBe('fine');
  });

  it('returns null for an absent, empty or whitespace-only quote', () => {
    expect(locateQuote('slow fox', 'The quick brown fox')).toBeNull();
    expect(locateQuote('', 'text')).toBeNull();
    expect(locateQuote(' \u00a0\u200b\n', 'text')).toBeNull();
    expect(locateQuote('a', '')).toBeNull();
  });

  it('survives lone surrogates, NUL and RTL controls', () => {
    expect(found('b\ud800c', 'a b\ud800c d')).toBe('b\ud800c');
    expect(found('x\u0000y', 'wx\u0000yz')).toBe('x\u0000y');
    expect(found('abc', '\u202eabc\u202c')).toBe('abc');
  });

  it('maps every hit back to a span whose normalised text equals the quote (property)', () => {
    const piece = fc.constantFrom(
      'a',
      'B',
      ' ',
      '\u00a0',
      '\u2014',
      '-',
      '\u201c',
      '"',
      '\u200b',
      'é',
      'e\u0301',
      '😀',
      '\n',
      'ﬁ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(), fc.nat(), (pieces, a, b) => {
        const text = pieces.join('');
        const from = Math.min(a, b) % (pieces.length + 1);
        const to = Math.max(a, b) % (pieces.length + 1);
        const quote = pieces.slice(Math.min(from, to), Math.max(from, to)).join('');
        const span = locateQuote(quote, text);
        if (quote.replace(/[\s\u00a0\u200b]/g, '') === '') {
          expect(span).toBeNull();
          return;
        }
        expect(span).not.toBeNull();
        expect(span!.start).toBeLessThanOrEqual(span!.end);
        expect(locateQuote(text.slice(span!.start, span!.end), quote)).not.toBeNull();
      }),
      { numRuns: propertyRuns(500) },
    );
  });

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
});

describe('createQuoteLocator', () => {
  it('finds what locateQuote finds, quote after quote in one text (property)', () => {
    const piece = fc.constantFrom(
      'a',
      'B',
      ' ',
      '\u00a0',
      '\u2014',
      '"',
      '\u200b',
      'é',
      'e\u0301',
      '😀',
      'ﬁ',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }),
        fc.array(fc.array(piece, { maxLength: 6 }), { maxLength: 6 }),
        fc.boolean(),
        (pieces, quotes, ignoreCase) => {
          const text = pieces.join('');
          const locate = createQuoteLocator(text, { ignoreCase });
          for (const quote of quotes.map((q) => q.join(''))) {
            expect(locate(quote)).toEqual(locateQuote(quote, text, { ignoreCase }));
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('normalises the text once for many quotes that need it', () => {
    const text = `${'\u00e9t\u00e9 '.repeat(100_000)}fin`;
    const locate = createQuoteLocator(text);
    const t0 = cpuNow();
    for (let i = 0; i < 200; i++) expect(locate(`\u00e9t\u00e9 fin${i}`)).toBeNull();
    expect(locate('\u00e9t\u00e9\u00a0fin')).toEqual({ start: text.length - 7, end: text.length });
    expect(cpuNow() - t0).toBeLessThan(3000);
  });

  it('returns null for a quote that is not a string', () => {
    expect(createQuoteLocator('abc')(undefined as unknown as string)).toBeNull();
  });
});
