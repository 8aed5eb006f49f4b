import { describe, expect, it } from 'vitest';
import { verdictLabelOf } from './verdict-label-of.js';

describe('verdictLabelOf', () => {
  it('labels a verdict by faithful, and anything thrown instead as judge_error', () => {
    expect(verdictLabelOf({ verdict: { faithful: true } })).toBe('faithful');
    expect(verdictLabelOf({ verdict: { faithful: false } })).toBe('unfaithful');
    expect(verdictLabelOf({ error: new Error('x') })).toBe('judge_error');
    expect(verdictLabelOf({ error: undefined })).toBe('judge_error');
  });

  it('never reads a truthy non-boolean as faithful', () => {
    expect(verdictLabelOf({ verdict: { faithful: 'true' as unknown as boolean } })).toBe('unfaithful');
  });
});
