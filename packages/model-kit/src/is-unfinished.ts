import type { FinishReason } from 'ai';

// The reasons a model reports when it stopped on its own: a complete answer, a tool call, a filter (handled apart).
const FINISHED: ReadonlySet<unknown> = new Set(['stop', 'tool-calls', 'content-filter']);

/**
 * Whether the model may have stopped mid-claim: `length`, `error` and `interrupted` (AI SDK 7), and `other` with no
 * raw reason: the AI SDK (both majors) and its providers report it when no finish reason arrived at all, as when a
 * server or proxy closes the stream mid-answer (ADR 0032). `stop`, `tool-calls`, `content-filter` and an `other` the
 * provider named count as finished; anything else (no reason, or one the AI SDK does not define, from a provider
 * that breaks its specification) counts as unfinished, so a reason nobody can read never passes the last claim.
 */
export function isUnfinished(finishReason: FinishReason, rawFinishReason: string | undefined): boolean {
  if (finishReason === 'other') return rawFinishReason === undefined;
  return !FINISHED.has(finishReason);
}

/** How a rejection message names the way the model stopped: `'length'`, or `'other'` with no finish reason. */
export function describeFinish(finishReason: FinishReason, rawFinishReason: string | undefined): string {
  if (finishReason === 'other' && rawFinishReason === undefined) return "'other', no finish reason arrived";
  if (typeof finishReason !== 'string') return 'no finish reason';
  return KNOWN.has(finishReason)
    ? `'${finishReason}'`
    : `${JSON.stringify(finishReason.slice(0, 40))}, a finish reason the AI SDK does not define`;
}

const KNOWN: ReadonlySet<string> = new Set([
  ...FINISHED,
  'length',
  'error',
  'interrupted',
  'other',
] as string[]);
