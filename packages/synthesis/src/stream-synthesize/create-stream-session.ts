import {
  type AnswerVerifier,
  type Claim,
  createAnswerVerifier,
  type Passage,
  type Span,
  type VerifiedUnit,
  type VerifyOptions,
} from '@gk/citations';
import { excerpt, formatNumberList } from '@gk/internal';
import type { FinishReason } from 'ai';
import { continuesSentence, endsSentence, runOnAfter } from '../synthesize/accepted-text.js';
import {
  applySynthesisPolicy,
  partOfRejectedSentence,
  type SynthesisOutcome,
  type SynthesisPolicy,
  type SynthesisRejectedClaim,
} from '../synthesize/apply-synthesis-policy.js';
import { describeFinish, isUnfinished } from '@gk/model-kit';
import type { SynthesizeResult } from '../synthesize/synthesize.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import { AcceptedTextWriter } from './accepted-text-writer.js';
import type { SynthesisEvent } from './synthesis-event.js';

/** Options for {@link createStreamSession}. */
export interface StreamSessionOptions {
  passages: readonly Passage[];
  /** Options for the verifier, `noSourceToken` included. */
  verify: VerifyOptions;
  policy: SynthesisPolicy;
  /** Model calls made so far, recorded on a `SynthesisError`. */
  attempts: number;
  /** Receives each event as it is decided. */
  emit: (event: SynthesisEvent) => void;
}

/** One completion being read: text goes in piece by piece, events come out as claims become final. */
export interface StreamSession {
  /** The next piece of the completion. Throws the `SynthesisError` of a rejection that refuses the answer. */
  push(text: string): void;
  /**
   * The end of the completion, with the unified and the provider's finish reason: emits the remaining events,
   * `done` last, and returns the result `toResult` builds; throws the `SynthesisError` `synthesize` would throw
   * for the completion.
   */
  finish(
    finishReason: FinishReason,
    rawFinishReason: string | undefined,
    toResult: (outcome: SynthesisOutcome, completion: string) => SynthesizeResult,
  ): SynthesizeResult;
  /** Whether any claim was released. */
  readonly released: boolean;
  /** Claims read so far, identical ones merged (as a `SynthesisError`'s `claimsRead` counts them). */
  readonly claimsRead: number;
  /** The claims reported as rejected so far. */
  readonly rejected: readonly SynthesisRejectedClaim[];
}

/**
 * A unit whose sentence may go on: an accepted one (`claim`), or a cut one with its rejection, if any; `before`
 * is the completion between the unit before it and this one, `text` the unit's own.
 */
type SentenceUnit = { span: Span; before: string; text: string; runOn: [number, number] | null } & (
  | { claim: Claim }
  | { claim: null; rejected: SynthesisRejectedClaim | null }
);

/**
 * The synchronous core of `streamSynthesize`. A unit is released (accepted) or reported (rejected) once the
 * verifier calls its outcome final and a later unit is known to exist, or at the end: until then the model
 * may still stop mid-way, and a cut-off last unit is never shown. A unit whose sentence may go on in the next
 * unit (no sentence end: see `continuesSentence`) waits for it, as `applySynthesisPolicy` cuts every accepted
 * unit of a sentence that holds a cut one.
 */
