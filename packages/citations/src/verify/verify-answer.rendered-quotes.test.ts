// A quotation is read as a page shows it: TeX's quotation-mark commands quote, and the markup inside a quotation that
// shows its words unchanged (emphasis, plain inline tags, code spans, a link's text, character references) is read
// away; markup that hides words is not.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const LEAFLET = passage(
  'Aspirin reduces fever and mild pain in adults and/or children, and also lowers the risk of heart attacks.',
  { documentId: 'leaflet' },
);
const codes = (answer: string): string[] => verifyAnswer(answer, [LEAFLET]).rejected.map((r) => r.code);

describe('quotations: TeX quotation-mark commands', () => {
  it.each([
    ['\\textquotedblleft ', '\\textquotedblright'],
    ['\\textquotedblleft{}', '\\textquotedblright{}'],
    ['\\textquoteleft ', '\\textquoteright'],
    ['\\lq ', '\\rq'],
  ])('finds the quotation between %s and %s', (open, close) => {
    expect(codes(`Aspirin is $\\text{${open}a cure for every cancer in adults${close}}$ [1].`)).toEqual([
      'quote_not_found',
    ]);
    expect(codes(`Aspirin $\\text{${open}reduces fever and mild pain${close}}$ [1].`)).toEqual([]);
  });
});

describe('quotations: markup that shows the words as they are', () => {
  it.each([
    '**mild**',
    '*mild*',
    '_mild_',
    '__mild__',
    '<em>mild</em>',
    '<b>mild</b>',
    '<strong >mild</strong>',
    '`mild`',
    '[mild](#m)',
    'm&#105;ld',
    'm&#x69;ld',
  ])('finds "%s" as the passage writes it', (word) => {
    expect(codes(`Aspirin "reduces fever and ${word} pain in adults" [1].`)).toEqual([]);
  });

  it.each(['and&#47;or', 'and&sol;or', 'and\\/or'])('finds a slash written %s', (slash) => {
    expect(codes(`Aspirin helps "mild pain in adults ${slash} children" [1].`)).toEqual([]);
  });

  it.each([
    'and <span hidden>never</span> mild',
    'and <b hidden>never</b> mild',
    'and *never* mild',
    'and <!-- never --> mild',
    'and [never](#m) mild',
    'and&#32;never mild',
  ])('still refuses "%s"', (words) => {
    expect(codes(`Aspirin "reduces fever ${words} pain in adults" [1].`)).toEqual(['quote_not_found']);
  });

  it('still refuses a link whose title holds words', () => {
    const answer = 'Aspirin "reduces fever and [mild](#m "never") pain in adults" [1].';
    expect(verifyAnswer(answer, [LEAFLET]).claims).toEqual([]);
  });

  it('keeps a literal star between spaces', () => {
    const star = passage('The dose is 5 * 3 tablets a day for adults with pain.', { documentId: 'star' });
    expect(verifyAnswer('The leaflet says "5 * 3 tablets a day for adults" [1].', [star]).rejected).toEqual(
      [],
    );
  });
});

describe('claims: a GitHub admonition title is no claim', () => {
  it.each(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION', 'note'])('reads > [!%s] as a title', (kind) => {
    const result = verifyAnswer(`> [!${kind}]\n> Aspirin reduces fever and mild pain in adults [1].`, [
      LEAFLET,
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.claims.map((claim) => claim.text)).toEqual([
      'Aspirin reduces fever and mild pain in adults [1].',
    ]);
  });
});
