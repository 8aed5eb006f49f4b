// A reply chain quoted many levels deep: whether a line opens an HTML block is read past its block-quote marks and
// bullets, and a space after `>` may end one mark or start the next. Read by backtracking, a line of n `> ` that opens
// no block was tried 2^n ways (26 levels, 65 characters, took minutes); the prefix is now read once. Bounded by this
// process's CPU time, never wall-clock time.
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { parseMarkers } from './parse-markers.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer } from './verify-answer.js';

const TEXT = 'The MIT License is a permissive license.';
const PASSAGES: Passage[] = [{ documentId: 'mit', chunkId: 'mit#0', start: 0, end: TEXT.length, text: TEXT }];

const DEPTH = 26;
const ANSWERS = [
  `${'> '.repeat(DEPTH)}<b>The MIT License</b> is a permissive license [1].`,
  `${'> '.repeat(DEPTH)}On Monday Ana wrote:<br>The MIT License is a permissive license [1].`,
  `${'> - '.repeat(DEPTH)}The MIT License is a permissive license [1].`,
  `${' > '.repeat(DEPTH)}The MIT License is a permissive license [1]. It says \`x\` [1].`,
  `${'>  '.repeat(DEPTH)}The MIT License <!-- [2] --> is a *permissive* license [1].`,
];

describe('verification of lines deep in block quotes', () => {
  it('reads each line once, in linear time', () => {
    const t0 = cpuNow();
    for (const answer of ANSWERS) {
      expect(parseMarkers(answer)).toHaveLength(answer.split('[1]').length - 1);
      expect(splitClaims(answer).length).toBeGreaterThan(0);
      expect(verifyAnswer(answer, PASSAGES).status).toBe('answered');
      const whole = createAnswerVerifier(PASSAGES);
      whole.push(answer);
      expect(whole.end().status).toBe('answered');
    }
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('still tells an HTML block from inline HTML there, at any depth', () => {
    const quoted = '> '.repeat(DEPTH);
    // In an HTML block a link's title is shown as typed, so its `[2]` counts; after inline HTML it is hidden.
    expect(parseMarkers(`${quoted}<div>[licence](https://example.org "[2]")`)).toHaveLength(1);
    expect(parseMarkers(`${quoted}<b>[licence](https://example.org "[2]")`)).toEqual([]);
    expect(parseMarkers(`${'> - '.repeat(DEPTH)}  <div>[licence](https://example.org "[2]")`)).toHaveLength(
      1,
    );
    expect(parseMarkers(`${'> '.repeat(DEPTH)}+<div>[licence](https://example.org "[2]")`)).toEqual([]);
  });
});
