// A quotation's edges are read in its passage as a page shows what stands beside them: a character reference, a comment,
// a `<wbr>` or an inline tag, and emphasis show what they show, so a quotation cut out of a word a reader sees whole
// (`in&shy;effective`) or without the sign a reader sees beside its number (`&minus;40`) is not found, as in the plain
// text.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const codes = (quotation: string, text: string): string[] =>
  verifyAnswer(`The label says "${quotation}" [1].`, [passage(text)]).rejected.map((r) => r.code);

describe('verifyAnswer: a quotation cut at markup in its passage', () => {
  it.each([
    'The drug is in&shy;effective for all adult patients.',
    'The drug is in&shyeffective for all adult patients.',
    'The drug is in&#173;effective for all adult patients.',
    'The drug is in&#xad;effective for all adult patients.',
    'The drug is in&zwj;effective for all adult patients.',
    'The drug is in&ZeroWidthSpace;effective for all adult patients.',
    'The drug is in<!-- -->effective for all adult patients.',
    'The drug is in<wbr>effective for all adult patients.',
    'The drug is in<b>effective</b> for all adult patients.',
    'The drug is in*effective* for all adult patients.',
  ])('refuses a quotation cut out of a word: %j', (text) => {
    expect(codes('effective for all adult patients', text)).toEqual(['quote_not_found']);
  });

  it.each([
    ['Temperatures reached &minus;40 degrees in the valley.', '40 degrees in the valley'],
    ['Temperatures reached &#x2d;40 degrees in the valley.', '40 degrees in the valley'],
    ['Temperatures reached -*40* degrees in the valley.', '40 degrees in the valley'],
    ['Patients aged &lt;18 years are excluded from the trial.', '18 years are excluded'],
    ['Patients aged &ge;18 years are excluded from the trial.', '18 years are excluded'],
    ['Patients aged &plusmn;18 years are excluded from the trial.', '18 years are excluded'],
    ['The ship weighs about 7&nbsp;300 tonnes when loaded.', '300 tonnes when loaded'],
    ['The fee is &dollar;40 for each visit.', '40 for each visit'],
    ['Prices rose 40&#x25; last year.', 'Prices rose 40'],
  ])('refuses a quotation without the sign or digits beside its number: %j', (text, quotation) => {
    expect(codes(quotation, text)).toEqual(['quote_not_found']);
  });

  it('finds whole words beside markup, and a quotation that holds the markup as the passage does', () => {
    expect(
      codes('effective for all adult patients', 'The drug is <b>effective for all adult patients</b>.'),
    ).toEqual([]);
    expect(
      codes('effective for all adult patients', 'The drug is<br>effective for all adult patients.'),
    ).toEqual([]);
    expect(
      codes('&minus;40 degrees in the valley', 'Temperatures reached &minus;40 degrees in the valley.'),
    ).toEqual([]);
    expect(codes('R&amp;D budget grew by a third', 'The R&amp;D budget grew by a third last year.')).toEqual(
      [],
    );
    expect(codes('7&nbsp;300 tonnes', 'The ship weighs about 7&nbsp;300 tonnes when loaded.')).toEqual([]);
  });
});
