import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createQuoteLocator, locateQuote } from './locate-quote.js';
import type { Span } from '../types.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

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

  it('handles astral characters and composed vs decomposed accents', () => {
    expect(found('café 😀 ok', 'x cafe\u0301 😀  ok y')).toBe('cafe\u0301 😀  ok');
    expect(found('cafe\u0301', 'un café')).toBe('café');
    expect(found('caf', 'un café')).toBe('caf');
    expect(found('cafe', 'un café')).toBeNull();
    expect(found('cafe', 'un cafe\u0301 noir')).toBeNull();
    expect(found('cafe', 'un cafe noir')).toBe('cafe');
    expect(found('ﬁne', 'a fine day')).toBe('fine');
  });

  it('survives lone surrogates, NUL and RTL controls', () => {
    expect(found('b\ud800c', 'a b\ud800c d')).toBe('b\ud800c');
    expect(found('x\u0000y', 'wx\u0000yz')).toBe('x\u0000y');
    expect(found('abc', '\u202eabc\u202c')).toBe('abc');
  });

  it('never starts or ends inside a character shown as one but written with several code points', () => {
    // An emoji and its skin-tone modifier, joined by ZWJ, tagged or with a keycap; a flag of two glued flags; Hangul
    // written in jamo; a Devanagari conjunct; a letter and its mark. Each part alone is not found, on either path.
    const cases: Array<[part: string, text: string]> = [
      ['👍', 'I 👍🏽 it'],
      ['🏽', 'I 👍🏽 it'],
      ['👩', 'a 👨\u200d👩\u200d👧 family'],
      ['👨', 'a 👨\u200d👩\u200d👧 family'],
      ['👨\u200d👩', 'a 👨\u200d👩\u200d👧 family'],
      ['🏴', 'the 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} flag'],
      ['🇷🇩', 'flags 🇫🇷🇩🇪 here'],
      ['🇫', 'flags 🇫🇷🇩🇪 here'],
      ['\u1100\u1161', 'han \u1100\u1161\u11a8 x'],
      ['\u0915\u094d', 'x \u0915\u094d\u0937 y'],
      ['1', 'press 1\ufe0f\u20e3 now'],
      ['abc', '\u0600abc'],
      ['\u0e19', 'x \u0e19\u0e33 y'],
    ];
    for (const [part, text] of cases) {
      expect([part, found(part, text)]).toEqual([part, null]);
      expect([part, found(part, text, true)]).toEqual([part, null]);
      expect([part, locateQuote(part, text, { wholeWords: true })]).toEqual([part, null]);
      expect([part, found(` ${part} `, text)]).toEqual([part, null]);
    }
    // The whole character is found, and so is the part where it stands alone.
    expect(found('👍🏽', 'I 👍🏽 it')).toBe('👍🏽');
    expect(at('👍', 'I 👍🏽 and 👍 it')).toEqual({ start: 11, end: 13 });
    expect(at('🇩🇪', 'flags 🇫🇷🇩🇪 here')).toEqual({ start: 10, end: 14 });
    expect(at('🇫🇷', '🇫🇷🇫🇷')).toEqual({ start: 0, end: 4 });
    expect(at('🇫🇷 ok', '🇫🇷🇫🇷 ok')).toEqual({ start: 4, end: 11 });
    expect(found('👨\u200d👩\u200d👧', 'a 👨\u200d👩\u200d👧 family')).toBe('👨\u200d👩\u200d👧');
    expect(found('\u1100\u1161\u11a8', 'han \u1100\u1161\u11a8 x')).toBe('\u1100\u1161\u11a8');
    expect(found('abc', '\u0600abc abc')).toBe('abc');
    expect(at('abc', '\u0600abc abc')).toEqual({ start: 5, end: 8 });
  });

  it('starts and ends every hit where Intl.Segmenter puts a character boundary (property)', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const piece = fc.constantFrom(
      'a',
      ' ',
      '👍',
      '🏽',
      '\u200d',
      '👩',
      '🇫',
      '🇷',
      '\u1100',
      '\u1161',
      '\u11a8',
      '\uac00',
      '\u0915',
      '\u094d',
      '\u0301',
      '\ufe0f',
      '\u0600',
      '\u0e01',
      '\u0e33',
      '\u0bca',
      '\r',
      '\n',
      '1',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 24 }),
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (pieces, quotePieces, ignoreCase) => {
          const text = pieces.join('');
          const quote = quotePieces.join('');
          const edges = new Set([...segmenter.segment(text)].map((segment) => segment.index));
          edges.add(text.length);
          for (const options of [{ ignoreCase }, { ignoreCase, wholeWords: true }]) {
            const span = locateQuote(quote, text, options);
            if (span === null) continue;
            expect(edges.has(span.start)).toBe(true);
            expect(edges.has(span.end)).toBe(true);
          }
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
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

  it('returns null for a quote that is not a string', () => {
    expect(createQuoteLocator('abc')(undefined as unknown as string)).toBeNull();
  });
});

