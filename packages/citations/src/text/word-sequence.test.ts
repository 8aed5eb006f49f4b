import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { SEPARATOR, tokensOf, trimSeparators, wordSequence } from './word-sequence.js';

const S = SEPARATOR;
const items = (text: string): string[] => wordSequence(text).items;

describe('wordSequence', () => {
  it('reads tokens and the separators between them, normalised and lower-cased, with original offsets', () => {
    const text = 'The \u201cRate\u201d  ROSE \u2013 sharply.';
    const { items: read, start, end } = wordSequence(text);
    expect(read).toEqual(['the', `${S} "`, 'rate', `${S}" `, 'rose', `${S} - `, 'sharply', `${S}.`]);
    expect(read.map((_, i) => text.slice(start[i], end[i]))).toEqual([
      'The',
      ' \u201c',
      'Rate',
      '\u201d  ',
      'ROSE',
      ' \u2013 ',
      'sharply',
      '.',
    ]);
  });

  it('reads letters, digits and marks of any script as words, and drops invisible characters', () => {
    expect(items('caf\u00e9 cafe\u0301 x\u0301y 42\u00b2 \u0436\u0443\u043a')).toEqual([
      'cafe\u0301',
      `${S} `,
      'cafe\u0301',
      `${S} `,
      'x\u0301y',
      `${S} `,
      '42\u00b2', // a superscript stays itself: `42²` is not `422`
      `${S} `,
      '\u0436\u0443\u043a',
    ]);
    expect(items('Inflation\u200bRates\u00adfell')).toEqual(['inflationratesfell']);
  });

  it('reads a word broken at a soft hyphen and a line break as one word, as a soft hyphen within a line', () => {
    const text = 'the drug in\u00ad\n  effective here';
    const { items: read, start, end } = wordSequence(text);
    expect(read).toEqual(['the', `${S} `, 'drug', `${S} `, 'ineffective', `${S} `, 'here']);
    expect(text.slice(start[4], end[4])).toBe('in\u00ad\n  effective');
    expect(items('in\u00ad\r\neffective')).toEqual(['ineffective']);
    expect(items('in\u00ad \u2028effective')).toEqual(['ineffective']);
    // Not at a line break, or before no word, or after no word: the soft hyphen is dropped and nothing more.
    expect(items('in\u00ad effective')).toEqual(['in', `${S} `, 'effective']);
    expect(items('in\u00ad\n\neffective')).toEqual(['in', `${S} `, 'effective']);
    expect(items('in\u00ad\n- effective')).toEqual(['in', `${S} - `, 'effective']);
    expect(items('- \u00ad\neffective')).toEqual([`${S}- `, 'effective']);
  });

  it('makes each character of a script written without spaces a token, keeping its marks', () => {
    expect(items('\u6771\u4eac\u30bf\u30ef\u30fc 2020\u5e74')).toEqual([
      '\u6771',
      S,
      '\u4eac',
      S,
      '\u30bf',
      S,
      '\u30ef',
      S,
      '\u30fc',
      `${S} `,
      '2020',
      S,
      '\u5e74',
    ]);
    // Thai: a vowel sign (a mark) stays with the consonant before it.
    expect(items('\u0e01\u0e34\u0e19')).toEqual(['\u0e01\u0e34', S, '\u0e19']);
  });

  it('decides what separates words by the character as written, not by its compatibility form', () => {
    // NFKD turns the trade mark sign into the letters TM; it still separates the words around it.
    expect(items('Acme\u2122Cloud runs')).toEqual(['acme', `${S}tm`, 'cloud', `${S} `, 'runs']);
    // A ligature and full-width letters are letters as written.
    expect(items('\ufb01ne \uff21\uff22')).toEqual(['fine', `${S} `, 'ab']);
  });

  it('reads square brackets between words as parentheses, the way formatSources shows them in a prompt', () => {
    expect(items('see [7] and \uff3b8\uff3d')).toEqual([
      'see',
      `${S} (`,
      '7',
      `${S}) `,
      'and',
      `${S} (`,
      '8',
      `${S})`,
    ]);
    expect(items('see [7]')).toEqual(items('see (7)'));
  });

  it('reads quotation marks of every family as one, but a mark after a digit (a prime, an inch mark)', () => {
    const double = items('for "The Roof" while \u00abLa Vie\u00bb');
    expect(items("for 'The Roof' while \u2039La Vie\u203a")).toEqual(double);
    expect(items('for \u2018The Roof\u2019 while \u300cLa Vie\u300d')).toEqual(double);
    expect(items('for \u201eThe Roof\u201c while \u300eLa Vie\u300f')).toEqual(double);
    expect(double).toEqual([
      'for',
      `${S} "`,
      'the',
      `${S} `,
      'roof',
      `${S}" `,
      'while',
      `${S} "`,
      'la',
      `${S} `,
      'vie',
      `${S}"`,
    ]);
    expect(items("5' by 3\u2032")).toEqual(['5', `${S}' `, 'by', `${S} `, '3', `${S}'`]);
    expect(items('5" by 3\u2033')).toEqual(['5', `${S}" `, 'by', `${S} `, '3', `${S}"`]);
    // A second look found a number sign that is no decimal digit (`①`, `½`) folding the mark after it, as
    // `locateQuote` (which reads the digit it decomposes to) does not.
    expect(items("\u2460' wide")).toEqual(['1', `${S}' `, 'wide']);
    expect(items('\u00bd\u2032 wide')[1]).toBe(`${S}' `);
  });

  it('reads empty, blank and invisible text as nothing or one separator', () => {
    expect(wordSequence('')).toEqual({ items: [], start: new Int32Array(0), end: new Int32Array(0) });
    expect(items('\u200b\u202e')).toEqual([]);
    expect(items(' ... ')).toEqual([`${S} ... `]);
  });

  it('alternates tokens and separators and maps every item inside the text, in order (property)', () => {
    const pieces = fc.constantFrom(
      'a',
      'B',
      '1',
      ' ',
      '.',
      '\u00e9',
      'e\u0301',
      '\u6771',
      '\u200b',
      '\ufb01',
      '\u2122',
      '\ud83d\ude00',
      '\ud800',
      '\u0301',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const { items: read, start, end } = wordSequence(text);
        for (let i = 0; i < read.length; i++) {
          expect(read[i]!.startsWith(S)).toBe(i === 0 ? read[0]!.startsWith(S) : !read[i - 1]!.startsWith(S));
          expect(start[i]!).toBeLessThanOrEqual(end[i]!);
          expect(end[i]!).toBeLessThanOrEqual(text.length);
          if (i > 0) expect(start[i]!).toBeGreaterThanOrEqual(end[i - 1]!);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('trimSeparators and tokensOf', () => {
  it('keep the items from the first token to the last, and the distinct tokens', () => {
    const read = items('"Yes," she said, "yes."');
    expect(trimSeparators(read)).toEqual(['yes', `${S}," `, 'she', `${S} `, 'said', `${S}, "`, 'yes']);
    expect(tokensOf(read)).toEqual(['yes', 'she', 'said']);
    expect(trimSeparators(items(' ... '))).toEqual([]);
    expect(tokensOf([])).toEqual([]);
  });
});
