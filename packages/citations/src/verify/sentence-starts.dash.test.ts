import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { reader, segmenter } from '../__fixtures__/sentence-reader.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { sentenceStarts } from './sentence-starts.js';
import { verifyAnswer } from './verify-answer.js';

const WATER = [passage('Water boils at 100 °C at sea level.')];
const CITED = 'Water boils at 100 °C at sea level [1].';

/** The rejections of `answer`, read whole and streamed one character at a time (they must agree). */
const rejections = (answer: string): string[] => {
  const whole = verifyAnswer(answer, WATER, { support: {} });
  const verifier = createAnswerVerifier(WATER, { support: {} });
  for (const char of answer) verifier.push(char);
  const streamed = verifier.end();
  const read = (result: typeof whole): string[] =>
    result.rejected.map((rejection) => `${rejection.code}: ${rejection.text}`);
  expect(read(streamed)).toEqual(read(whole));
  expect(streamed.claims.map((claim) => claim.text)).toEqual(whole.claims.map((claim) => claim.text));
  return read(whole);
};

// `. — Capital` opens a sentence (UAX #29 SB8a joins it to the one before): with any space a page writes around the
// dash, with invisible characters beside it, after any closing mark and after any sentence terminator. Otherwise the
// uncited sentence before the dash rides on the marker of the cited one after it.
describe('verifyAnswer: a sentence end before a dash, with any space, closer, terminator or invisible', () => {
  it.each([
    ['.\u2009\u2014\u2009', 'thin spaces'],
    ['.\u202f\u2014\u202f', 'narrow no-break spaces'],
    ['.\u2003\u2013 ', 'an em space'],
    ['.\u2002\u2014\u2002', 'en spaces'],
    ['.\u200a\u2014\u200a', 'hair spaces'],
    ['.\u2007\u2014\u2007', 'figure spaces'],
    ['.\u205f\u2014\u205f', 'medium mathematical spaces'],
    ['. \u2014\u200b ', 'a zero-width space after the dash'],
    ['. \u2060\u2014 ', 'a word joiner before the dash'],
    ['. \u2014\u200d ', 'a zero-width joiner after the dash'],
    ['.\ufeff \u2014 ', 'a BOM after the full stop'],
    ['.\u2060 \u2014\u2060 ', 'word joiners around'],
    ['.} \u2014 ', 'a closing brace'],
    ['.\u3011 \u2014 ', 'a closing lenticular bracket'],
    ['.\u3015 \u2014 ', 'a closing tortoise shell bracket'],
    ['.\u27e9 \u2014 ', 'a mathematical angle bracket'],
    ['.\u203a \u2014 ', 'a single guillemet'],
    ['\u203c \u2014 ', 'a double exclamation mark'],
    ['\u2049 \u2014 ', 'an exclamation question mark'],
    ['\u2047 \u2014 ', 'a double question mark'],
    ['\u061f \u2014 ', 'an Arabic question mark'],
    ['\u0964 \u2014 ', 'a Devanagari danda'],
    ['\u06d4 \u2014 ', 'an Urdu full stop'],
    ['\u0589 \u2014 ', 'an Armenian full stop'],
    ['\uff0e \u2014 ', 'a full-width full stop'],
    ['\ufe52 \u2014 ', 'a small full stop'],
    ['\uff61 \u2014 ', 'a half-width ideographic full stop'],
    ['\u2024 \u2014 ', 'a one dot leader'],
    ['\u0964\u2009\u2013\u2009', 'a danda and thin spaces'],
    ['. \u2015 ', 'a horizontal bar'],
  ])('cuts at `%s` (%s)', (separator) => {
    expect(rejections(`Aspirin cures cancer${separator}${CITED}`)).toEqual([
      expect.stringMatching(/^no_marker: Aspirin cures cancer/),
    ]);
  });

  it('still joins what UAX #29 and a reader join: a full stop, a dash, a lowercase word; a decimal point', () => {
    expect(
      rejections(`Aspirin cures cancer.\u2009\u2014\u2009water boils at 100 °C at sea level [1].`),
    ).toEqual([]);
    expect(
      rejections(`Aspirin cures cancer\u2024\u2009\u2014\u2009water boils at 100 °C at sea level [1].`),
    ).toEqual([]);
    const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    expect(sentenceStarts('It costs 3.\u00ad5 dollars.', segmenter)).toEqual([0]);
    expect(sentenceStarts('The U.S.\u2009\u2014\u2009and Mexico.', segmenter)).toEqual([0]);
  });
});

describe('sentenceStarts with any space, closer and terminator', () => {
  it('agrees with Intl.Segmenter, but where a reader sees a sentence SB8a joins (property)', () => {
    const token = fc.constantFrom(
      'Water',
      'boils',
      'it',
      'U.S.',
      '3.14',
      '. ',
      '? ',
      '\u203c ',
      '\u061f ',
      '\u0964',
      '\uff0e',
      '\u2024',
      ', ',
      '; ',
      '"',
      ')',
      '}',
      '\u3011',
      '\u27e9',
      '\u00ab',
      ' ',
      '\u2009',
      '\u202f',
      '\u2003',
      '\t',
      'x',
      'Y',
      '\u3002',
      '\u6771\u4eac',
      '\u2014',
      '\u2013',
      '- ',
      '--',
      ': ',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const text = tokens.join('');
        if (text === '') return;
        expect(sentenceStarts(text, segmenter)).toEqual(reader(text));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
