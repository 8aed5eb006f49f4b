import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { source as sourceIn } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { locateQuote } from '../text/locate-quote.js';
import type { Passage } from '../types.js';

const source = (text: string): Passage => sourceIn(text, 'doc');

/** The rejection codes of `answer` citing a passage of `text`, whole and streamed. */
const codes = (answer: string, text: string): string[] => streamedCodes(answer, [source(text)], {}, [1]);

describe('verifyAnswer primes and quotation marks', () => {
  it('never reads a prime as a quotation mark, after a letter too: f′ is not f″', () => {
    const curve = 'An inflection point is where f\u2033(x) = 0 holds for the curve.';
    expect(
      codes('It says \u201can inflection point is where f\u2032(x) = 0 holds\u201d [1].', curve),
    ).toEqual(['quote_not_found']);
    expect(
      codes('It says \u201can inflection point is where f\u2033(x) = 0 holds\u201d [1].', curve),
    ).toEqual([]);
    const ascii = 'An inflection point is where f"(x) = 0 holds for the curve.';
    expect(codes("It says \u201can inflection point is where f'(x) = 0 holds\u201d [1].", ascii)).toEqual([
      'quote_not_found',
    ]);
    expect(
      codes('It says \u201can inflection point is where f\u2033(x) = 0 holds\u201d [1].', ascii),
    ).toEqual([]);
    const board = 'It shows the letter A\u2033 on the board today.';
    expect(codes('It says \u201cthe letter A\u2032 on the board today\u201d [1].', board)).toEqual([
      'quote_not_found',
    ]);
    expect(codes('It says \u201cthe letter A\u2033 on the board today\u201d [1].', board)).toEqual([]);
  });

  it('keeps feet and inches apart in a quotation long enough to be checked', () => {
    const door = 'The old door is 5" wide and tall.';
    expect(codes("It says \u201cthe old door is 5' wide and tall\u201d [1].", door)).toEqual([
      'quote_not_found',
    ]);
    expect(codes('It says \u201cthe old door is 5\u2019 wide and tall\u201d [1].', door)).toEqual([
      'quote_not_found',
    ]);
    expect(
      codes("It says \u201cthe old door is 5' wide and tall\u201d [1].", "The old door is 5' wide and tall."),
    ).toEqual([]);
    expect(
      codes('It says \u201cthe old door is 5\u2032 wide and tall\u201d [1].', "The old door is 5' wide."),
    ).toEqual(['quote_not_found']);
    expect(
      codes(
        'It says \u201cthe old door is 5\u2032 wide and tall\u201d [1].',
        "The old door is 5' wide and tall.",
      ),
    ).toEqual([]);
  });

  it('reads a nested title that ends in a digit as quoted, in every family', () => {
    const label =
      'the label "Data licence Germany" or "Version 2.0" with a reference to the licence text and also \u201cVersion 2.0\u201d here';
    expect(
      codes(
        'It says: \u201cor \u2018Version 2.0\u2019 with a reference to the licence text\u201d [1].',
        label,
      ),
    ).toEqual([]);
    expect(
      codes('It says \u201ccalled \u2018Model 5\u2019 today\u201d [1].', 'It was called "Model 5" today.'),
    ).toEqual([]);
    expect(
      codes("It says \u201ccalled 'Model 5' today\u201d [1].", 'It was called "Model 5" today.'),
    ).toEqual([]);
    expect(
      codes('It says \u201ccalled \u2018Model 6\u2019 today\u201d [1].', 'It was called "Model 5" today.'),
    ).toEqual(['quote_not_found']);
    const require = createRequire(import.meta.url);
    const licence: string = require('spdx-license-list/full')['DL-DE-BY-2.0'].licenseText;
    const german = `Sie verlangt \u201eder Vermerk \u00bbDatenlizenz Deutschland \u2013 Namensnennung \u2013 Version 2.0\u00ab oder \u00bbdl-de/by-2-0\u00ab mit Verweis auf den Lizenztext\u201c [1].`;
    expect(codes(german, licence)).toEqual([]);
    const single = `Sie verlangt \u201eder Vermerk \u201aDatenlizenz Deutschland \u2013 Namensnennung \u2013 Version 2.0\u2018 oder \u201adl-de/by-2-0\u2018 mit Verweis auf den Lizenztext\u201c [1].`;
    expect(codes(single, licence)).toEqual([]);
    expect(codes(single.replace('2.0', '3.0'), licence)).toEqual(['quote_not_found']);
  });

  it('reads a mark after a Roman numeral or another number sign as locateQuote does', () => {
    for (const sign of ['\u216b', '\u3007', '\u0bf0', '\u2460']) {
      const text = `The statue is ${sign}" tall and very old.`;
      const quote = `statue is ${sign}' tall and very old`;
      expect(locateQuote(quote, text), sign).toBeNull();
      expect(codes(`It says \u201c${quote}\u201d [1].`, text), sign).toEqual(['quote_not_found']);
      const same = `statue is ${sign}\u2033 tall and very old`;
      expect(locateQuote(same, text), sign).not.toBeNull();
      expect(codes(`It says \u201c${same}\u201d [1].`, text), sign).toEqual([]);
    }
  });
});
