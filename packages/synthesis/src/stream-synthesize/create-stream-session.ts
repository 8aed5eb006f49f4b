import {
  type AnswerVerifier,
  createAnswerVerifier,
  type Passage,
  type Span,
  type VerifiedUnit,
  type VerifyOptions,
} from '@gk/citations';
import { excerpt, formatNumberList } from '@gk/internal';
import type { FinishReason } from 'ai';
import {
  applySynthesisPolicy,
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
}

/**
 * The synchronous core of `streamSynthesize`. A unit is released (accepted) or reported (rejected) once the
 * verifier calls its outcome final and a later unit is known to exist, or at the end: until then the model
 * may still stop mid-way, and a cut-off last unit is never shown.
 */
export function createStreamSession(options: StreamSessionOptions): StreamSession {
  const { passages, verify, policy, attempts, emit } = options;
  const verifier: AnswerVerifier = createAnswerVerifier(passages, verify);
  const writer = new AcceptedTextWriter();
  const pieces: string[] = [];
  const waiting: VerifiedUnit[] = []; // final units not yet handled (the last may not be followed)
  const rejected: SynthesisRejectedClaim[] = [];
  let tail = ''; // the completion from `cursor` on
  let cursor = 0; // where the writer has got to in the completion
  let released = false;

  /** Hands the layout before `span` to the writer and returns `span`'s text. */
  const advance = (span: Span): string => {
    writer.keep(tail.slice(0, span.start - cursor));
    const text = tail.slice(span.start - cursor, span.end - cursor);
    tail = tail.slice(span.end - cursor);
    cursor = span.end;
    return text;
  };

  const accept = (unit: Extract<VerifiedUnit, { status: 'accepted' }>): void => {
    writer.keep(advance(unit.claim.span));
    released = true;
    emit({ type: 'claim', claim: unit.claim, text: writer.take() });
  };

  const reject = (claim: SynthesisRejectedClaim, span: Span, outOfRange: boolean): void => {
    advance(span);
    writer.cut();
    rejected.push(claim);
    emit({ type: 'rejected', rejected: claim });
    if (outOfRange) throw outOfRangeError(claim, passages.length, rejected, attempts);
    if (policy === 'reject-answer') throw rejectedError(claim, rejected, attempts);
  };

  const handle = (unit: VerifiedUnit): void => {
    if (unit.status === 'accepted') accept(unit);
    else reject(unit.rejected, unit.rejected.span, unit.rejected.code === 'marker_out_of_range');
  };

  /** The last unit of a completion the model did not finish: cut, and rejected unless it repeats a claim. */
  const handleUnfinished = (unit: VerifiedUnit, finish: string): void => {
    if (unit.status === 'accepted' && unit.duplicate) {
      advance(unit.claim.span);
      writer.cut();
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

  return {
    get released() {
      return released;
    },

    push(text) {
      if (text === '') return;
      pieces.push(text);
      tail += text;
      for (const unit of verifier.push(text)) waiting.push(unit);
      const ready = verifier.unitFollows() ? waiting.length : waiting.length - 1;
      for (const unit of waiting.splice(0, Math.max(ready, 0))) handle(unit);
    },

    finish(finishReason, rawFinishReason, toResult) {
      for (const unit of verifier.finish()) waiting.push(unit);
      const verification = verifier.end();
      const completion = pieces.join('');
      if (finishReason === 'content-filter') {
        // Nothing more is released from a filtered completion; a refusing rejection still decides first, as it
        // would have had the stream gone on for longer before the filter.
        for (const unit of waiting) {
          if (unit.status !== 'rejected') continue;
          const outOfRange = unit.rejected.code === 'marker_out_of_range';
          if (outOfRange || policy === 'reject-answer') {
            rejected.push(unit.rejected);
            emit({ type: 'rejected', rejected: unit.rejected });
            if (outOfRange) throw outOfRangeError(unit.rejected, passages.length, rejected, attempts);
            throw rejectedError(unit.rejected, rejected, attempts);
          }
        }
      } else {
        const unfinished = isUnfinished(finishReason, rawFinishReason);
        waiting.forEach((unit, index) => {
          if (unfinished && index === waiting.length - 1)
            handleUnfinished(unit, describeFinish(finishReason, rawFinishReason));
          else handle(unit);
        });
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
): SynthesisError {
  const numbers = claim.markers.filter((n) => !(n >= 1 && n <= count));
  return new SynthesisError({
    code: 'marker_out_of_range',
    message: `The answer cites ${formatNumberList(numbers, { max: 5 })}, outside the ${count} source(s) shown (1..${count}); the stream stopped there.`,
    rejected: [...rejected],
    attempts,
  });
}

function rejectedError(
  claim: SynthesisRejectedClaim,
  rejected: SynthesisRejectedClaim[],
  attempts: number,
): SynthesisError {
  return new SynthesisError({
    code: 'rejected_claims',
    message: `A claim failed verification (${claim.code}); policy 'reject-answer' refuses the answer, and the stream stopped there.`,
    rejected: [...rejected],
    attempts,
  });
}