export function createStreamSession(options: StreamSessionOptions): StreamSession {
  const { passages, verify, policy, attempts, emit } = options;
  const verifier: AnswerVerifier = createAnswerVerifier(passages, verify);
  const writer = new AcceptedTextWriter();
  const pieces: string[] = [];
  const waiting: VerifiedUnit[] = []; // final units not yet handled (the last may not be followed)
  const rejected: SynthesisRejectedClaim[] = [];
  let sentence: SentenceUnit[] = []; // the units of the sentence being read, not handed to the writer yet
  let lastCut: string | null = null; // the last unit of a cut sentence, when no unit has followed it yet
  let claimsRead = 0; // units the verifier returned, identical ones merged (what `summarizeVerifications` counts)
  let tail = ''; // the completion from `cursor` on
  let cursor = 0; // where the units read have got to in the completion
  let released = false;

  /** Takes the layout before `span` and `span`'s text out of `tail` (which stays short while a sentence waits). */
  const read = (span: Span): { before: string; text: string } => {
    const before = tail.slice(0, span.start - cursor);
    const text = tail.slice(span.start - cursor, span.end - cursor);
    tail = tail.slice(span.end - cursor);
    cursor = span.end;
    return { before, text };
  };

  const report = (claim: SynthesisRejectedClaim): void => {
    rejected.push(claim);
    emit({ type: 'rejected', rejected: claim });
  };

  /** Hands the sentence read so far to the writer: its accepted units released, or all cut when one is. */
  const endSentence = (): void => {
    const units = sentence;
    sentence = [];
    const cut = units.some((unit) => unit.claim === null);
    if (cut) lastCut = units[units.length - 1]!.text;
    for (const unit of units) {
      if (unit.runOn === null) writer.keep(unit.before);
      else {
        // The lead-in the cut sentence before this unit ran into goes with it.
        writer.keep(unit.before.slice(0, unit.runOn[0]));
        writer.cut(unit.before.slice(unit.runOn[0], unit.runOn[1]));
        writer.keep(unit.before.slice(unit.runOn[1]));
      }
      if (unit.claim !== null && !cut) {
        writer.keep(unit.text);
        released = true;
        emit({ type: 'claim', claim: unit.claim, text: writer.take() });
        continue;
      }
      writer.cut(unit.text);
      if (unit.claim === null) {
        if (unit.rejected !== null) report(unit.rejected);
        continue;
      }
      const claim = partOfRejectedSentence(unit.claim, unit.span);
      report(claim);
      if (policy === 'reject-answer') throw rejectedError(claim, rejected, attempts, claimsRead);
    }
  };

  /** Adds a unit to the sentence being read; a unit that does not carry it on (or ends it) hands it over. */
  const place = (
    span: Span,
    verdict: { claim: Claim } | { claim: null; rejected: SynthesisRejectedClaim | null },
  ): void => {
    const unit: SentenceUnit = { span, ...read(span), runOn: null, ...verdict };
    const previous = sentence[sentence.length - 1];
    if (previous !== undefined && !continuesSentence(previous.text, unit.before, unit.text)) endSentence();
    if (lastCut !== null) unit.runOn = runOnAfter(lastCut, unit.before);
    lastCut = null;
    sentence.push(unit);
    if (endsSentence(unit.text) && !mayGoOn(unit.text, tail)) endSentence();
  };

  /** A rejection that refuses the answer stops the stream at once; any other waits for its sentence. */
  const reject = (claim: SynthesisRejectedClaim, span: Span, outOfRange: boolean): void => {
    if (outOfRange || policy === 'reject-answer') {
      report(claim);
      if (outOfRange) throw outOfRangeError(claim, passages.length, rejected, attempts, claimsRead);
      throw rejectedError(claim, rejected, attempts, claimsRead);
    }
    place(span, { claim: null, rejected: claim });
  };

  const handle = (unit: VerifiedUnit): void => {
    if (unit.status === 'accepted') place(unit.claim.span, { claim: unit.claim });
    else reject(unit.rejected, unit.rejected.span, unit.rejected.code === 'marker_out_of_range');
  };

  /** The last unit of a completion the model did not finish: cut, and rejected unless it repeats a claim. */
  const handleUnfinished = (unit: VerifiedUnit, finish: string): void => {
    if (unit.status === 'accepted' && unit.duplicate) {
      place(unit.claim.span, { claim: null, rejected: null });
      return;
    }
    if (unit.status === 'rejected' && unit.duplicate) {
      handle(unit);
      return;
    }
    const source = unit.status === 'accepted' ? unit.claim : unit.rejected;
    const markers =
      unit.status === 'accepted'
        ? [...new Set(unit.claim.citations.map((citation) => citation.source))]
        : unit.rejected.markers;
    const claim: SynthesisRejectedClaim = {
      text: source.text,
      span: source.span,
      code: 'unfinished_claim',
      markers,
      message: `Claim "${excerpt(source.text, { length: 80 })}" was cut off: the model stopped (finish reason ${finish}) before finishing it.`,
    };
    reject(claim, source.span, unit.status === 'rejected' && unit.rejected.code === 'marker_out_of_range');
  };

  const receive = (unit: VerifiedUnit): void => {
    if (!unit.duplicate) claimsRead++;
    waiting.push(unit);
  };

  return {
    get released() {
      return released;
    },

    get claimsRead() {
      return claimsRead;
    },

    get rejected() {
      return [...rejected];
    },

    push(text) {
      if (text === '') return;
      pieces.push(text);
      tail += text;
      for (const unit of verifier.push(text)) receive(unit);
      const ready = verifier.unitFollows() ? waiting.length : waiting.length - 1;
      for (const unit of waiting.splice(0, Math.max(ready, 0))) handle(unit);
    },

    finish(finishReason, rawFinishReason, toResult) {
      for (const unit of verifier.finish()) receive(unit);
      const verification = verifier.end();
      const completion = pieces.join('');
      if (finishReason === 'content-filter') {
        // Nothing more is released from a filtered completion; a refusing rejection still decides first, as it
        // would have had the stream gone on for longer before the filter.
        for (const unit of waiting) {
          if (unit.status !== 'rejected') continue;
          const outOfRange = unit.rejected.code === 'marker_out_of_range';
          if (outOfRange || policy === 'reject-answer') {
            report(unit.rejected);
            if (outOfRange)
              throw outOfRangeError(unit.rejected, passages.length, rejected, attempts, claimsRead);
            throw rejectedError(unit.rejected, rejected, attempts, claimsRead);
          }
        }
      } else {
        const unfinished = isUnfinished(finishReason, rawFinishReason);
        waiting.forEach((unit, index) => {
          if (unfinished && index === waiting.length - 1)
            handleUnfinished(unit, describeFinish(finishReason, rawFinishReason));
          else handle(unit);
        });
        endSentence();
      }
      const outcome = applySynthesisPolicy({
        completion,
        finishReason,
        rawFinishReason,
        passages,
        verify,
        policy,
        attempts,
        verification,
      });
      writer.keep(tail);
      const text = writer.finish();
      if (outcome.status === 'abstained') emit({ type: 'abstained' });
      const result = toResult(outcome, completion);
      emit({ type: 'done', result, text: outcome.status === 'abstained' ? '' : text });
      return result;
    },
  };
}

