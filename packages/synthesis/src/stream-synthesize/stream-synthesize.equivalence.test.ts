// The streaming guarantee, property-tested: whatever the completion and however it is cut into chunks, the
// stream's verification is verifyAnswer's for the whole completion, the text it released is the text synthesize
// returns, and at every release the text shown so far holds nothing past the claim just verified.
import { type Passage, type Span, type Verification, type VerifyOptions, verifyAnswer } from '@gk/citations';
import type { FinishReason } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../citations/src/__fixtures__/property-runs.js';
import { licencePassages } from '../__fixtures__/passages.js';
import { streamingModel } from '../__fixtures__/streaming-models.js';
import { acceptedText } from '../synthesize/accepted-text.js';
import {
  applySynthesisPolicy,
  type SynthesisOutcome,
  type SynthesisPolicy,
} from '../synthesize/apply-synthesis-policy.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import type { SynthesizeResult } from '../synthesize/synthesize.js';
import { createStreamSession } from './create-stream-session.js';
import { streamSynthesize } from './stream-synthesize.js';
import type { SynthesisEvent } from './synthesis-event.js';

const NOTICE =
  'Notices go to the U.S. office, e.g. by post. Write "Attention: Legal" on it 😀 at https://example.org/a?b. Mail [EMAIL_1] for a copy.';
const passages: Passage[] = [
  ...licencePassages,
  { documentId: 'notice', chunkId: 'notice#0', start: 0, end: NOTICE.length, text: NOTICE },
];

// Pieces a model writes: claims that verify, claims that do not, and the layout and characters that make
// splitting hard (abbreviations, quotations, URLs, list bullets, CRLF, surrogate pairs, redaction tokens).
const CLAIMS = [
  'The MIT License is a permissive license [1].',
  'The GPL is a copyleft license [2].',
  'It requires a NOTICE file to be carried with redistributions [3].',
  'The GPL version 3 is compatible with the Apache License 2.0 [2][3].',
  'Licensed works may be distributed under different terms [1, 2].',
  'Notices go to the U.S. office, e.g. by post [4].',
  'Write "Attention: Legal" on it 😀 [4].',
  'See https://example.org/a?b. for details [4].',
  'Mail [EMAIL_1] for a copy [4].',
  'Source code must be made available when distributing binaries [2]',
  'The GPL requires a fee of 500 euros per copy [2].',
  'The MIT License forbids any commercial use [1].',
  'Write "Attention: Accounts" on it [4].',
  'An unmarked sentence about licences.',
  'A claim citing a source never shown [9].',
  '[2]',
  'Dr. Smith wrote it [1]. So did Mr. Jones.',
  'ECLI:EU:C:2019:1046 settled it [1].',
  'NO_SOURCE',
  // A lead-in that runs on into the next claim, and markup around a rejected claim: the session cuts the lead-in with
  // the claim it leads into, so what it shows can be shorter than the accepted text up to a claim.
  'since:',
  'It is false that',
  '|<!-- a [9]. b -->',
];
const SEPARATORS = [
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\n\n',
  ' \n',
  '\t',
  '\n- ',
  '\n1. ',
  '\n## ',
  '\n* ',
  '\n---\n',
  '\n```\n',
];

const completionArbitrary = fc
  .tuple(
    fc.constantFrom('', '', ' ', '\n', '- ', '1. ', '# ', '> ', '```\n'),
    fc.array(fc.tuple(fc.constantFrom(...CLAIMS), fc.constantFrom(...SEPARATORS)), {
      minLength: 1,
      maxLength: 7,
    }),
    fc.constantFrom('', '', ' ', '\n', '\n```', '  \n- '),
  )
  .map(([head, body, end]) => head + body.map(([claim, separator]) => claim + separator).join('') + end);

/** Cut points that land inside markers, surrogate pairs, CRLF pairs and redaction tokens, plus random ones. */
function hardCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const before = text.charCodeAt(i - 1);
    const at = text[i]!;
    if (
      (before >= 0xd800 && before <= 0xdbff) ||
      (text[i - 1] === '\r' && at === '\n') ||
      text[i - 1] === '[' ||
      (/[0-9A-Z_,]/.test(text[i - 1]!) && /[0-9A-Z_,\]]/.test(at))
    )
      cuts.push(i);
  }
  return cuts;
}

const chunk = (text: string, cuts: readonly number[]): string[] => {
  const points = [...new Set(cuts.filter((cut) => cut > 0 && cut < text.length))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length));
};

const chunkingArbitrary = (text: string): fc.Arbitrary<string[]> =>
  fc.oneof(
    fc.constant(
      [...text].flatMap((character) =>
        character.length === 2 ? [character[0]!, character[1]!] : [character],
      ),
    ),
    fc
      .array(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 12 })
      .map((cuts) => chunk(text, cuts)),
    fc.subarray(hardCuts(text)).map((cuts) => chunk(text, cuts)),
    fc.constant<string[]>([text]),
  );

