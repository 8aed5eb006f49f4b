// The incremental verifier's total work is linear in the answer however it is cut: nothing re-verifies, re-splits or
// re-segments the text before a piece. Checked two ways on answers fed one UTF-16 code unit at a time, n against 8n
// claims: the number of characters handed to Intl.Segmenter (the expensive step, and the one a verifier that
// re-read its prefix would repeat), and CPU time (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOUND, FACTOR, growth } from '../../../../tests/adversarial/growth.js';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';

const TEXT =
  'The MIT License is a permissive license. It requires preservation of copyright and license notices. ' +
  'Write "Attention: Legal" on every notice sent to the U.S. office.';
const PASSAGES: Passage[] = [{ documentId: 'mit', chunkId: 'mit#0', start: 0, end: TEXT.length, text: TEXT }];

/**
 * Answers of `size` claims that stress what a streaming verifier may have to wait for. Every sentence is followed
 * by one that opens with a bracket, a sentence end that only Intl.Segmenter decides.
 */
const ANSWERS: Record<string, (size: number) => string> = {
  'one paragraph of many sentences': (size) =>
    Array.from(
      { length: size },
      (_, i) => `The MIT License is permissive ${i} [1]. (It requires notices [1].)`,
    ).join(' '),
  'one claim per line': (size) =>
    Array.from({ length: size }, (_, i) => `- It requires notices ${i} [1]. (Always [1].)`).join('\n'),
  'a quotation left open over the whole paragraph': (size) =>
    `He wrote "${Array.from({ length: size }, (_, i) => `Sentence ${i} is here [1]. (So [1].)`).join(' ')}`,
  'abbreviations before every sentence end': (size) =>
    Array.from(
      { length: size },
      (_, i) => `Dr. Smith and Mr. Jones wrote ${i} e.g. this [1]. (Yes [1].)`,
    ).join(' '),
  'a long line of bare punctuation after a claim': (size) =>
    `The MIT License is permissive [1]. (It requires notices [1].)\n${'-=-'.repeat(size * 20)}`,
  'a backtick no other closes, before the whole paragraph': (size) =>
    `A tick \` opens here [1]. ${Array.from({ length: size }, (_, i) => `Sentence ${i} \`x[1]\` is here [1]. (So [1].)`).join(' ')}`,
  'a lead-in before a long cited list': (size) =>
    `The licence requires:\n${Array.from({ length: size }, (_, i) => `- Item ${i} is cited [1]. (So [1].)`).join('\n')}`,
};

function feed(answer: string): () => void {
  return () => {
    const verifier = createAnswerVerifier(PASSAGES, { support: {} });
    // As a stream does: after every piece, ask whether a unit is certain to follow.
    for (let i = 0; i < answer.length; i++) {
      verifier.push(answer[i]!);
      verifier.unitFollows();
    }
    verifier.end();
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createAnswerVerifier: linear work whatever the cut', { timeout: 300_000 }, () => {
  it.each(Object.keys(ANSWERS))('segments each character a bounded number of times: %s', (name) => {
    const make = ANSWERS[name]!;
    const segmented = (answer: string): number => {
      let characters = 0;
      const segment = Intl.Segmenter.prototype.segment;
      const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
        this: Intl.Segmenter,
        input: string,
      ) {
        characters += input.length;
        return segment.call(this, input);
      });
      feed(answer)();
      spy.mockRestore();
      return characters;
    };
    const small = make(100);
    const large = make(100 * FACTOR);
    // Fed one code unit at a time, the text is segmented no more often than when it arrives whole (in one push, which
    // tries its early cuts once), give or take a few attempts per sentence; a verifier that re-read its prefix would
    // segment the large answer 64 times as much.
    const wholeLarge = (() => {
      let characters = 0;
      const segment = Intl.Segmenter.prototype.segment;
      vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
        this: Intl.Segmenter,
        input: string,
      ) {
        characters += input.length;
        return segment.call(this, input);
      });
      const verifier = createAnswerVerifier(PASSAGES, { support: {} });
      verifier.push(large);
      verifier.end();
      vi.restoreAllMocks();
      return characters;
    })();
    const streamedSmall = segmented(small);
    const streamedLarge = segmented(large);
    expect(wholeLarge).toBeGreaterThan(0);
    expect(streamedLarge).toBeLessThanOrEqual(4 * wholeLarge);
    expect(streamedLarge / Math.max(streamedSmall, 1)).toBeLessThan(BOUND);
  });

  it.each(Object.keys(ANSWERS))(
    'takes CPU time linear in the answer, fed one code unit at a time: %s',
    (name) => {
      const make = ANSWERS[name]!;
      expect(growth((size) => feed(make(size)), 400)).toBeLessThan(BOUND);
    },
  );
});
