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

  it('refuses fields that render as nothing: invisible characters, control characters, blank symbols', () => {
    const verdict = (reasoning: string, claim = 'A claim.') => ({
      faithful: false,
      unsupportedClaims: [claim],
      reasoning,
    });
    // Soft hyphen, bidi controls, tag characters, variation selectors, Hangul fillers, zero-width and BOM.
    for (const blank of [
      '\u00ad',
      '\u202e\u2066\u2069\u200e\u200f\u061c',
      '\u{e0001}\u{e0041}\u{e007f}',
      '\ufe0f\ufe00\u{e0100}',
      '\u115f\u1160\u3164\uffa0',
      '\u200b\u2060\ufeff \n\u00a0',
      // Control characters (NUL, SOH, BEL, ESC, BS, DEL, C1) and BRAILLE PATTERN BLANK show nothing either.
      '\u0000',
      '\u0001',
      '\u0007\u001b\b',
      '\u007f\u0085\u009f',
      '\u2800',
    ]) {
      const reasoning = verdictSchema.safeParse(verdict(blank));
      expect(reasoning.success).toBe(false);
      expect(reasoning.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        ['reasoning', 'reasoning must contain visible text'],
      ]);
      const claim = verdictSchema.safeParse(verdict('Why.', blank));
      expect(claim.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['unsupportedClaims.0']);
      // One visible character among them is enough.
      expect(verdictSchema.safeParse(verdict(`${blank}x`)).success).toBe(true);
    }
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
