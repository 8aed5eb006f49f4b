// The rejection codes of an answer once the streaming verifier is shown to agree with `verifyAnswer`: the quotation
// tests check every case both ways.
import { expect } from 'vitest';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from '../verify/create-answer-verifier.js';
import { verifyAnswer } from '../verify/verify-answer.js';

type Options = Parameters<typeof verifyAnswer>[2];

/** A council's minutes, the one source of the quotation tests. */
const minutes = 'The council approved the budget on Monday. Spending on parks rose by 4 percent.';
export const MINUTES: Passage[] = [
  { documentId: 'minutes', chunkId: 'minutes#0', start: 0, end: minutes.length, text: minutes },
];
/** A quotation the minutes hold, and one they do not. */
export const REAL = 'the council approved the budget on Monday';
export const FABRICATED = 'the budget was eliminated entirely';

/**
 * The rejection codes of `answer` from `verifyAnswer`, after the streaming verifier fed `sizes` characters at a time
 * (1 and 3 unless told; `finish` called before `end`) returned the same verification.
 */
export function streamedCodes(
  answer: string,
  passages: Passage[] = MINUTES,
  options: Options = {},
  sizes: readonly number[] = [1, 3],
): string[] {
  const whole = verifyAnswer(answer, passages, options);
  for (const size of sizes) {
    const verifier = createAnswerVerifier(passages, options);
    for (let i = 0; i < answer.length; i += size) verifier.push(answer.slice(i, i + size));
    verifier.finish();
    expect(verifier.end(), `${JSON.stringify(answer)} (${size} at a time)`).toEqual(whole);
  }
  return whole.rejected.map((rejected) => rejected.code);
}