const at = (quote: string, text: string, ignoreCase = false): Span | null =>
  locateQuote(quote, text, { ignoreCase });

describe('locateQuote: the verbatim path', () => {
  it('returns the first verbatim occurrence of a printable-ASCII quote, even after an earlier normalised one', () => {
    expect(at('a b', 'a  b then a b.')).toEqual({ start: 10, end: 13 });
    expect(at('a b', 'a  b then a b')).toEqual({ start: 10, end: 13 });
    expect(at('fi', '\ufb01 fi!')).toEqual({ start: 2, end: 4 });
    expect(at("it's", "it\u2019s and it's.")).toEqual({ start: 9, end: 13 });
  });

  it('trims the quote before looking it up', () => {
    expect(at('  brown  ', 'the brown fox')).toEqual({ start: 4, end: 9 });
    expect(at('\tbrown\n', 'the brown fox')).toEqual({ start: 4, end: 9 });
  });

  it('ignores case on the verbatim path only when both texts are ASCII', () => {
    expect(at('A B', 'a  b, a b.', true)).toEqual({ start: 6, end: 9 });
    expect(at('A B', 'a  b, a b.')).toBeNull();
    // Lower-casing the dotted capital I adds a code unit: the verbatim offsets would be off by one.
    expect(at('ABC', '\u0130 abc', true)).toEqual({ start: 2, end: 5 });
    expect(at('abc', '\u0130 ABC.', true)).toEqual({ start: 2, end: 5 });
    expect(at('abc', '\u00e9 ABC', true)).toEqual({ start: 2, end: 5 });
  });

  it('ignores case only when ignoreCase is true, by default not at all, and refuses a non-boolean', () => {
    expect(locateQuote('QUICK', 'the quick one')).toBeNull();
    expect(locateQuote('QUICK', 'the quick one', {})).toBeNull();
    expect(locateQuote('QUICK', 'the quick one', { ignoreCase: false })).toBeNull();
    expect(() => locateQuote('QUICK', 'the quick one', { ignoreCase: 1 as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.ignoreCase' }),
    );
    expect(locateQuote('QUICK', 'the quick one', { ignoreCase: true })).toEqual({ start: 4, end: 9 });
    expect(found('stra\u00dfe', 'die STRASSE und die Stra\u00dfe', true)).toBe('Stra\u00dfe');
    expect(() =>
      locateQuote('\u00c9T\u00c9', 'un \u00e9t\u00e9', { ignoreCase: 'yes' as unknown as boolean }),
    ).toThrow(expect.objectContaining({ code: 'invalid_argument', parameter: 'options.ignoreCase' }));
  });

  it('refuses a verbatim hit followed by a combining mark and falls back to the normalised path', () => {
    expect(at('cafe', 'cafe\u0301 and cafe.')).toEqual({ start: 10, end: 14 });
    expect(at('cafe', 'cafe\u0301')).toBeNull();
    expect(at('caf', 'cafe\u0301')).toEqual({ start: 0, end: 3 });
    expect(at('cafe', 'cafe\u0301 caf\u00e9')).toBeNull();
  });

  it('returns null for a quote or text that is not a string', () => {
    expect(locateQuote(5 as unknown as string, '5')).toBeNull();
    expect(locateQuote('5', 5 as unknown as string)).toBeNull();
    expect(locateQuote(null as unknown as string, 'null')).toBeNull();
    expect(locateQuote('null', null as unknown as string)).toBeNull();
    expect(locateQuote(undefined as unknown as string, undefined as unknown as string)).toBeNull();
  });

  it('returns null for an empty, blank or invisible quote', () => {
    for (const quote of ['', ' ', '   ', '\t\n', '\u200b', '\u00a0\u200b\u202e', '\u00ad']) {
      expect(locateQuote(quote, 'some text \u200b here'), JSON.stringify(quote)).toBeNull();
    }
    expect(locateQuote('x', '')).toBeNull();
  });
});

describe('locateQuote: the normalised path', () => {
  it('takes the normalised path for a quote with a tab, two spaces or any non-ASCII character', () => {
    expect(at('a\tb', 'a b then a\tb')).toEqual({ start: 0, end: 3 });
    expect(at('a  b', 'a b then a  b')).toEqual({ start: 0, end: 3 });
    expect(at('\u00e9', 'e\u0301 and \u00e9')).toEqual({ start: 0, end: 2 });
    expect(at('x\u0000y', 'xy and x\u0000y')).toEqual({ start: 0, end: 2 });
  });

  it('maps a normalised match back to exact original offsets', () => {
    expect(at('"the rate"', 'He said \u201cthe  rate\u201d.')).toEqual({ start: 8, end: 19 });
    expect(at('\u00e9t\u00e9', 'un \u00e9t\u00e9 chaud')).toEqual({ start: 3, end: 6 });
    expect(at('\u00e9t\u00e9', 'un e\u0301te\u0301 chaud')).toEqual({ start: 3, end: 8 });
    expect(at('a\u00a0\u00a0b', 'x a \t\n b y')).toEqual({ start: 2, end: 8 });
    expect(at('\ud83d\ude00 ok', 'x \ud83d\ude00  ok')).toEqual({ start: 2, end: 8 });
    expect(at(' \u00e9 ', 'x\u00e9y')).toEqual({ start: 1, end: 2 });
  });

  it('applies ignoreCase to both the quote and the text', () => {
    expect(found('\u00c9', 'caf\u00e9', true)).toBe('\u00e9');
    expect(found('\u00e9', 'CAF\u00c9', true)).toBe('\u00c9');
    expect(found('\u00c9', 'caf\u00e9')).toBeNull();
    expect(found('\u00e9', 'CAF\u00c9')).toBeNull();
  });

  it('refuses a match that starts inside one character expansion', () => {
    expect(at('ine', 'a \ufb01ne')).toBeNull();
    expect(at('fine', 'a \ufb01ne')).toEqual({ start: 2, end: 5 });
    expect(at('i\u00a0x', '\ufb01 x')).toBeNull();
  });

  it('refuses a match that ends inside one character expansion or before a combining mark', () => {
    expect(at('a\u00a0f', 'a \ufb01')).toBeNull();
    expect(at('a\u00a0fi', 'a \ufb01')).toEqual({ start: 0, end: 3 });
    expect(at('un\u00a0cafe', 'un cafe\u0301')).toBeNull();
    expect(at('un\u00a0cafe', 'un cafe!')).toEqual({ start: 0, end: 7 });
    expect(at('\u00e9t', '\u00e9t\u00e9')).toEqual({ start: 0, end: 2 });
    expect(at('\u00e9te', '\u00e9t\u00e9')).toBeNull();
  });

  it('keeps searching past refused matches, overlapping ones included, and returns the first clean one', () => {
    expect(at('cafe', 'cafe\u0301 cafe\u0301 cafe')).toEqual({ start: 12, end: 16 });
    expect(at('cafe', 'cafe\u0301 cafe\u0301 caf\u00e9')).toBeNull();
    expect(at('\u00e9e', '\u00e9e\u0301e\u0301e\u0301e')).toEqual({ start: 5, end: 8 });
    expect(at('aa', 'aa\u0301aa\u0301 aa a')).toEqual({ start: 7, end: 9 });
    // 'ff' at 3 ends inside the ligature, the overlapping 'ff' at 4 is the ligature itself.
    expect(at('ff', 'ff\u0301f\ufb00')).toEqual({ start: 4, end: 5 });
    expect(at('abab', 'abab\u0301ababab')).toEqual({ start: 5, end: 9 });
    // 'fif' at 5 ends inside the second ligature; the overlapping 'fif' at 7 starts with it and is clean.
    expect(at('fif', 'fif\u0301 \ufb01\ufb01f')).toEqual({ start: 6, end: 8 });
    // Both 'ffi' start inside a ligature; 'ifi' after the second must not be taken for a third.
    expect(at('ffi', '\ufb00fi\ufb00fifi')).toBeNull();
    expect(at('ffi', '\ufb00fi\ufb00fiffi')).toEqual({ start: 6, end: 9 });
    // The second 'ffifff' overlaps the first by 'ff': found only through the prefix table's fallback.
    expect(at('ffifff', 'ffifff\u0301 \ufb00fifffifff')).toEqual({ start: 12, end: 18 });
  });

  it('returns null when the normalised quote does not occur', () => {
    expect(at('\u00e9t\u00e9', 'un hiver')).toBeNull();
    expect(at('a\u00a0b', 'ab')).toBeNull();
  });
});

/** Splits a string into whole characters (code points followed by their combining marks). */
const normalizeEach = (text: string, ignoreCase: boolean): string => {
  let out = '';
  for (const char of text) {
    const decomposed = char.normalize('NFKD');
    out += ignoreCase ? decomposed.toLowerCase() : decomposed;
  }
  return out;
};

/**
 * The documented result by brute force over the original text, for texts without whitespace or quote/dash
 * variants: the first verbatim occurrence of a printable-ASCII quote unless a combining mark follows it, otherwise
 * the earliest span of whole characters, neither starting on a mark after its base nor followed by a mark, whose
 * per-character NFKD form equals the quote's.
 */
function reference(quote: string, text: string, ignoreCase: boolean): Span | null {
  // A mark is read as a whole code point, so an astral mark counts as one.
  const mark = (at: number): boolean =>
    at < text.length && /\p{M}/u.test(String.fromCodePoint(text.codePointAt(at)!));
  const printable = /^[\x21-\x7e]+$/.test(quote);
  if (printable && (!ignoreCase || /^[\x00-\x7f]*$/.test(text))) {
    const plain = ignoreCase ? text.toLowerCase().indexOf(quote.toLowerCase()) : text.indexOf(quote);
    const end = plain + quote.length;
    if (plain !== -1 && !mark(end)) return { start: plain, end };
  }
  const needle = normalizeEach(quote, ignoreCase);
  if (needle === '') return null;
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && mark(start)) continue; // a mark after its base character is no place to start
    for (let end = start + 1; end <= text.length; end++) {
      if (mark(end)) continue;
      if (normalizeEach(text.slice(start, end), ignoreCase) === needle) return { start, end };
    }
  }
  return null;
}

