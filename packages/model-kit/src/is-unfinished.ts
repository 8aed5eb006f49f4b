import type { FinishReason } from 'ai';
import { endsSentence } from './ends-sentence.js';

/**
 * Raw finish reasons that the AI SDK maps to `stop` though the turn is not over: Anthropic's `pause_turn`, a long turn
 * paused (as around a server tool such as web search) for the caller to send back and continue. (Its other raw
 * reasons map to what they mean: `refusal` to `content-filter`, `max_tokens` and `model_context_window_exceeded` to
 * `length`; OpenAI's `incomplete_details.reason` and Gemini's reasons never map to `stop`.)
 */
const UNFINISHED_RAW: ReadonlySet<string> = new Set(['pause_turn']);

/**
 * Whether the model may have stopped mid-claim: every finish reason but `stop`, and a `stop` whose raw reason says
 * the turn is not over (Anthropic's `pause_turn`, see UNFINISHED_RAW). `length`, `error` and `interrupted`
 * (AI SDK 7) say so; `tool-calls` stops the text for a tool result that a one-step call never sends back (also when
 * the provider said `stop`, see `finishWithTools`); `other` is what the AI SDK (both majors) and its providers report
 * when no finish reason arrived at all, as when a server or proxy closes the stream mid-answer (ADR 0032), and a
 * provider reason the AI SDK could not map is no promise of a complete answer either. A reason the AI SDK does not
 * define, or none, counts as unfinished, so a reason nobody can read never passes the last claim.
 * `content-filter` is refused before this is asked. A `stop` that the caller's stop sequences may have cut mid-sentence
 * arrives here as `other` (see `finishWithStopSequences`).
 */
export function isUnfinished(finishReason: FinishReason, rawFinishReason: string | undefined): boolean {
  return (
    finishReason !== 'stop' || (typeof rawFinishReason === 'string' && UNFINISHED_RAW.has(rawFinishReason))
  );
}

/**
 * The finish reason of a completion that holds a tool call (or its input, result or error): `tool-calls` where the
 * provider said `stop`, since the text stopped for a tool result; any other reason is already unfinished or refused.
 */
export function finishWithTools(finishReason: FinishReason, holdsTool: boolean): FinishReason {
  return holdsTool && finishReason === 'stop' ? 'tool-calls' : finishReason;
}

/**
 * The finish reason of a completion made with the caller's `stopSequences`: `other` where the provider said `stop`
 * but `text` does not end where a whole reply may (`endsWhole`; a sentence's end, markers and closers aside, by
 * default), since the text may end where one of the sequences cut it. The raw reason cannot tell: Anthropic says
 * `stop_sequence`, OpenAI `stop` for both. Any other reason, and a `stop` without stop sequences, is kept.
 */
export function finishWithStopSequences(
  finishReason: FinishReason,
  stopSequences: unknown,
  text: string,
  endsWhole: (text: string) => boolean = endsSentence,
): FinishReason {
  const cut = finishReason === 'stop' && Array.isArray(stopSequences) && stopSequences.length > 0;
  return cut && !endsWhole(text) ? 'other' : finishReason;
}

/**
 * How a rejection message names the way the model stopped: `'length'`, `'other'` with the provider's reason or none,
 * `'stop'` with the provider's reason when that says the turn is not over (`pause_turn`).
 */
export function describeFinish(finishReason: FinishReason, rawFinishReason: string | undefined): string {
  if (finishReason === 'stop' && isUnfinished(finishReason, rawFinishReason))
    return `'stop' (the provider's ${JSON.stringify(rawFinishReason)})`;
  if (finishReason === 'other') {
    return rawFinishReason === undefined
      ? "'other', no finish reason arrived"
      : `'other' (the provider's ${JSON.stringify(rawFinishReason.slice(0, 40))})`;
  }
  if (typeof finishReason !== 'string') return 'no finish reason';
  return KNOWN.has(finishReason)
    ? `'${finishReason}'`
    : `${JSON.stringify(finishReason.slice(0, 40))}, a finish reason the AI SDK does not define`;
}

const KNOWN: ReadonlySet<string> = new Set([
  'stop',
  'length',
  'content-filter',
  'tool-calls',
  'error',
  'interrupted',
  'other',
]);
