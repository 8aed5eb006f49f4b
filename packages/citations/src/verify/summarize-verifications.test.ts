import { describe, expect, it } from 'vitest';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { summarizeVerifications } from './summarize-verifications.js';
import { verifyAnswer } from './verify-answer.js';

describe('summarizeVerifications', () => {
  it('pins claim acceptance and source correctness apart (1 good, 1 fabricated identifier, 1 bare sentence)', () => {
    const answer =
      'Exposed children show more anxiety [1]. The review 10.9999/fabricated.1 confirms it [4]. Everyone agrees on this.';
    const verification = verifyAnswer(answer, PASSAGES);
    expect(verification.rejected.map((r) => r.code)).toEqual(['unknown_identifier', 'no_marker']);
    const summary = summarizeVerifications([verification], { passages: [PASSAGES] });
    expect(summary).toEqual({
      claimsWritten: 3,
      claimsAccepted: 1,
      claimAcceptance: 1 / 3,
      sourceCorrectness: 1,
    });
    expect(summarizeVerifications([verification])).toEqual(summary);
  });

  it('returns null rates when nothing was written or cited', () => {
    expect(summarizeVerifications([])).toEqual({
      claimsWritten: 0,
      claimsAccepted: 0,
      claimAcceptance: null,
      sourceCorrectness: null,
    });
    const abstained = verifyAnswer('', PASSAGES);
    expect(summarizeVerifications([abstained]).claimAcceptance).toBeNull();
  });

  it('counts claims after merging duplicates, across several verifications', () => {
    const a = verifyAnswer('Children suffer [1]. Children suffer [1].', PASSAGES);
    const b = verifyAnswer('Victims later [2]. Bare.', PASSAGES);
    expect(summarizeVerifications([a, b])).toEqual({
      claimsWritten: 3,
      claimsAccepted: 2,
      claimAcceptance: 2 / 3,
      sourceCorrectness: 1,
    });
  });

  it('catches a citation that does not match the supplied passages (forged after verification)', () => {
    const v = verifyAnswer('Children suffer [1].', PASSAGES);
    const forged = {
      ...v,
      claims: [{ ...v.claims[0]!, citations: [{ ...v.citations[0]!, documentId: 'elsewhere' }] }],
    };
    expect(summarizeVerifications([forged], { passages: [PASSAGES] }).sourceCorrectness).toBe(0);
    const inconsistent = {
      ...v,
      claims: [{ ...v.claims[0]!, citations: [{ ...v.citations[0]!, text: 'short' }] }],
    };
    expect(summarizeVerifications([inconsistent]).sourceCorrectness).toBe(0);
  });
});