const caseArbitrary = completionArbitrary.chain((completion) =>
  fc.record({
    completion: fc.constant(completion),
    chunks: chunkingArbitrary(completion),
    policy: fc.constantFrom<SynthesisPolicy>('drop-claims', 'reject-answer'),
    finish: fc.constantFrom<Finish>(
      { finishReason: 'stop', rawFinishReason: 'stop' },
      { finishReason: 'stop', rawFinishReason: 'stop' },
      { finishReason: 'length', rawFinishReason: 'length' },
      { finishReason: 'content-filter', rawFinishReason: 'content_filter' },
      { finishReason: 'error', rawFinishReason: 'error' },
      // A provider stream closed with no finish reason; `other` that the provider named counts as finished.
      { finishReason: 'other', rawFinishReason: undefined },
      { finishReason: 'other', rawFinishReason: 'eos' },
    ),
    verify: fc.constantFrom<VerifyOptions>(
      {},
      { support: {} },
      { unit: 'line' },
      { requireCitations: false },
    ),
  }),
);

type Ending = { result: SynthesizeResult } | { error: unknown };

/** How the model ended: the AI SDK's unified finish reason and the provider's own (`undefined` when none arrived). */
interface Finish {
  finishReason: FinishReason;
  rawFinishReason: string | undefined;
}

/** Runs the streaming core over the chunks, checking at every release that nothing past the claim was shown. */
function runSession(
  completion: string,
  chunks: readonly string[],
  policy: SynthesisPolicy,
  { finishReason, rawFinishReason }: Finish,
  verify: VerifyOptions,
): { events: SynthesisEvent[]; ending: Ending } {
  const events: SynthesisEvent[] = [];
  const cuts: Span[] = [];
  const snapshots: string[] = [];
  let shown = '';
  const session = createStreamSession({
    passages,
    verify,
    policy,
    attempts: 1,
    emit: (event) => {
      events.push(event);
      if (event.type === 'rejected') cuts.push(event.rejected.span);
      if (event.type === 'claim') {
        shown += event.text;
        snapshots.push(shown);
        // What a reader sees now holds nothing of the completion past this claim's end (a cut lead-in can make it
        // shorter than the accepted text up to there).
        expect(shown.length).toBeLessThanOrEqual(
          acceptedTextUpTo(completion, event.claim.span.end, cuts).length,
        );
      }
    },
  });
  try {
    for (const piece of chunks) session.push(piece);
    const result = session.finish(finishReason, rawFinishReason, (outcome, full) =>
      toResult(outcome, full, finishReason),
    );
    // Nothing shown is taken back: each text shown so far opens the final text.
    for (const snapshot of snapshots) expect(result.text.startsWith(snapshot), snapshot).toBe(true);
    return { events, ending: { result } };
  } catch (error) {
    return { events, ending: { error } };
  }
}

function acceptedTextUpTo(completion: string, end: number, cuts: readonly Span[]): string {
  return acceptedText(completion.slice(0, end), cuts);
}

function toResult(
  outcome: SynthesisOutcome,
  completion: string,
  finishReason: FinishReason,
): SynthesizeResult {
  return {
    ...outcome,
    completion,
    finishReason,
    model: { provider: 'mock-provider', modelId: 'mock-model' },
    promptHash: 'hash',
    usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
    attempts: 1,
  };
}

/** What synthesize does with the whole completion: its outcome, or the error it throws. */
function synthesizeOutcome(
  completion: string,
  policy: SynthesisPolicy,
  { finishReason, rawFinishReason }: Finish,
  verify: VerifyOptions,
): { outcome: SynthesisOutcome } | { error: SynthesisError } {
  try {
    return {
      outcome: applySynthesisPolicy({
        completion,
        finishReason,
        rawFinishReason,
        passages,
        verify,
        policy,
        attempts: 1,
      }),
    };
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    return { error };
  }
}

/** The refusal codes a stream may end with where synthesize throws `expected` (see the streaming guide). */
function allowedCodes(
  expected: string,
  policy: SynthesisPolicy,
  verification: Verification | undefined,
): string[] {
  // A stream stops at the first rejection that refuses the answer, before it can know what comes later.
  const stopsEarly =
    policy === 'reject-answer'
      ? ['rejected_claims', 'marker_out_of_range']
      : verification?.rejected.some((claim) => claim.code === 'marker_out_of_range')
        ? ['marker_out_of_range']
        : [];
  return [expected, ...stopsEarly];
}

