// A quotation is read as a page shows it: TeX's quotation-mark commands quote, and the markup inside a quotation that
// shows its words unchanged (emphasis, plain inline tags, code spans, a link's text, character references) is read
// away; markup that hides words is not.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
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

// The MIT license's grant, as a passage: a quotation must hold no word the page shows that the passage does not.
const MIT = passage(
  'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so.',
  { documentId: 'mit' },
);

/** The rejection codes of `answer` over the MIT grant, the same whole and streamed one character at a time. */
function mitCodes(answer: string): string[] {
  const whole = verifyAnswer(answer, [MIT]);
  const verifier = createAnswerVerifier([MIT]);
  for (const char of answer) verifier.push(char);
  expect(verifier.end(), 'streamed a character at a time').toEqual(whole);
  return whole.rejected.map((r) => r.code);
}

describe('quotations: what a page shows as typed is read as typed', () => {
  it.each([
    'The license grants the right "to use, copy, `[modify](#revoke)`, merge, publish" copies of the Software [1].',
    'The license grants the right "to use, copy, `modify](#revoke)`, merge, publish" copies of the Software [1].',
    'The license grants the right "to use, copy, modify](#revoke), merge, publish" copies of the Software [1].',
    'The license grants the right "to use, copy, modify, merge, publish, distribute, `<strong>`sublicense" copies of the Software [1].',
    'The license grants the right "to use, copy, modify, merge, publish, distribute, `<b>`sublicense" copies of the Software [1].',
    'The license grants the right "to use, copy, modify, merge, publish, distribute, `**`sublicense" copies of the Software [1].',
    'The license grants the right "to use, copy, `mod&#105;fy`, merge, publish" copies of the Software [1].',
    'The license grants the right `"to use, copy, [modify](#revoke), merge, publish"` to copies of the Software [1].',
    '<div>\nThe license grants the right "to use, copy, [modify](#revoke), merge, publish" copies of the Software [1].\n</div>',
    '<div>\nThe license grants the right "to use, copy, *modify*, merge, publish" copies of the Software [1].\n</div>',
  ])('refuses %j', (answer) => {
    expect(mitCodes(answer)).toContain('quote_not_found');
  });

  it.each([
    'The license grants the right "to use, copy, `modify`, merge, publish" copies of the Software [1].',
    'The license grants the right "to use, copy, [modify](#m), merge, publish" copies of the Software [1].',
    'The license grants the right "to use, copy, [**modify**](#m), merge, publish" copies of the Software [1].',
    '<div>\nThe license grants the right "to use, copy, mod&#105;fy, merge, <b>publish</b>" copies of the Software [1].\n</div>',
  ])('finds %j', (answer) => {
    expect(mitCodes(answer)).not.toContain('quote_not_found');
  });
});
