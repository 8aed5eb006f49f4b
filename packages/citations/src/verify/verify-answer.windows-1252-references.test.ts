import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { verifyAnswer, type VerifyOptions } from './verify-answer.js';

// HTML reads a numeric character reference by fixed rules, and CommonMark follows it: 128–159 through the Windows-1252
// table (`&#150;` shows –, `&#151;` —, `&#128;` €; 0x81, 0x8D, 0x8F, 0x90 and 0x9D stay controls), and 0, a surrogate
// or anything past U+10FFFF as U+FFFD. What the verifier checks is what a page shows.
const SOURCES = [
  source('Prices rose 4\u20135 percent in 2020.', 'prices'),
  source('Ice floats on water.', 'ice'),
  source('The sky is blue.', 'sky'),
];
const CLAIM = 'Prices rose 4\u20135 percent in 2020 [1]';
const OPTIONS: VerifyOptions[] = [{}, { ranges: true }, { unit: 'line' }, { requireCitations: false }];
const codes = (answer: string, options: VerifyOptions = {}, passages = SOURCES): string[] =>
  streamedCodes(answer, passages, options);

describe('verifyAnswer: numeric references 128–159 inside a look-alike marker', () => {
  it('reads a dash written as one between digits as the range a page shows, as a literal dash is read', () => {
    for (const [reference, dash] of [
      ['&#150;', '\u2013'],
      ['&#x96;', '\u2013'],
      ['&#X96;', '\u2013'],
      ['&#0150;', '\u2013'],
      ['&#151;', '\u2014'],
      ['&#x97;', '\u2014'],
    ] as const)
      for (const options of OPTIONS)
        for (const range of ['1_4', '2_3', '1_3'])
          expect(
            codes(`${CLAIM}[${range.replace('_', reference)}].`, options),
            `${reference} ${range} ${JSON.stringify(options)}`,
          ).toEqual(codes(`${CLAIM}[${range.replace('_', dash)}].`, options));
  });

  it('names the numbers a page shows when it refuses one', () => {
    const result = verifyAnswer(`${CLAIM}[1&#150;4].`, SOURCES, { ranges: true });
    expect(result.rejected.map((claim) => claim.code)).toEqual(['marker_out_of_range']);
    expect(result.rejected[0]!.message).toContain('[4]');
    expect(result.rejected[0]!.message).not.toContain('[14]');
  });

  it('reads 128–159 that show a character as that character: no marker', () => {
    for (const reference of ['&#128;', '&#x80;', '&#153;', '&#x99;', '&#133;'])
      for (const options of OPTIONS)
        expect(codes(`${CLAIM}[${reference}4].`, options), `${reference} ${JSON.stringify(options)}`).toEqual(
          [],
        );
  });

  it('reads the five HTML leaves as controls as nothing, as a browser shows them: the marker shows', () => {
    for (const reference of ['&#129;', '&#x8d;', '&#x8F;', '&#144;', '&#x9D;'])
      for (const options of OPTIONS)
        expect(
          codes(`${CLAIM}[${reference}4].`, options),
          `${reference} ${JSON.stringify(options)}`,
        ).toContain('marker_out_of_range');
  });

  it('reads 0, a surrogate and a code past U+10FFFF as U+FFFD: no marker', () => {
    for (const reference of ['&#0;', '&#x0;', '&#xD800;', '&#57343;', '&#x110000;', '&#1114112;'])
      for (const options of OPTIONS)
        expect(codes(`${CLAIM}[${reference}4].`, options), `${reference} ${JSON.stringify(options)}`).toEqual(
          [],
        );
  });
});

describe('verifyAnswer: numeric references 128–159 in a quotation', () => {
  const DEBATE = [source('The council approved the budget on Monday \u2013 after a long debate.', 'minutes')];
  const PLAIN = [source('The council approved the budget on Monday after a long debate.', 'minutes')];

  it('reads &#150; as the dash a page shows: found where the passage holds it', () => {
    for (const quotation of [
      '&#147;approved the budget on Monday &#150; after a long debate&#148;',
      '"approved the budget on Monday &#x96; after a long debate"',
      '\u201capproved the budget on Monday &#150; after a long debate\u201d',
    ])
      expect(codes(`The council ${quotation} [1].`, {}, DEBATE), quotation).toEqual([]);
  });

  it('refuses a quotation whose reference shows a character the passage does not hold there', () => {
    for (const quotation of [
      '"approved the budget on Monday &#150; after a long debate"',
      '"approved the budget on Mon&#150;day after a long debate"',
      '"approved the budget on &#128;Monday after a long debate"',
      '&#147;approved the budget on Monday &#151; after a long debate&#148;',
    ])
      expect(codes(`The council ${quotation} [1].`, {}, PLAIN), quotation).toEqual(['quote_not_found']);
  });
});

describe('verifyAnswer: numeric references 128–159 in an identifier', () => {
  const SHORT = [source('The court ruled in ECLI:NL:HR:2020:1234 on the appeal.', 'court')];
  const LONG = [source('The court ruled in ECLI:NL:HR:2020:1234\u2013A on the appeal.', 'court')];
  const options: VerifyOptions = { identifiers: ['ecli'] };

  it('reads the identifier a page shows, with the dash the reference shows', () => {
    for (const reference of ['&#150;', '&#x96;']) {
      const answer = `The court ruled in ECLI:NL:HR:2020:1234${reference}A on the appeal [1].`;
      expect(codes(answer, options, LONG), reference).toEqual([]);
      expect(codes(answer, options, SHORT), reference).toEqual(['unknown_identifier']);
    }
  });
});

describe('verifyAnswer: numeric references 128–159 where a sentence ends', () => {
  it('keeps a closing mark written as one with the sentence it closes, as the mark itself is kept', () => {
    for (const mark of ['&#148;', '&#x94;', '&#146;', '\u201d']) {
      const answer = `Prices rose 4\u20135 percent in 2020.${mark} Ice floats on water [2].`;
      expect(codes(answer), mark).toEqual(['no_marker']);
      expect(
        verifyAnswer(answer, SOURCES).claims.map((claim) => claim.text),
        mark,
      ).toEqual(['Ice floats on water [2].']);
    }
  });
});
