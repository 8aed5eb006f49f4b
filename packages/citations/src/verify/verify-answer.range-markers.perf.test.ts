// Scale: range markers past the sources, counted (no timing). A range of up to 1,000 numbers (`[1-1000]`, 9 bytes)
// was expanded number by number in every marker before its claim was refused: 720 KB of them cost ~6 s (about
// 111 numbers a byte). Past the sources, a range is now read by its ends: the work per marker is bounded by the
// passage count, so the same answer with ranges that name 1,000 numbers costs what one with ranges of 2 does.
import { describe, expect, it } from 'vitest';
import { countedCalls as counted } from '../__fixtures__/counted-calls.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const passages = [
  { documentId: 'd', chunkId: 'c', text: 'Water boils at 100 degrees.', start: 0, end: 27 },
  { documentId: 'e', chunkId: 'c', text: 'The sky is blue.', start: 0, end: 16 },
];
const answer = (marker: string, n: number) => `Water boils at 100 degrees [1]. ${`${marker} `.repeat(n)}`;

describe('verifyAnswer with range markers past the sources', () => {
  it('does work per marker bounded by the passage count, not by the range length', () => {
    const n = 400;
    // `[1-9999]` is past MAX_RANGE_LENGTH: never expanded, the same bytes as `[1-1000]`.
    const [, ends] = counted(() => verifyAnswer(answer('[1-9999]', n), passages, { ranges: true }));
    const [result, long] = counted(() => verifyAnswer(answer('[1-1000]', n), passages, { ranges: true }));
    // The claim's own markers (1..1000, once each) are its output: counted once, not once per marker.
    expect(long).toBeLessThan(2 * ends + 3 * 1000);
    const [claim] = result.rejected;
    expect(result.rejected).toHaveLength(1);
    expect(claim!.code).toBe('marker_out_of_range');
    expect(claim!.markers).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(claim!.message).toContain(
      'cites [3], [4], [5], [6], [7] and 993 more, which are not a source shown',
    );
  });

  it('streams them with the same bound', () => {
    const n = 400;
    const stream = (marker: string) => () => {
      const verifier = createAnswerVerifier(passages, { ranges: true });
      const text = answer(marker, n);
      for (let i = 0; i < text.length; i += 512) verifier.push(text.slice(i, i + 512));
      verifier.finish();
      return verifier.end();
    };
    const [, ends] = counted(stream('[1-9999]'));
    const [result, long] = counted(stream('[1-1000]'));
    expect(long).toBeLessThan(2 * ends + 3 * 1000);
    expect(result).toEqual(verifyAnswer(answer('[1-1000]', n), passages, { ranges: true }));
  });
});
