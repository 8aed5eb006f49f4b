// The work over a whole stream is linear in the completion: nothing re-verifies or re-writes the text before a
// chunk. Counted (each character handed to the text writer once; Intl.Segmenter sees the completion no more often
// than verifyAnswer of the whole completion does) and timed as CPU growth, n against 8n claims fed one UTF-16 code
// unit at a time (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { verifyAnswer } from '@gk/citations';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOUND, FACTOR, growth } from '../../../../tests/adversarial/growth.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import type { SynthesizeResult } from '../synthesize/synthesize.js';
import { AcceptedTextWriter } from './accepted-text-writer.js';
import { createStreamSession } from './create-stream-session.js';
import type { SynthesisEvent } from './synthesis-event.js';

const verify = { noSourceToken: 'NO_SOURCE', support: {} } as const;

/** A completion of `size` claims: verified ones, unmarked ones and unsupported ones, some lines, one paragraph. */
function completion(size: number): string {
  return Array.from({ length: size }, (_, i) => {
    const claim =
      i % 3 === 0
        ? `The GPL is a copyleft license number ${i} [2].`
        : i % 3 === 1
          ? `Unmarked claim ${i}.`
          : `The MIT License forbids resale number ${i} [1].`;
    return i % 5 === 4 ? `${claim}\n- ` : `${claim} `;
  }).join('');
}

function stream(text: string): SynthesisEvent[] {
  const events: SynthesisEvent[] = [];
  const session = createStreamSession({
    passages,
    verify,
    policy: 'drop-claims',
    attempts: 1,
    emit: (event) => events.push(event),
  });
  for (let i = 0; i < text.length; i++) session.push(text[i]!);
  session.finish(
    'stop',
    'stop',
    (outcome, full) => ({ ...outcome, completion: full }) as unknown as SynthesizeResult,
  );
  return events;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('streamSynthesize: linear work over the stream', { timeout: 300_000 }, () => {
  it('hands each character of the completion to the text writer once, and takes text once per claim', () => {
    const text = completion(400);
    let kept = 0;
    const keep = AcceptedTextWriter.prototype.keep;
    vi.spyOn(AcceptedTextWriter.prototype, 'keep').mockImplementation(function (
      this: AcceptedTextWriter,
      piece,
    ) {
      kept += piece.length;
      return keep.call(this, piece);
    });
    const take = vi.spyOn(AcceptedTextWriter.prototype, 'take');
    const events = stream(text);
    const claims = events.filter((event) => event.type === 'claim').length;
    expect(claims).toBeGreaterThan(100);
    expect(kept).toBeLessThanOrEqual(text.length);
    expect(take).toHaveBeenCalledTimes(claims);
  });

  it('segments the completion no more often than verifying it whole does', () => {
    const counted = (run: () => unknown): number => {
      let characters = 0;
      const segment = Intl.Segmenter.prototype.segment;
      const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
        this: Intl.Segmenter,
        input: string,
      ) {
        characters += input.length;
        return segment.call(this, input);
      });
      run();
      spy.mockRestore();
      return characters;
    };
    // Sentences opening with a bracket leave their ends to the segmenter.
    const text = completion(100 * FACTOR).replaceAll('. ', '. (So.) ');
    const whole = counted(() => verifyAnswer(text, passages, verify));
    expect(whole).toBeGreaterThan(0);
    expect(counted(() => stream(text))).toBe(whole);
  });

  it('takes CPU time linear in the completion, fed one code unit at a time (8n over n)', () => {
    expect(growth((size) => () => stream(completion(size)), 300)).toBeLessThan(BOUND);
  });
});
