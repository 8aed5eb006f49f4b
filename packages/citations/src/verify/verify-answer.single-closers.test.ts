// A single closing mark after white space (a thirty-fifth review): `‘… entirely ’, he said [1].` and a closing mark
// that starts the next line (`’ said he`, `’.` alone) were read as no mark, so the opening mark stayed an apostrophe
// and the quotation a reader sees was never checked. The same quotations in double marks were refused; each fabricated
// case below was accepted before. Every case is checked in the streaming verifier too.
import { describe, expect, it } from 'vitest';
import { FABRICATED, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';

const LEAD = 'The minutes record a vote [1], and';

describe('verifyAnswer: a single closing mark after white space', () => {
  it.each([
    [`${LEAD} ‘${FABRICATED} ’, he said [1].`],
    [`${LEAD} '${FABRICATED} ', he said [1].`],
    [`${LEAD} ‘${FABRICATED}\u00a0’, he said [1].`],
    [`${LEAD} ‘${FABRICATED} \u200b’ [1].`],
    [`${LEAD} ‘${FABRICATED} ’said he [1].`],
    [`${LEAD} "he wrote ‘${FABRICATED} ’ today" [1].`],
    [`${LEAD} ‘${FABRICATED}\n’ said he [1].`],
    [`${LEAD} ‘${FABRICATED}\n’said he [1].`],
    [`${LEAD} ‘${FABRICATED}\n’.`],
    [`${LEAD} '${FABRICATED}\n'`],
    [`${LEAD} ‘${FABRICATED}\n\n’ said he [1].`],
    [`> ${LEAD} ‘${FABRICATED}\n> ’.`],
    [`> ${LEAD} ‘${FABRICATED}\n> ’ said he [1].`],
  ])('refuses the fabricated quotation in %j', (answer) => {
    expect(streamedCodes(answer)).toContain('quote_not_found');
  });

  it.each([
    [`${LEAD} ‘${REAL} ’, he said [1].`],
    [`${LEAD} ‘${REAL}\n’ said he [1].`],
    [`${LEAD} ‘${REAL}\n’.`],
  ])('accepts the same quotation when the minutes hold it: %j', (answer) => {
    expect(streamedCodes(answer)).toEqual([]);
  });

  it('leaves apostrophes and elisions after white space alone', () => {
    for (const answer of [
      'The council approved the budget on Monday [1]. The ’90s budgets were smaller [1].',
      'The council approved the budget on Monday [1], as in the ’60s and ’70s [1].',
      "The council approved the budget on Monday [1]. 'Tis so [1].",
      'The council approved the budget on Monday [1].\n\u2019Twas spending on parks that rose by 4 percent [1].',
      "The council approved the budget on Monday [1].\n' ",
      "Rock 'n' roll: the council approved the budget on Monday [1].",
    ])
      expect(streamedCodes(answer), answer).toEqual([]);
  });
});
