import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { alignWithWords, NUMERAL_BREAK } from './align-with-words.js';
import { locateQuote } from './locate-quote.js';
import { normalizeWithMap } from './normalize-text.js';
import { SEPARATOR, wordSequence } from './word-sequence.js';

const read = (text: string, numerals = true): string =>
  alignWithWords(normalizeWithMap(text), text, { numerals }).text;

describe('alignWithWords', () => {
  it('drops the white space of a soft hyphen at a line break, and marks numerals of different forms', () => {
    expect(read('in\u00ad\n  effective')).toBe('ineffective');
    expect(read('in\u00ad effective')).toBe('in effective'); // no line break: the hyphen is dropped, nothing more
    expect(read('- \u00ad\neffective')).toBe('- effective'); // after no word
    expect(read('\u2460500 \u2460\u2461 10\u00b2 \u216150')).toBe(
      `1${NUMERAL_BREAK}500 1${NUMERAL_BREAK}2 10${NUMERAL_BREAK}2 II${NUMERAL_BREAK}50`,
    );
    expect(read('\u2460500', false)).toBe('1500');
    expect(read('x\u2081\u2082 \u2169\u2162 1500 \u2469')).toBe('x12 XIII 1500 10');
  });

  it('maps a break to no text where the second numeral starts, and keeps the map of the rest', () => {
    const text = 'a \u2460\u200b500\u00ad\nmg';
    const {
      text: units,
      originalStart,
      originalEnd,
    } = alignWithWords(normalizeWithMap(text), text, {
      numerals: true,
    });
    expect(units).toBe(`a 1${NUMERAL_BREAK}500mg`);
    const at = units.indexOf(NUMERAL_BREAK);
    expect([originalStart[at], originalEnd[at]]).toEqual([4, 4]);
    expect(text.slice(originalStart[at + 4], originalEnd[at + 5])).toBe('mg');
  });
});

describe('wordSequence with keepCase', () => {
  it('reads the same items as without, in the same places, but for case (property)', () => {
    const pieces = fc.constantFrom(
      'a',
      'B',
      '1',
      ' ',
      '.',
      "'",
      '\u00b4',
      '\u02bc',
      '\u00ad\n',
      '\u2460',
      '\u2161',
      '\u00b2',
      '\u2082',
      '\u00bd',
      '\u0130',
      '\u212a',
      '\u1e9e',
      '\u03a3',
      '\u00c9',
      'E\u0301',
      '\u6771',
      '\u200b',
      '\ufb01',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const lower = wordSequence(text);
        const cased = wordSequence(text, { keepCase: true });
        expect(cased.start).toEqual(lower.start);
        expect(cased.end).toEqual(lower.end);
        expect(cased.items.map((item) => item.startsWith(SEPARATOR))).toEqual(
          lower.items.map((item) => item.startsWith(SEPARATOR)),
        );
        for (let i = 0; i < lower.items.length; i++) {
          expect(lower.items[i]!.startsWith(SEPARATOR)).toBe(
            i === 0 ? lower.items[0]!.startsWith(SEPARATOR) : !lower.items[i - 1]!.startsWith(SEPARATOR),
          );
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('reading words at scale', () => {
  it('stays linear over runs of numerals of different forms and of soft hyphens at line breaks', () => {
    for (const unit of ['\u24601', '\u2460\u2461', '1\u00b2', 'in\u00ad\n']) {
      const make = (size: number) => {
        const text = `${unit.repeat(size)} end`;
        const quote = `${'1'.repeat(size)}z`;
        return () => {
          locateQuote(quote, text, { wholeWords: true });
          resolveQuotedRows([{ handle: 'S1', quote: `${'In'.repeat(size)} end` }], [passage(text)]);
        };
      };
      expect(growth(make, 2_000), JSON.stringify(unit)).toBeLessThan(BOUND);
    }
  });
});
