// Scale: look-alike range markers past the sources, counted (no timing). A range written in look-alike brackets
// (`［1-1000］`, 9 characters) was expanded number by number in every marker, and its rejection counted each number of
// each: 360 KB of them cost ~19 s. Past the sources, a range is now read by its ends and counted whole: the work per
// marker is bounded by the passage count, so ranges that name 1,000 numbers cost what ranges of 2 do, and the
// rejection's message still counts every number each marker shows.
import { describe, expect, it } from 'vitest';
import { countedCalls as counted } from '../__fixtures__/counted-calls.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const passages = [
  { documentId: 'd', chunkId: 'c', text: 'Water boils at 100 degrees.', start: 0, end: 27 },
  { documentId: 'e', chunkId: 'c', text: 'The sky is blue.', start: 0, end: 16 },
];
const n = 400;
const answer = (marker: string, lead = 'Water boils at 100 degrees [1] ') =>
  `${lead}${`${marker} `.repeat(n)}.`;

describe('verifyAnswer with look-alike range markers past the sources', () => {
  it('does work per marker bounded by the passage count, and counts every number each shows', () => {
    // `［1-9999］` is past MAX_RANGE_LENGTH: never expanded, the same characters as `［1-1000］`.
    const [, ends] = counted(() => verifyAnswer(answer('\uff3b1-9999\uff3d'), passages, { ranges: true }));
    const [result, long] = counted(() =>
      verifyAnswer(answer('\uff3b1-1000\uff3d'), passages, { ranges: true }),
    );
    expect(long).toBeLessThan(2 * ends + 3 * 1000);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['marker_out_of_range']);
    expect(result.rejected[0]!.message).toContain(
      `shows, written as text, [3], [4], [5], [6], [7] and ${n * 998 - 5} more, which are not a source shown`,
    );
  });

  it('counts them so after a claim citing a passage that shows some in brackets', () => {
    const shows = [passages[0]!, { ...passages[1]!, text: 'The sky is blue [5-7].', end: 22 }];
    for (const [lead, sources, count] of [['The sky is blue [2] ', shows, n * 995 - 5]] as const) {
      const [, ends] = counted(() =>
        verifyAnswer(answer('\uff3b1-9999\uff3d', lead), sources, { ranges: true }),
      );
      const [result, long] = counted(() =>
        verifyAnswer(answer('\uff3b1-1000\uff3d', lead), sources, { ranges: true }),
      );
      expect(long, lead).toBeLessThan(2 * ends + 3 * 1000);
      const [claim] = result.rejected;
      expect(claim!.code).toBe('marker_out_of_range');
      expect(claim!.message).toContain(
        `written as text, [3], [4], ${sources === shows ? '[8], [9], [10]' : '[5], [6], [7]'} and ${count} more,`,
      );
    }
  });

  it('streams them with the same bound', () => {
    const stream = (marker: string) => () => {
      const verifier = createAnswerVerifier(passages, { ranges: true });
      const text = answer(marker);
      for (let i = 0; i < text.length; i += 512) verifier.push(text.slice(i, i + 512));
      verifier.finish();
      return verifier.end();
    };
    const [, ends] = counted(stream('\uff3b1-9999\uff3d'));
    const [result, long] = counted(stream('\uff3b1-1000\uff3d'));
    expect(long).toBeLessThan(2 * ends + 3 * 1000);
    expect(result).toEqual(verifyAnswer(answer('\uff3b1-1000\uff3d'), passages, { ranges: true }));
  });
});
