// A word or number formed across a block join is stated by a claim that holds it anywhere, glued to a unit or
// letters (`7300mAh`, `v7300`), not only as a word of its own; signs and percents stay part of it (`-40`, `40%` are
// not `40`), and a claim is read once, whatever its length or the word's, so a long honest claim over many blocks or
// a long word at a join is read, not refused (r21b #1, #3, #4, #5).
import { describe, expect, it } from 'vitest';
import { checkBlocksCited } from '../__fixtures__/provider-document.js';

const check = (claim: string, blocks: readonly string[], support: boolean) =>
  checkBlocksCited(claim, blocks, support ? { support: {} } : {});

describe('verifyProviderCitations: a word formed across a block join, glued to more in the claim', () => {
  it.each([
    ['The battery holds 7300mAh.', ['The battery holds 7', '300 mAh.']],
    ['The battery holds 7300km of range.', ['The battery holds 7', '300 km of range.']],
    ['Take 2.5mg daily.', ['Take 2.', '5 mg daily.']],
    ['The ship weighs about 7300tonnes.', ['The ship weighs about 7', '300 tonnes.']],
    ['The battery holds v7300 cells.', ['The battery holds 7', '300 cells.']],
    ['The battery holds −40% charge.', ['The battery holds -', '40% charge.']],
    // A number formed across the join with a unit glued to it in the block: the claim writes the unit apart.
    ['The battery holds 7300 mAh.', ['The battery holds 7', '300mAh.']],
    ['The battery holds 7,300 mAh.', ['The battery holds 7,', '300mAh.']],
    ['Take 2.5 mg daily.', ['Take 2.', '5mg daily.']],
    ['The ship weighs 7300 tonnes.', ['The ship weighs t7', '300 tonnes.']],
  ])('refuses %j (blocks %j)', (claim, blocks) => {
    for (const support of [false, true]) {
      const result = check(claim, blocks, support);
      expect(result.accepted, String(support)).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      expect(result.rejected[0]![1]).toContain('which the claim states');
    }
  });

  it.each([
    ['Growth was 40 percent last year.', ['Growth was 40', '% last year.']],
    ['Revenue fell 40 percent.', ['Revenue change: -', '40 percent.']],
  ])('accepts %j: the join adds only a sign the claim does not state (blocks %j)', (claim, blocks) => {
    const result = check(claim, blocks, false);
    expect(result.rejected).toEqual([]);
    expect(result.accepted).toEqual([blocks.join('\n')]);
  });

  it('accepts a claim that does not state a word longer than 64 characters formed at a join', () => {
    const blocks = [`The key is ${'a'.repeat(70)}`, 'Value documented.'];
    for (const support of [false, true]) {
      const result = check('The key is listed and the value is documented.', blocks, support);
      expect(result.rejected, String(support)).toEqual([]);
      expect(result.accepted).toEqual([blocks.join('\n')]);
    }
    const stated = check(`The key is ${'a'.repeat(70)}value documented.`, blocks, false);
    expect(stated.accepted).toEqual([]);
    expect(stated.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
  });

  it.each([120, 400])('accepts an honest claim over a table of %i blocks, one cell a block', (rows) => {
    const cells = Array.from({ length: rows }, (_, i) => `Enrolled ${10 + (i % 50)} patients at site ${i}`);
    const claim = (
      'Across the listed sites, each site enrolled between 10 and 59 patients, as the enrolment table reports for ' +
      'every participating site in the trial, with no site enrolling fewer than ten patients or more than fifty-nine ' +
      'patients during the recruitment period. '
    )
      .repeat(4)
      .trim();
    const result = check(claim, cells, false);
    expect(result.rejected).toEqual([]);
    expect(result.accepted).toHaveLength(1);
  });
});
