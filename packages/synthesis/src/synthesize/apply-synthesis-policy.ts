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
import { acceptedText } from './accepted-text.js';
import { describeFinish, isUnfinished } from '@gk/model-kit';
import { SynthesisError, type SynthesisErrorCode } from './synthesis-error.js';

/** What happens to an answer with rejected claims: refuse it whole, or keep the claims that verified. */
export type SynthesisPolicy = 'reject-answer' | 'drop-claims';

/** Why a claim was rejected: the verifier's codes, and `unfinished_claim` for a claim the model did not finish. */
export type SynthesisRejectionCode = RejectionCode | 'unfinished_claim';

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
 * `isUnfinished`), its last claim is rejected as `unfinished_claim`.
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
  const cut = [...rejected.flatMap(spansOf), ...(last === undefined ? [] : [last])];
  return {
    text: cut.length === 0 ? completion.trim() : acceptedText(completion, cut),
    status: 'answered',
    claims,
    citations: claims === verification.claims ? verification.citations : citationsOf(claims),
    rejected,
    verification,
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
