// A numbered marker in the text no citation covers (a thirty-fourth review): a provider places its citations itself, so
// a `[7]` the model wrote beside a cited sentence names no citation, and nothing was checked for it, while a reader
// takes it for one (of a seventh source, or of whichever source an app shows as 7). Each refusal below was accepted
// before, with no rejection at all; `verifyAnswer` refuses each of these forms in a claim.
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { type ProviderCitation, verifyProviderCitations } from './verify-provider-citations.js';

const SENTENCE = 'Water boils at 100 degrees Celsius at sea level.';
const documents = [documentOf(SENTENCE)];

/** `answer` with one Anthropic-style citation of the document on the first SENTENCE it holds. */
function verify(answer: string, extra: ProviderCitation[] = []) {
  return verifyProviderCitations(answer, [citeFromStart(answer, SENTENCE, SENTENCE), ...extra], documents);
}
const refusals = (verification: ReturnType<typeof verify>) =>
  verification.rejected.map(({ code, text, markers }) => [code, text, markers]);
const NAMES_NO_CITATION =
  /^The answer shows a numbered marker in ".*", text no citation covers: it names no citation/;

describe('verifyProviderCitations: numbered markers in text no citation covers', () => {
  it.each([
    [`${SENTENCE} [7]`, '[7]'],
    [`${SENTENCE} [1]`, '[1]'],
    [`${SENTENCE} [1, 2]`, '[1, 2]'],
    [`${SENTENCE} [2 and 4]`, '[2 and 4]'],
    [`${SENTENCE} &#91;7&#93;`, '&#91;7&#93;'],
    [`${SENTENCE} \uff3b7\uff3d`, '\uff3b7\uff3d'],
    [`${SENTENCE} [^7]`, '[^7]'],
    [`${SENTENCE} [Source 7]`, '[Source 7]'],
    [`${SENTENCE}\u30104:0\u2020source\u3011`, '\u30104:0\u2020source\u3011'],
    [`${SENTENCE} [\u00b9]`, '[\u00b9]'],
    [`${SENTENCE} [\u0667]`, '[\u0667]'],
    [`Per the manual [2], ${SENTENCE}`, 'Per the manual [2],'],
    [`${SENTENCE}\n\nSources:\n[1] The Physics Handbook, 2019.`, '[1] The Physics Handbook, 2019.'],
    [
      `${SENTENCE} As the table shows [3], it varies with altitude.`,
      'As the table shows [3], it varies with altitude.',
    ],
  ])('refuses the marker in %j, and keeps the claim', (answer, text) => {
    const verification = verify(answer);
    expect(verification.claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    expect(verification.status).toBe('answered');
    expect(refusals(verification)).toEqual([['marker_out_of_range', text, []]]);
    expect(verification.rejected[0]!.message).toMatch(NAMES_NO_CITATION);
  });

  it('names the uncited text alone in the message, leaving out (…) the claim a part runs over', () => {
    const verification = verify(`See [2] ${SENTENCE} and more [3].`);
    expect(verification.claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    expect(verification.rejected.map(({ code, text }) => [code, text])).toEqual([
      ['marker_out_of_range', `See [2] ${SENTENCE} and more [3].`],
    ]);
    expect(verification.rejected[0]!.message).toContain('"See [2] … and more [3]."');
  });

  it('refuses each marker, merges a repeated one, and refuses an answer without citations that shows one', () => {
    const repeated = verify(`[7]\n\n${SENTENCE}\n\n[7]`);
    expect(refusals(repeated)).toEqual([['marker_out_of_range', '[7]', []]]);
    expect(repeated.rejected[0]!.duplicates).toEqual([
      { start: SENTENCE.length + 7, end: SENTENCE.length + 10 },
    ]);
    // A bracket a soft line break cuts after the claim (shown `[ 7]`): both parts.
    expect(refusals(verify(`${SENTENCE} [\n7]`))).toEqual([
      ['marker_out_of_range', '[', []],
      ['marker_out_of_range', '7]', []],
    ]);
    const uncited = verifyProviderCitations(`${SENTENCE} [1]`, [], documents);
    expect(uncited.status).toBe('rejected');
    expect(refusals(uncited)).toEqual([['marker_out_of_range', `${SENTENCE} [1]`, []]]);
  });

  it('leaves alone brackets that show no number, code, and markers a citation places', () => {
    for (const answer of [
      `${SENTENCE} [sic]`,
      `${SENTENCE} Index it as \`row[1]\`.`,
      `${SENTENCE} (1) and (2) are steps.`,
      `${SENTENCE} It was 100 [degrees].`,
      `${SENTENCE}\n\n\`\`\`\nx = a[7]\n\`\`\``,
    ])
      expect(refusals(verify(answer)), answer).toEqual([]);
    // A reference link a definition completes shows its text, and the definition nothing (its link is read apart, by
    // the identifier rules: off here); with no definition, `[More][1]` is shown as written.
    const referenced = (answer: string) =>
      verifyProviderCitations(answer, [citeFromStart(answer, SENTENCE, SENTENCE)], documents, {
        identifiers: [],
      });
    for (const link of ['[More][1]', '[1][]', '[1]', '[ 1 ]'])
      expect(refusals(referenced(`${SENTENCE} ${link}\n\n[1]: https://who.example/water`)), link).toEqual([]);
    expect(refusals(referenced(`${SENTENCE} [More][1]`))).toEqual([['marker_out_of_range', '[More][1]', []]]);
    // A marker the provider placed over its own marker text (Perplexity's `[1]`, an Assistants `【4:0†source】`).
    for (const marker of ['[1]', '\u30104:0\u2020source\u3011']) {
      const answer = `Water boils at 100 degrees Celsius at sea level ${marker}.`;
      const start = answer.indexOf(marker);
      const placed: ProviderCitation = {
        document: { index: 0 },
        answer: { start, end: start + marker.length, role: 'marker' },
        citedText: SENTENCE,
      };
      const verification = verifyProviderCitations(answer, [placed], documents);
      expect(verification, marker).toMatchObject({ status: 'answered', rejected: [] });
    }
  });
});

// A marker a claim's edge cuts (a thirty-fifth review): one bracket in the uncited text and the other in the claim, so
// neither reading held a whole marker, while the page shows one. Each case below was accepted with no rejection.
describe('verifyProviderCitations: a numbered marker over a claim edge', () => {
  const LEVEL = SENTENCE.slice(0, -1); // the sentence without its full stop
  /** `answer` with an Anthropic-style citation of the document on `claim`. */
  const verifyClaim = (answer: string, claim: string) =>
    verifyProviderCitations(answer, [citeFromStart(answer, claim, SENTENCE)], documents);

  it.each([
    [`See [1, 2] ${SENTENCE}`, `2] ${SENTENCE}`, 'See [1, 2]', '"See [1, 2]"'],
    [`${LEVEL} [1, 2].`, `${LEVEL} [1,`, '[1, 2].', '"[1, 2]."'],
    [`${LEVEL} [2 and 4].`, `${LEVEL} [2 and`, '[2 and 4].', '"[2 and 4]."'],
    [`${LEVEL} [7].`, `${LEVEL} [`, '[7].', '"[7]."'],
    [`${LEVEL} [ 7 ].`, `${LEVEL} [ 7`, '[ 7 ].', '"[ 7 ]."'],
    [`${LEVEL} [^7].`, `${LEVEL} [`, '[^7].', '"[^7]."'],
    [`${LEVEL} [Source 7].`, `${LEVEL} [`, '[Source 7].', '"[Source 7]."'],
    [`${LEVEL} \uff3b7\uff3d.`, `${LEVEL} \uff3b`, '\uff3b7\uff3d.', '"\uff3b7\uff3d."'],
    [`${LEVEL} &#91; 7 &#93;.`, `${LEVEL} &#91;`, '&#91; 7 &#93;.', '"&#91; 7 &#93;."'],
    [`${LEVEL} &lsqb;7&rsqb;.`, `${LEVEL} &lsqb;`, '&lsqb;7&rsqb;.', '"&lsqb;7&rsqb;."'],
    [
      `${LEVEL} \u30104:0\u2020source\u3011.`,
      `${LEVEL} \u30104:0`,
      '\u30104:0\u2020source\u3011.',
      '"\u30104:0',
    ],
    // Inside a parenthesis around the claim: the part shows the claim, left out of the message but for the bracket.
    [`See (${LEVEL} [1, 2]).`, `${LEVEL} [1,`, `See (${LEVEL} [1, 2]).`, '"See (…[1, 2])."'],
  ])('refuses the marker %j shows over the edge of the claim %j', (answer, claim, text, shown) => {
    const verification = verifyClaim(answer, claim);
    expect(verification.claims.map((accepted) => accepted.text)).toEqual([claim]);
    expect(refusals(verification)).toEqual([['marker_out_of_range', text, []]]);
    expect(verification.rejected[0]!.message).toMatch(NAMES_NO_CITATION);
    expect(verification.rejected[0]!.message).toContain(shown);
  });

  it('leaves alone a pair of brackets over an edge that holds no marker, and markers a citation places inside one', () => {
    for (const [answer, claim] of [
      [`(See: ${SENTENCE})`, SENTENCE],
      [`(See: ${LEVEL}).`, LEVEL],
      [`[Note: ${SENTENCE}]`, SENTENCE],
      [`${SENTENCE} (It freezes at 0 degrees.)`, SENTENCE],
      [`[${LEVEL}] is the rule.`, `[${LEVEL}`],
    ])
      expect(refusals(verifyClaim(answer!, claim!)), answer).toEqual([]);
    // Perplexity-style markers, each placed over its own text, inside brackets the claim's edge cuts.
    for (const answer of [
      `${LEVEL.replace(' at sea', ' (at sea')} [1]).`,
      `(${LEVEL} [1].)`,
      `[${LEVEL} [1].]`,
      `\u3010${LEVEL} [1]\u3011`,
      `${LEVEL} [1][2].`,
    ]) {
      const placed = ['[1]', '[2]']
        .filter((marker) => answer.includes(marker))
        .map((marker): ProviderCitation => {
          const start = answer.indexOf(marker);
          return {
            document: { index: 0 },
            answer: { start, end: start + marker.length, role: 'marker' },
            citedText: 'Water boils at 100 degrees Celsius',
          };
        });
      const verification = verifyProviderCitations(answer, placed, documents);
      expect(verification, answer).toMatchObject({ status: 'answered', rejected: [] });
    }
  });
});
