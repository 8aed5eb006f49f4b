import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import type { Verification } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// Pairs of claims that normalisation folds to one text but the checks read as different words: each claim cites
// the passage that says it, so merging them would show a citation of a passage checked against the other text.
const APART: [string, string, string][] = [
  ['an exponent', '10² metres', '102 metres'],
  ['an exponent past an invisible character', '10\u200b² metres', '102 metres'],
  ['a signed exponent', '10⁻³ metres', '10-3 metres'],
  ['a letter exponent', '2ⁿ metres', '2n metres'],
  ['a circled numeral beside digits', '①500 metres', '1500 metres'],
  ['a Roman numeral character beside digits', 'Ⅱ50 metres', 'II50 metres'],
  ['a subscript beside digits', '10₂ metres', '102 metres'],
  ['a fraction', '½ metre', '1/2 metre'],
  ['a sign that reads as letters', 'Acme™Cloud metres', 'AcmeTMCloud metres'],
  ['a unit sign after a number', '5㎎ doses', '5mg doses'],
  ['a prime', 'f′ values', "f' values"],
];

// Pairs the checks read alike: honest duplicates, which still merge.
const ALIKE: [string, string, string][] = [
  ['case and spacing', '10² metres', '10²  METRES'],
  ['Unicode normal forms', 'café metres', 'cafe\u0301 metres'],
  ['look-alike quotes', "the site's metres", 'the site’s metres'],
  ['look-alike dashes', '10-20 metres', '10–20 metres'],
  ['a subscript after a letter', 'CO₂ metres', 'CO2 metres'],
  ['a superscript after a letter', 'm² metres', 'm2 metres'],
  ['a Roman numeral character alone', 'Ⅻ metres', 'XII metres'],
];

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
