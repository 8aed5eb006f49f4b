import { expect } from 'vitest';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from '../verify/create-answer-verifier.js';
import { type VerifyOptions, verifyAnswer } from '../verify/verify-answer.js';

/**
 * Accepted claims as `text → sources` and rejections as `code: text`, from `verifyAnswer` with `options`; asserts
 * that the streaming verifier, fed one character at a time, gives the same verification.
 */
export function verdictLines(
  answer: string,
  passages: readonly Passage[],
  options: VerifyOptions = {},
): string[] {
  const whole = verifyAnswer(answer, passages, options);
  const verifier = createAnswerVerifier(passages, options);
  for (const character of answer) verifier.push(character);
  expect(verifier.end()).toEqual(whole);
  return [
    ...whole.claims.map((claim) => `${claim.text} → ${claim.citations.map((c) => c.source).join()}`),
    ...whole.rejected.map((rejection) => `${rejection.code}: ${rejection.text}`),
  ];
}
