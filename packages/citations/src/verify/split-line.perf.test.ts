// Scale: sentence splitting reads raw HTML as spaces (tags, comments and the like), whole and streamed, in linear
// time, bounded by this process's CPU time.
import { describe, expect, it } from 'vitest';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

describe('splitSentences on raw HTML at scale', () => {
  it('splits a line of many sentences between tags and comments in linear time, whole and streamed', () => {
    const answer = 'Done. <br> It is [1]. Done.</p><p>It is [1]. Done. <!-- x --> It is [1]. <?a?> '.repeat(
      12_000,
    );
    let t0 = cpuNow();
    const whole = verifyAnswer(answer, PASSAGES);
    expect(whole.rejected.length + whole.claims.length).toBeGreaterThan(1);
    expect(cpuNow() - t0).toBeLessThan(3000);
    t0 = cpuNow();
    const verifier = createAnswerVerifier(PASSAGES);
    for (let at = 0; at < answer.length; at += 100) verifier.push(answer.slice(at, at + 100));
    expect(verifier.end()).toEqual(whole);
    expect(cpuNow() - t0).toBeLessThan(3000);
  });
});
