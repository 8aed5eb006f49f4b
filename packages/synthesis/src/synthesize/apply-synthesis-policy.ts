import {
  type Citation,
  type Claim,
  type Passage,
  type RejectedClaim,
  type RejectionCode,
  type Span,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';
import { excerpt, formatNumberList, isBlank } from '@gk/internal';
import type { FinishReason } from 'ai';
import { acceptedText, continuesSentence, runOnAfter } from './accepted-text.js';
import { describeFinish, isUnfinished } from '@gk/model-kit';
import { SynthesisError, type SynthesisErrorCode } from './synthesis-error.js';

/** What happens to an answer with rejected claims: refuse it whole, or keep the claims that verified. */
export type SynthesisPolicy = 'reject-answer' | 'drop-claims';

/**
 * Why a claim was rejected: the verifier's codes, `unfinished_claim` for a claim the model did not finish, and
 * `part_of_rejected_sentence` for a claim cut because it shares a sentence with a cut one (see
 * {@link cutSentencesOf}).
 */
export type SynthesisRejectionCode = RejectionCode | 'unfinished_claim' | 'part_of_rejected_sentence';

/** A rejected claim as `synthesize` lists it: the verifier's rejections, plus a claim cut off by the model. */
export interface SynthesisRejectedClaim extends Omit<RejectedClaim, 'code'> {
  code: SynthesisRejectionCode;
}

/** The answer a completion yields under a policy, before the model identity and usage are added. */
export interface SynthesisOutcome {
  /** The completion minus every rejected claim (each copy of it); empty when abstained. */
  text: string;
  status: 'answered' | 'abstained';
  /** The claims `text` holds, in order. */
  claims: Claim[];
  /** Deduplicated, in first-mention order, built only from `passages[n - 1]`. */
  citations: Citation[];
  /** Rejected claims in answer order (empty under `'reject-answer'`, which throws instead). */
  rejected: SynthesisRejectedClaim[];
  /** `verifyAnswer`'s verdict on the whole completion, exactly as it returned it. */
  verification: Verification;
}

/** What {@link applySynthesisPolicy} judges: one completion and how the model ended it. */
export interface ApplySynthesisPolicyInput {
  completion: string;
  /** The AI SDK's unified finish reason for the completion. */
  finishReason: FinishReason;
  /** The provider's own finish reason; `undefined` when none arrived. */
  rawFinishReason: string | undefined;
  passages: readonly Passage[];
  /** Options for `verifyAnswer`, `noSourceToken` included. */
  verify: VerifyOptions;
  policy: SynthesisPolicy;
  /** Model calls made so far, recorded on a `SynthesisError`. */
  attempts: number;
  /** `verifyAnswer`'s verdict on `completion` when it was already computed (a stream verifies as it reads). */
  verification?: Verification;
}

/**
 * Verifies a completion and applies the policy: a filtered or blank completion, an out-of-range marker, or no
 * accepted claim is a `SynthesisError` under either policy; other rejections refuse the answer under
 * `'reject-answer'` and are cut out of `text` under `'drop-claims'`. When the model did not finish (finish
 * reason `length`, `error` or `interrupted`, or `other` with no finish reason from the provider: see
 * `isUnfinished`), its last claim is rejected as `unfinished_claim`. A claim that shares a sentence with a cut
 * one is cut with it (`part_of_rejected_sentence`).
 */
export function applySynthesisPolicy(input: ApplySynthesisPolicyInput): SynthesisOutcome {
  const { completion, finishReason, rawFinishReason, passages, verify, policy, attempts } = input;
  if (finishReason === 'content-filter') {
    throw new SynthesisError({
      code: 'content_filter',
      message:
        "The provider stopped the completion with finish reason 'content-filter'; a filtered completion is never an answer.",
      attempts,
    });
  }
  if (isBlank(completion)) {
    throw new SynthesisError({
      code: 'empty_completion',
      message: `The model returned a blank completion (finish reason '${finishReason}').`,
      attempts,
    });
  }
  const verification = input.verification ?? verifyAnswer(completion, passages, verify);
  const unfinished = isUnfinished(finishReason, rawFinishReason);
  const fail = (code: SynthesisErrorCode, message: string, rejected: SynthesisRejectedClaim[]): never => {
    throw new SynthesisError({ code, message, verification, rejected, attempts });
  };

  if (verification.status === 'abstained') {
    if (unfinished && !isNoSourceToken(completion, verify)) {
      fail(
        'no_accepted_claims',
        `The model stopped before finishing (finish reason ${describeFinish(finishReason, rawFinishReason)}) without writing a citation marker; a cut-off completion is not an abstention.`,
        [],
      );
    }
    // An abstention has nothing cited to show; the model's words stay available in `completion`.
    return { text: '', status: 'abstained', claims: [], citations: [], rejected: [], verification };
  }

  const { claims, rejected, last } = unfinished
    ? rejectLastUnit(verification, describeFinish(finishReason, rawFinishReason))
    : { claims: verification.claims, rejected: verification.rejected, last: undefined };
  const outOfRange = verification.rejected.filter((claim) => claim.code === 'marker_out_of_range');
  if (outOfRange.length > 0) {
    const numbers = [
      ...new Set(
        outOfRange.flatMap((claim) => claim.markers).filter((n) => !(n >= 1 && n <= passages.length)),
      ),
    ];
    fail(
      'marker_out_of_range',
      `The answer cites ${formatNumberList(numbers, { max: 5 })}, outside the ${passages.length} source(s) shown (1..${passages.length}).`,
      rejected,
    );
  }
  if (claims.length === 0) {
    fail(
      'no_accepted_claims',
      `None of the ${rejected.length} claim(s) in the answer verified: ${countCodes(rejected)}.`,
      rejected,
    );
  }
  if (rejected.length > 0 && policy === 'reject-answer') {
    fail(
      'rejected_claims',
      `${rejected.length} of ${rejected.length + claims.length} claim(s) failed verification (${countCodes(rejected)}); policy 'reject-answer' refuses the answer.`,
      rejected,
    );
  }
  // The last unit of an unfinished completion is cut even when it repeats an accepted claim.
  const cutUnits = [...rejected.flatMap(spansOf), ...(last === undefined ? [] : [last])];
  const sentences = cutSentencesOf(completion, claims, cutUnits);
  if (sentences.rejected.length > 0) {
    // Reached under 'reject-answer' only when the cut unit is a cut-off repeat of a claim (no rejection of its own).
    const all = [...rejected, ...sentences.rejected].sort((a, b) => a.span.start - b.span.start);
    if (policy === 'reject-answer')
      fail(
        'rejected_claims',
        `${sentences.rejected.length} claim(s) share a sentence with a cut one (part_of_rejected_sentence); policy 'reject-answer' refuses the answer.`,
        all,
      );
    if (sentences.claims.length === 0)
      fail(
        'no_accepted_claims',
        `None of the claims in the answer is left: ${countCodes(all)}; the rest shared a sentence with them.`,
        all,
      );
    return {
      text: acceptedText(completion, [
        ...cutUnits,
        ...sentences.rejected.map((claim) => claim.span),
        ...sentences.runOns,
      ]),
      status: 'answered',
      claims: sentences.claims,
      citations: citationsOf(sentences.claims),
      rejected: all,
      verification,
    };
  }
  return {
    text:
      cutUnits.length === 0
        ? completion.trim()
        : acceptedText(completion, [...cutUnits, ...sentences.runOns]),
    status: 'answered',
    claims,
    citations: claims === verification.claims ? verification.citations : citationsOf(claims),
    rejected,
    verification,
  };
}

/**
 * The accepted units that share a sentence with a cut unit, each rejected as `part_of_rejected_sentence`, and the
 * claims left once they are cut (a claim stays while one of its places is not cut). Units join into a sentence
 * by {@link continuesSentence}: the verifier splits at a soft line break, where Markdown does not, and showing
 * half a sentence may say the opposite of the whole ("It is false that" / "the deposit is returned [1]", or
 * "The deposit is returned [1]" / "only in fairy tales"), or two units split at what may be an abbreviation
 * (`per Art.` / `5 ...`). `runOns` are the lead-ins a cut sentence runs into ({@link runOnAfter}): no claims, cut
 * with it. The stream session cuts the same units as it reads.
 */
function cutSentencesOf(
  completion: string,
  claims: readonly Claim[],
  cutUnits: readonly Span[],
): { claims: Claim[]; rejected: SynthesisRejectedClaim[]; runOns: Span[] } {
  if (cutUnits.length === 0) return { claims: [...claims], rejected: [], runOns: [] };
  const cutStarts = new Set(cutUnits.map((span) => span.start));
  type Unit = { span: Span; claim: Claim | null }; // `claim` null: a cut unit
  const units: Unit[] = cutUnits.map((span) => ({ span, claim: null }));
  for (const claim of claims)
    for (const span of spansOf(claim)) if (!cutStarts.has(span.start)) units.push({ span, claim });
  units.sort((a, b) => a.span.start - b.span.start);
  const joined = new Set<number>(); // starts of the accepted units cut with their sentence
  const runOns: Span[] = []; // lead-ins a cut sentence runs into, cut with it
  let sentence: Unit[] = [];
  const close = (between: string): void => {
    if (sentence.some((unit) => unit.claim === null)) {
      for (const unit of sentence) if (unit.claim !== null) joined.add(unit.span.start);
      const last = sentence[sentence.length - 1]!.span;
      const runOn = runOnAfter(completion.slice(last.start, last.end), between);
      if (runOn !== null) runOns.push({ start: last.end + runOn[0], end: last.end + runOn[1] });
    }
    sentence = [];
  };
  for (const unit of units) {
    const previous = sentence[sentence.length - 1];
    if (previous !== undefined) {
      const between = completion.slice(previous.span.end, unit.span.start);
      const unitText = completion.slice(previous.span.start, previous.span.end);
      const next = completion.slice(unit.span.start, unit.span.end);
      if (!continuesSentence(unitText, between, next)) close(between);
    }
    sentence.push(unit);
  }
  close('');
  if (joined.size === 0) return { claims: [...claims], rejected: [], runOns };
  const rejected: SynthesisRejectedClaim[] = [];
  const kept: Claim[] = [];
  for (const claim of claims) {
    const spans = spansOf(claim);
    for (const span of spans) if (joined.has(span.start)) rejected.push(partOfRejectedSentence(claim, span));
    const left = spans.filter((span) => !joined.has(span.start) && !cutStarts.has(span.start));
    if (!spans.some((span) => joined.has(span.start))) kept.push(claim);
    else if (left.length > 0) {
      const { duplicates: _, ...rest } = claim;
      kept.push(
        left.length === 1
          ? { ...rest, span: left[0]! }
          : { ...rest, span: left[0]!, duplicates: left.slice(1) },
      );
    }
  }
  return { claims: kept, rejected: rejected.sort((a, b) => a.span.start - b.span.start), runOns };
}

/** The rejection of the unit at `span` (one place of `claim`), cut because its sentence holds a cut unit. */
export function partOfRejectedSentence(claim: Claim, span: Span): SynthesisRejectedClaim {
  return {
    text: claim.text,
    span,
    code: 'part_of_rejected_sentence',
    markers: [...new Set(claim.citations.map((citation) => citation.source))],
    message: `Claim "${excerpt(claim.text, { length: 80 })}" shares a sentence with a cut claim (no sentence end and no new paragraph between them); it is cut with it.`,
  };
}

/**
 * Rejects the completion's last unit as `unfinished_claim` and returns its span. A last unit that repeats an
 * earlier claim or rejection was merged into it by the verifier; the earlier one stands, and the caller cuts
 * the repeat out of `text`.
 */
function rejectLastUnit(
  verification: Verification,
  finish: string,
): { claims: Claim[]; rejected: SynthesisRejectedClaim[]; last: Span } {
  const { claims } = verification;
  const rejected: SynthesisRejectedClaim[] = [...verification.rejected];
  let last: Span = { start: -1, end: -1 };
  for (const claim of [...claims, ...rejected])
    for (const span of spansOf(claim)) if (span.start > last.start) last = span;
  const unfinished = (claim: { text: string; span: Span }, markers: number[]): SynthesisRejectedClaim => ({
    text: claim.text,
    span: claim.span,
    code: 'unfinished_claim',
    markers,
    message: `Claim "${excerpt(claim.text, { length: 80 })}" was cut off: the model stopped (finish reason ${finish}) before finishing it.`,
  });
  const claimIndex = claims.findIndex((claim) => claim.span.start === last.start);
  if (claimIndex !== -1) {
    const claim = claims[claimIndex]!;
    rejected.push(unfinished(claim, [...new Set(claim.citations.map((citation) => citation.source))]));
    return { claims: claims.filter((_, index) => index !== claimIndex), rejected, last };
  }
  const rejectedIndex = rejected.findIndex((claim) => claim.span.start === last.start);
  if (rejectedIndex !== -1)
    rejected[rejectedIndex] = unfinished(rejected[rejectedIndex]!, rejected[rejectedIndex]!.markers);
  return { claims, rejected, last };
}

function spansOf(claim: { span: Span; duplicates?: Span[] }): Span[] {
  return claim.duplicates === undefined ? [claim.span] : [claim.span, ...claim.duplicates];
}

function citationsOf(claims: readonly Claim[]): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const citation of claims.flatMap((claim) => claim.citations)) {
    const key = `${citation.source}:${citation.start}:${citation.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    citations.push(citation);
  }
  return citations;
}

function isNoSourceToken(completion: string, verify: VerifyOptions): boolean {
  return verify.noSourceToken !== undefined && completion.trim() === verify.noSourceToken.trim();
}

function countCodes(rejected: readonly SynthesisRejectedClaim[]): string {
  const counts = new Map<string, number>();
  for (const claim of rejected) counts.set(claim.code, (counts.get(claim.code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${count} ${code}`).join(', ');
}