function checkCase(
  completion: string,
  chunks: readonly string[],
  policy: SynthesisPolicy,
  finish: Finish,
  options: VerifyOptions,
): void {
  const verify: VerifyOptions = { noSourceToken: 'NO_SOURCE', support: false, ...options };
  expect(chunks.join('')).toBe(completion);
  const { events, ending } = runSession(completion, chunks, policy, finish, verify);
  const whole = runSession(completion, [completion], policy, finish, verify);
  const expected = synthesizeOutcome(completion, policy, finish, verify);
  const verification = verifyAnswer(completion, passages, verify);
  if ('outcome' in expected) {
    if ('error' in ending) throw ending.error;
    expect(ending.result.verification).toEqual(verification);
    expect(ending.result).toEqual(toResult(expected.outcome, completion, finish.finishReason));
    const released = events.map((event) => ('text' in event ? event.text : '')).join('');
    expect(released).toBe(expected.outcome.text);
  } else {
    if (!('error' in ending)) throw new Error(`expected ${expected.error.code}, the stream answered`);
    expect(SynthesisError.isInstance(ending.error)).toBe(true);
    const { code } = ending.error as SynthesisError;
    expect(allowedCodes(expected.error.code, policy, verification)).toContain(code);
  }
  // However it was cut, the completion ends the same way.
  if ('error' in whole.ending)
    expect((ending as { error: SynthesisError }).error?.code).toBe(
      (whole.ending.error as SynthesisError).code,
    );
  else expect(ending).toEqual(whole.ending);
  // Every claim released is one the verification accepted (or a repeat of one), its text ending the event's text.
  const accepted = new Set(
    verification.claims
      .flatMap((claim) => [claim.span, ...(claim.duplicates ?? [])])
      .map((span) => span.start),
  );
  for (const event of events) {
    if (event.type !== 'claim') continue;
    expect(accepted.has(event.claim.span.start)).toBe(true);
  }
}

describe('streamSynthesize equivalence over chunkings', () => {
  it('matches verifyAnswer and synthesize for any completion cut any way (thousands of cases)', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ completion, chunks, policy, finish, verify }) =>
        checkCase(completion, chunks, policy, finish, verify),
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('matches them one character (one UTF-16 code unit) at a time', () => {
    fc.assert(
      fc.property(
        completionArbitrary,
        fc.constantFrom<SynthesisPolicy>('drop-claims', 'reject-answer'),
        (completion, policy) => {
          const units = [...completion].flatMap((character) =>
            character.length === 2 ? [character[0]!, character[1]!] : [character],
          );
          checkCase(completion, units, policy, { finishReason: 'stop', rawFinishReason: 'stop' }, {});
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('matches them through the AI SDK stream, end to end', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ completion, chunks, policy, finish, verify }) => {
        const options = { noSourceToken: 'NO_SOURCE', support: false as const, ...verify };
        const model = streamingModel({ chunks, ending: finish });
        const { events, result } = streamSynthesize({
          model,
          question: 'What do the licences require?',
          passages,
          policy,
          verify,
        });
        const seen: SynthesisEvent[] = [];
        let failure: unknown;
        try {
          for await (const event of events) seen.push(event);
        } catch (error) {
          failure = error;
        }
        const expected = synthesizeOutcome(completion, policy, finish, options);
        if ('outcome' in expected) {
          if (failure !== undefined) throw failure;
          const value = await result;
          expect(value.verification).toEqual(verifyAnswer(completion, passages, options));
          expect(seen.map((event) => ('text' in event ? event.text : '')).join('')).toBe(
            expected.outcome.text,
          );
        } else {
          expect(SynthesisError.isInstance(failure)).toBe(true);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('matches them on lines of many cut units between layout marks (table rows, quote markers), in any chunks', () => {
    // A review found the text writer quadratic in a long row of unmarked cells; its fix keeps the text the same.
    const claim = 'The GPL is a copyleft license [2].';
    const completions = [
      `${claim}\n\n| ${'No. | '.repeat(6)}`,
      `${claim}\n\n| ${'No. | '.repeat(3)}\n|---|---|---|\n| ${claim} | a | b |`,
      `${claim}\n\n> | ${'Unmarked. | '.repeat(4)}\n${claim}`,
      `${claim}\n| ${'Unmarked. > '.repeat(4)}\n> ${'Unmarked. > '.repeat(3)}\n${claim}`,
      `> ${claim}\n> ${'Unmarked. > '.repeat(4)}\n>     ${claim}`,
    ];
    for (const completion of completions)
      for (const size of [1, 2, 3, 7, completion.length]) {
        const cuts = Array.from({ length: Math.ceil(completion.length / size) }, (_, i) => i * size);
        for (const policy of ['drop-claims', 'reject-answer'] as const)
          checkCase(
            completion,
            chunk(completion, cuts),
            policy,
            { finishReason: 'stop', rawFinishReason: 'stop' },
            {},
          );
      }
  });
});
