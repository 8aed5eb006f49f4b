import { describe, expect, it } from 'vitest';
import { READ_ALIKE as ALIKE, READ_APART as APART } from '../__fixtures__/merge-pairs.js';
import { source } from '../__fixtures__/passage.js';
import type { Verification } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const sentence = (text: string) => `The site covers ${text}.`;
const passagesOf = (a: string, b: string) => [source(sentence(a), 'a'), source(sentence(b), 'b')];
const answerOf = (a: string, b: string, markers = [1, 2]) =>
  `${sentence(a).slice(0, -1)} [${markers[0]}]. ${sentence(b).slice(0, -1)} [${markers[1]}].`;

/** The verification of `answer` pushed a character at a time, with the duplicate flag of each unit returned. */
function streamed(answer: string, passages: ReturnType<typeof passagesOf>): [Verification, boolean[]] {
  const verifier = createAnswerVerifier(passages);
  const units = [...answer].flatMap((char) => verifier.push(char));
  units.push(...verifier.finish());
  return [verifier.end(), units.map((unit) => unit.duplicate)];
}

describe('verifyAnswer merge of duplicate claims', () => {
  it.each(APART)('keeps apart claims that differ by %s', (_, a, b) => {
    const answer = answerOf(a, b);
    const result = verifyAnswer(answer, passagesOf(a, b));
    expect(result.claims.map((claim) => claim.citations.map((citation) => citation.documentId))).toEqual([
      ['a'],
      ['b'],
    ]);
    expect(result.duplicatesMerged).toBe(0);
    expect(streamed(answer, passagesOf(a, b))).toEqual([result, [false, false]]);
  });

  it.each(APART)('keeps apart rejections that differ by %s', (_, a, b) => {
    const answer = answerOf(a, b, [5, 6]);
    const result = verifyAnswer(answer, passagesOf(a, b));
    expect(result.rejected.map((claim) => [claim.code, claim.markers])).toEqual([
      ['marker_out_of_range', [5]],
      ['marker_out_of_range', [6]],
    ]);
    expect(result.duplicatesMerged).toBe(0);
    expect(streamed(answer, passagesOf(a, b))[0]).toEqual(result);
  });

  it.each(ALIKE)('merges claims that differ only by %s', (_, a, b) => {
    const answer = answerOf(a, b);
    const result = verifyAnswer(answer, passagesOf(a, b));
    expect(result.claims.map((claim) => claim.citations.map((citation) => citation.documentId))).toEqual([
      ['a', 'b'],
    ]);
    expect(result.duplicatesMerged).toBe(1);
    expect(streamed(answer, passagesOf(a, b))).toEqual([result, [false, true]]);
  });
});
