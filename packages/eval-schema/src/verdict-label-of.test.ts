import { describe, expect, it } from 'vitest';
import { verdictLabelOf } from './verdict-label-of.js';

describe('verdictLabelOf', () => {
  it('labels a verdict by faithful, and anything thrown instead as judge_error', () => {
    expect(verdictLabelOf({ verdict: { faithful: true } })).toBe('faithful');
    expect(verdictLabelOf({ verdict: { faithful: false } })).toBe('unfaithful');
    expect(verdictLabelOf({ error: new Error('x') })).toBe('judge_error');
    expect(verdictLabelOf({ error: undefined })).toBe('judge_error');
  });

  it('never reads a truthy non-boolean as faithful: it refuses it, and anything but a verdict or an error', () => {
    expect(() => verdictLabelOf({ verdict: { faithful: 'true' as unknown as boolean } })).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'outcome.verdict.faithful' }),
    );
    const both = { verdict: { faithful: true }, error: new Error('x') };
    for (const bad of [null, {}, { verdict: null }, 'faithful', both, { ...both, error: undefined }]) {
      expect(() => verdictLabelOf(bad as unknown as { error: unknown })).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'outcome' }),
      );
    }
  });
});