describe('locateQuote agrees with a brute-force reference', () => {
  const piece = fc.constantFrom(
    'a',
    'b',
    'A',
    'e',
    '\u00e9',
    '\u00c9',
    'e\u0301',
    '\ufb01',
    '\ufb00',
    'f',
    'i',
    '\u0301',
    '\u{1D167}',
    '\u{11013}',
    '\u{11038}',
  );
  const pieces = (max: number): fc.Arbitrary<string> =>
    fc.array(piece, { minLength: 1, maxLength: max }).map((p) => p.join(''));

  it('on random texts of letters, accents, combining marks and ligatures', () => {
    fc.assert(
      fc.property(pieces(4), pieces(14), fc.boolean(), (quote, text, ignoreCase) => {
        expect(locateQuote(quote, text, { ignoreCase })).toEqual(reference(quote, text, ignoreCase));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('on texts made of repeated, self-overlapping patterns', () => {
    const texts = ['aab', 'abab', 'aaab', 'abaab'];
    for (const base of texts) {
      for (const quote of [base, `${base}\u0301`, base.slice(1), `a${base}`]) {
        for (const text of [
          `${base}\u0301${base}${base}`,
          `${base}\u0301${base.repeat(3)}\u0301${base}`,
          `a${base}\u0301${base.slice(0, -1)}${base}`,
          `${base.repeat(4)}\u0301`,
        ]) {
          const needle = `${quote}\u00e9`.slice(0, -1); // the same quote, looked up on both paths below
          expect(locateQuote(needle, text), `${needle} in ${text}`).toEqual(reference(needle, text, false));
          const accented = `${quote}\u00e9`;
          expect(locateQuote(accented, `${text}\u00e9`), `${accented} in ${text}`).toEqual(
            reference(accented, `${text}\u00e9`, false),
          );
        }
      }
    }
  });
});

describe('locateQuote: whole code points at the edges', () => {
  it('refuses a match followed by an astral combining mark, on both paths', () => {
    expect(at('a', 'a\u{1D167}b')).toBeNull();
    expect(at('a', 'a\u0301b')).toBeNull();
    expect(at('\u00a0a', 'x a\u{1D167}b')).toBeNull();
    expect(at('\u00a0a', 'x a\u0301b')).toBeNull();
    // Brahmi KA + vowel sign AA (an astral spacing mark): the bare KA is no character of the text.
    expect(at('\u{11013}', '\u{11013}\u{11038}')).toBeNull();
    expect(at('\u{11013}\u{11038}', 'x \u{11013}\u{11038}')).toEqual({ start: 2, end: 6 });
    expect(at('a', 'a\u{1D167}b a.')).toEqual({ start: 5, end: 6 });
    expect(at('\u00a0a', 'a\u{1D167}b a.')).toEqual({ start: 5, end: 6 });
  });

  it('refuses a match that starts on a combining mark whose base sits before it', () => {
    expect(at('\u{1D167}b', 'a\u{1D167}b')).toBeNull();
    expect(at('\u0301b', 'a\u0301b')).toBeNull();
    expect(at('\u{11038}', '\u{11013}\u{11038}')).toBeNull();
    expect(at('\u0301b', 'a\u0301b \u0301b', false)).toBeNull();
    // A mark that opens the text has no base to split from.
    expect(at('\u0301b', '\u0301b')).toEqual({ start: 0, end: 2 });
  });

  it('refuses a verbatim hit when an invisible character hides a mark after it', () => {
    expect(at('cafe', 'cafe\u200b\u0301')).toBeNull();
    expect(at('cafe', 'cafe\u200b\u{1D167} cafe')).toEqual({ start: 8, end: 12 });
  });
});

describe('locateQuote: wholeWords', () => {
  const whole = (quote: string, text: string, ignoreCase = false): string | null => {
    const span = locateQuote(quote, text, { wholeWords: true, ignoreCase });
    return span === null ? null : text.slice(span.start, span.end);
  };
  const passage = 'The treatment was ineffective against the virus and unsafe for children.';

  it('refuses a quote found only inside a word, at either edge', () => {
    expect(whole('effective against the virus', passage)).toBeNull();
    expect(whole('safe for children', passage)).toBeNull();
    expect(whole('e', passage)).toBeNull();
    expect(whole('treat', passage)).toBeNull();
    expect(whole('ineffective against the vir', passage)).toBeNull();
    expect(whole('ineffective against the virus', passage)).toBe('ineffective against the virus');
    expect(whole('unsafe for children.', passage)).toBe('unsafe for children.');
    // Without the option, part of a word is still found.
    expect(found('effective against the virus', passage)).toBe('effective against the virus');
  });

  it('finds a later whole-word occurrence after ones inside words, on both paths', () => {
    expect(at('at', 'Water boils at 100', false)).toEqual({ start: 1, end: 3 });
    expect(locateQuote('at', 'Water boils at 100', { wholeWords: true })).toEqual({ start: 12, end: 14 });
    expect(whole('boils\u00a0at', 'Water reboils at, it boils  at 100')).toBe('boils  at');
    expect(whole('caf\u00e9', 'cafe\u0301s et cafe\u0301')).toBe('cafe\u0301');
    expect(whole('AT', 'WATER AT', true)).toBe('AT');
  });

  it('reads an invisible character inside a word as part of the word, as verifyAnswer does', () => {
    expect(whole('effective', 'in\u200beffective')).toBeNull();
    expect(whole('effective', 'in\u00adeffective, effective')).toBe('effective');
    expect(whole('in', 'in\u0001effective')).toBeNull();
  });

  it('refuses a quote without a letter or a digit', () => {
    for (const quote of ['.', '...', '"', '—', ' - ', '\u0301', '\u2122', '\u{1F600}']) {
      expect(
        locateQuote(quote, `a ${quote} b. \u2122 \u{1F600} \u0301`, { wholeWords: true }),
        quote,
      ).toBeNull();
    }
    expect(whole('1', 'item 1.')).toBe('1');
    expect(whole('a', 'The cat sat on a mat')).toBe('a');
  });

  it('treats digits as word characters: part of a number is no quote of it', () => {
    expect(whole('20', 'in 2020')).toBeNull();
    expect(whole('20', 'in 2020, 20 of them')).toBe('20');
    expect(whole('\u00bd', 'x1\u00bd')).toBeNull();
  });

  it('reads apostrophes, hyphens and other punctuation as separators, like verifyAnswer', () => {
    expect(whole('known', 'well-known')).toBe('known');
    expect(whole('known', 'well\u2011known')).toBe('known');
    expect(whole('s rates', "the students's rates")).toBe('s rates');
    expect(whole('Cloud', 'Acme\u2122Cloud')).toBe('Cloud');
    expect(whole('fine', 'a \ufb01ne')).toBe('\ufb01ne');
    expect(whole('ne', 'a \ufb01ne')).toBeNull();
  });

  it('reads letters with their combining marks as one word', () => {
    expect(whole('cafe', 'cafe\u0301')).toBeNull();
    expect(whole('caf', 'cafe\u0301')).toBeNull();
    expect(whole('ete', 'e\u0301te\u0301 ete')).toBe('ete');
    expect(whole('x', 'e\u0301x')).toBeNull();
  });

  it('finds any run of characters of a script written without spaces, and refuses part of a word elsewhere', () => {
    expect(whole('漢字', '我們的漢字很好')).toBe('漢字');
    expect(whole('ひらがな', 'これはひらがなです')).toBe('ひらがな');
    expect(whole('ภาษา', 'ภาษาไทย')).toBe('ภาษา');
    expect(whole('漢字', 'abc漢字def')).toBe('漢字');
    expect(whole('abc', 'xabc漢字')).toBeNull();
    expect(whole('abc', 'abc漢字')).toBe('abc');
    expect(whole('한국', '한국어')).toBeNull();
    expect(whole('한국', '한국어 한국')).toBe('한국');
    expect(whole('слово', 'предслово, слово')).toBe('слово');
  });

  it('reads whole code points next to astral letters', () => {
    // U+10400 DESERET CAPITAL LONG I is a letter: a quote beside it is inside a word.
    expect(whole('ab', '\u{10400}ab')).toBeNull();
    expect(whole('ab', 'ab\u{10400}')).toBeNull();
    expect(whole('\u00e9', '\u{10400}\u00e9')).toBeNull();
    expect(whole('ab', '\u{1F600}ab\u{1F600}')).toBe('ab');
  });

  it('refuses a non-boolean wholeWords', () => {
    expect(() => locateQuote('a', 'a', { wholeWords: 1 as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.wholeWords' }),
    );
  });
});

/** Whether a code point is a letter, digit or mark, as written, and not of a script written without spaces. */
const joins = (char: string): boolean =>
  /[\p{L}\p{N}\p{M}]/u.test(char) &&
  !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u.test(
    char,
  );

/** The whole-words result by brute force: the earliest span of whole code points, clean at both edges. */
function wholeWordsReference(quote: string, text: string): Span | null {
  if (!/[\p{L}\p{N}]/u.test(quote)) return null;
  const needle = normalizeEach(quote.trim(), false);
  const chars = [...text];
  const offsets = [0];
  for (const char of chars) offsets.push(offsets[offsets.length - 1]! + char.length);
  const mark = (char: string | undefined): boolean => char !== undefined && /\p{M}/u.test(char);
  for (let start = 0; start < chars.length; start++) {
    if (start > 0 && (mark(chars[start]) || (joins(chars[start - 1]!) && joins(chars[start]!)))) continue;
    for (let end = start + 1; end <= chars.length; end++) {
      const next = chars[end];
      if (next !== undefined && (mark(next) || (joins(chars[end - 1]!) && joins(next)))) continue;
      if (normalizeEach(chars.slice(start, end).join(''), false) === needle) {
        return { start: offsets[start]!, end: offsets[end]! };
      }
    }
  }
  return null;
}

describe('locateQuote with wholeWords agrees with a brute-force reference', () => {
  const piece = fc.constantFrom(
    'a',
    'b',
    'e',
    '\u00e9',
    'e\u0301',
    '\u0301',
    '\u{1D167}',
    '\u{11013}',
    '\u{11038}',
    '\ufb01',
    'f',
    'i',
    '1',
    '2',
    '-',
    '.',
    '漢',
    '字',
    '\u{10400}',
    '\u{1F600}',
  );
  const pieces = (min: number, max: number): fc.Arbitrary<string> =>
    fc.array(piece, { minLength: min, maxLength: max }).map((p) => p.join(''));

  it('on random texts of letters, digits, marks (astral too), CJK and punctuation', () => {
    fc.assert(
      fc.property(pieces(1, 3), pieces(0, 14), (quote, text) => {
        expect(locateQuote(quote, text, { wholeWords: true })).toEqual(wholeWordsReference(quote, text));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('on quotes taken from the text itself', () => {
    fc.assert(
      fc.property(pieces(1, 16), fc.nat(), fc.nat(), (text, a, b) => {
        const chars = [...text];
        const from = Math.min(a, b) % (chars.length + 1);
        const to = Math.max(a, b) % (chars.length + 1);
        const quote = chars.slice(from, to).join('');
        expect(locateQuote(quote, text, { wholeWords: true })).toEqual(wholeWordsReference(quote, text));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});

// A quotation nested in another swaps the family of its marks (`'…'` inside `"…"`): the families compare as one.
describe('locateQuote quotation marks of another family', () => {
  const club = 'the chorus for "The Roof Is on Fire" while there\'s a fire, and \u00abLa Vie\u00bb later';

  it('finds single, double and angle marks for one another, at the text own offsets', () => {
    expect(found('for \u2018The Roof Is on Fire\u2019 while', club)).toBe('for "The Roof Is on Fire" while');
    expect(found("for 'The Roof Is on Fire' while", club)).toBe('for "The Roof Is on Fire" while');
    expect(found('for \u2039The Roof Is on Fire\u203a while', club)).toBe('for "The Roof Is on Fire" while');
    expect(found('and "La Vie" later', club)).toBe('and \u00abLa Vie\u00bb later');
    expect(found('there\u201ds a fire', club, true)).toBe("there's a fire");
    expect(locateQuote("for 'The Roof Is on Fire' while", club, { wholeWords: true })).toEqual({
      start: 11,
      end: 42,
    });
  });

  it('keeps a mark after a digit in its family: a prime is no inch mark', () => {
    expect(found('5\u2032 wide and 3\u2033 deep', 'is 5\' wide and 3" deep')).toBe('5\' wide and 3" deep');
    expect(found('5" wide', "is 5' wide")).toBeNull();
    expect(found("3' deep", 'and 3" deep')).toBeNull();
  });
});
