import { describe, expect, it } from 'vitest';
import { agreementRate } from './agreement-rate.js';

describe('agreementRate', () => {
  it('is the share of pairs where judge and human agree, over all pairs', () => {
    const pairs = [
      { human: true, judge: true },
      { human: true, judge: false },
      { human: false, judge: true },
      { human: false, judge: false },
      { human: false, judge: false },
    ];
    expect(agreementRate(pairs)).toBe(3 / 5);
    expect(agreementRate(pairs.slice(0, 4))).toBe(1 / 2);
    expect(agreementRate([{ human: false, judge: false }])).toBe(1);
    expect(agreementRate([{ human: true, judge: false }])).toBe(0);
  });

  it('is null for no pairs', () => {
    expect(agreementRate([])).toBeNull();
  });
});
