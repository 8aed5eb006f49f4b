import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verdictSchema } from './verdict.js';

describe('verdictSchema', () => {
  it('accepts a faithful verdict without claims and an unfaithful one with claims, unchanged', () => {
    const faithful = { faithful: true, unsupportedClaims: [], reasoning: '  All stated in [1]. ' };
    const unfaithful = { faithful: false, unsupportedClaims: ['Claim A', '\u202eRTL'], reasoning: 'No.' };
    expect(verdictSchema.parse(faithful)).toEqual(faithful);
    expect(verdictSchema.parse(unfaithful)).toEqual(unfaithful);
  });

  it.each([
    [
      'faithful with claims',
      { faithful: true, unsupportedClaims: ['x'], reasoning: 'r' },
      'unsupportedClaims',
    ],
    [
      'unfaithful without claims',
      { faithful: false, unsupportedClaims: [], reasoning: 'r' },
      'unsupportedClaims',
    ],
    ['a string boolean', { faithful: 'false', unsupportedClaims: [], reasoning: 'r' }, 'faithful'],
    ['a numeric boolean', { faithful: 1, unsupportedClaims: [], reasoning: 'r' }, 'faithful'],
    ['null reasoning', { faithful: true, unsupportedClaims: [], reasoning: null }, 'reasoning'],
    ['a score', { faithful: true, unsupportedClaims: [], reasoning: 'r', score: 1 }, ''],
    [
      'a claim that is not a string',
      { faithful: false, unsupportedClaims: [3], reasoning: 'r' },
      'unsupportedClaims',
    ],
  ])('rejects %s', (_name, value, path) => {
    const result = verdictSchema.safeParse(value);
    expect(result.success).toBe(false);
    if (path !== '') expect(result.error!.issues.map((issue) => issue.path[0])).toContain(path);
  });

  it('treats a NUL character as visible text but not zero-width or bidi controls', () => {
    // NUL is a control character, not whitespace: the verdict is kept as written and shown escaped.
    expect(
      verdictSchema.safeParse({ faithful: true, unsupportedClaims: [], reasoning: '\u0000' }).success,
    ).toBe(true);
    expect(
      verdictSchema.safeParse({
        faithful: true,
        unsupportedClaims: [],
        reasoning: '\u200b\u2066\u202e\ufeff ',
      }).success,
    ).toBe(false);
  });

  it('accepts a verdict exactly when faithful agrees with the claim list (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.string({ minLength: 1 }).map((s) => `${s}x`)),
        (faithful, claims) => {
          const result = verdictSchema.safeParse({ faithful, unsupportedClaims: claims, reasoning: 'why' });
          expect(result.success).toBe(faithful === (claims.length === 0));
        },
      ),
    );
  });
});
