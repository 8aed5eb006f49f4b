import type { Claim } from '@gk/citations';
import type { SynthesisRejectedClaim } from '../synthesize/apply-synthesis-policy.js';
import type { SynthesizeResult } from '../synthesize/synthesize.js';

/**
 * A claim that verified, released: `claim` is the unit with the citations built for it, and `text` is what to
 * append to the answer shown so far (the layout before the claim, such as a line break or a list bullet, then
 * the claim with its markers).
 */
export interface SynthesisClaimEvent {
  type: 'claim';
  claim: Claim;
  text: string;
}

/** A claim that failed its check (or was cut off by the model): withheld, with the reason. */
export interface SynthesisRejectedEvent {
  type: 'rejected';
  rejected: SynthesisRejectedClaim;
}

/** The model abstained (no citation marker, or the no-source token): nothing is cited and nothing is shown. */
export interface SynthesisAbstainedEvent {
  type: 'abstained';
}

/**
 * The stream ended with an answer. `result` is what `synthesize` returns for the same completion; `text` is the
 * last of the released text (layout after the last claim, such as a closing fence; usually empty), so the
 * `text` of every event, joined, is `result.text`.
 */
export interface SynthesisDoneEvent {
  type: 'done';
  result: SynthesizeResult;
  text: string;
}

/** What `streamSynthesize` reports, in order: claims and rejections as their units complete, then the end. */
export type SynthesisEvent =
  | SynthesisClaimEvent
  | SynthesisRejectedEvent
  | SynthesisAbstainedEvent
  | SynthesisDoneEvent;