function outOfRangeError(
  claim: SynthesisRejectedClaim,
  count: number,
  rejected: SynthesisRejectedClaim[],
  attempts: number,
  claimsRead: number,
): SynthesisError {
  const numbers = claim.markers.filter((n) => !(n >= 1 && n <= count));
  return new SynthesisError({
    code: 'marker_out_of_range',
    message: `The answer cites ${formatNumberList(numbers, { max: 5 })}, outside the ${count} source(s) shown (1..${count}); the stream stopped there.`,
    rejected: [...rejected],
    attempts,
    claimsRead,
  });
}

function rejectedError(
  claim: SynthesisRejectedClaim,
  rejected: SynthesisRejectedClaim[],
  attempts: number,
  claimsRead: number,
): SynthesisError {
  return new SynthesisError({
    code: 'rejected_claims',
    message: `A claim failed verification (${claim.code}); policy 'reject-answer' refuses the answer, and the stream stopped there.`,
    rejected: [...rejected],
    attempts,
    claimsRead,
  });
}

/**
 * Whether the sentence `unit` ended may still go on in the next unit (see `continuesSentence`): `unit` ends the way
 * an abbreviation does, and the completion read after it (`after`) holds nothing yet but spaces and tabs (and
 * digits), or goes on on the same line the way no sentence starts (a lowercase letter, a number).
 */
function mayGoOn(unit: string, after: string): boolean {
  let at = 0;
  let breaks = 0;
  for (; at < after.length; at++) {
    const char = after[at]!;
    if (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029') {
      if (char === '\n' && after[at - 1] === '\r') continue;
      if (++breaks > 1) return false;
    } else if (char !== ' ' && char !== '\t' && char !== '>') break;
  }
  const next = after.slice(at);
  // Nothing read yet, or only digits: the next unit may still be `5 ...`.
  return continuesSentence(unit, after.slice(0, at), /^[0-9]*$/.test(next) ? '0 ' : next);
}
