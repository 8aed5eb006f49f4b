import type { FinishReason } from 'ai';

// The output limit, a provider error, an interruption (AI SDK 7): the model may have stopped mid-claim.
const UNFINISHED: ReadonlySet<string> = new Set(['length', 'error', 'interrupted']);

/**
 * Whether the model may have stopped mid-claim. Besides `length`, `error` and `interrupted`, that is `other`
 * with no raw reason: the AI SDK (both majors) and its providers report it when no finish reason arrived at all,
 * as when a server or proxy closes the stream mid-answer (ADR 0032).
 * `stop`, `tool-calls` and an `other` the provider named count as finished.
 */
export function isUnfinished(finishReason: FinishReason, rawFinishReason: string | undefined): boolean {
  return UNFINISHED.has(finishReason) || (finishReason === 'other' && rawFinishReason === undefined);
}

/** How a rejection message names the way the model stopped: `'length'`, or `'other'` with no finish reason. */
export function describeFinish(finishReason: FinishReason, rawFinishReason: string | undefined): string {
  return finishReason === 'other' && rawFinishReason === undefined
    ? "'other', no finish reason arrived"
    : `'${finishReason}'`;
}
