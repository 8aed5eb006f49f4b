import { describe, expect, it } from 'vitest';
import { verdictLabelOf } from './verdict-label-of.js';

const faithful = { faithful: true, unsupportedClaims: [], reasoning: 'Every claim is in [1].' };
const unfaithful = { faithful: false, unsupportedClaims: ['Claim 2.'], reasoning: 'Not in [1].' };

describe('verdictLabelOf', () => {
  it('labels a verdict by faithful, and anything thrown instead as judge_error', () => {
    expect(verdictLabelOf({ verdict: faithful })).toBe('faithful');
    expect(verdictLabelOf({ verdict: unfaithful })).toBe('unfaithful');
    expect(verdictLabelOf({ error: new Error('x') })).toBe('judge_error');
    expect(verdictLabelOf({ error: undefined })).toBe('judge_error');
  });

  it('never reads a truthy non-boolean as faithful: it refuses it, and anything but a verdict or an error', () => {
    expect(() =>
      verdictLabelOf({ verdict: { ...faithful, faithful: 'true' as unknown as boolean } }),
    ).toThrow(expect.objectContaining({ code: 'invalid_argument', parameter: 'outcome.verdict.faithful' }));
    const both = { verdict: faithful, error: new Error('x') };
    for (const bad of [null, {}, { verdict: null }, 'faithful', both, { ...both, error: undefined }]) {
      expect(() => verdictLabelOf(bad as unknown as { error: unknown })).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'outcome' }),
      );
    }
  });

  it('refuses a verdict that breaks the verdict rule, as the judge refuses it, never counting it (a review found all four counted faithful)', () => {
    const cases: Array<[unknown, string]> = [
      [
        { faithful: true, unsupportedClaims: ['The sky is green.'], reasoning: 'x' },
        'outcome.verdict.unsupportedClaims',
      ],
      [{ faithful: true }, 'outcome.verdict.unsupportedClaims'],
      [{ faithful: true, unsupportedClaims: [], reasoning: '' }, 'outcome.verdict.reasoning'],
      [{ faithful: true, unsupportedClaims: [], reasoning: '\u200b ' }, 'outcome.verdict.reasoning'],
      [{ ...faithful, extra: 1 }, 'outcome.verdict'],
      [{ faithful: false, unsupportedClaims: [], reasoning: 'x' }, 'outcome.verdict.unsupportedClaims'],
      [{ faithful: false, unsupportedClaims: [' '], reasoning: 'x' }, 'outcome.verdict.unsupportedClaims[0]'],
      [
        { faithful: false, unsupportedClaims: 'Claim 2.', reasoning: 'x' },
        'outcome.verdict.unsupportedClaims',
      ],
      [[true], 'outcome'],
    ];
    for (const [verdict, parameter] of cases) {
      expect(() => verdictLabelOf({ verdict } as never), JSON.stringify(verdict)).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter }),
      );
    }
  });
});
