import { checkArgument, isOptional } from '@gk/internal';
import { streamCompletion } from '@gk/model-kit';
import { addUsage } from '../synthesize/add-usage.js';
import {
  checkSynthesisOptions,
  prepareSynthesis,
  readSynthesisOptions,
  SYNTHESIS_OPTION_KEYS,
} from '../synthesize/prepare-synthesis.js';
import {
  buildSynthesizeResult,
  type SynthesisUsage,
  type SynthesizeOptions,
  type SynthesizeResult,
} from '../synthesize/synthesize.js';
import { refusedReply, SynthesisError } from '../synthesize/synthesis-error.js';
import { createStreamSession } from './create-stream-session.js';
import { EventLog } from './event-log.js';
import type { SynthesisEvent } from './synthesis-event.js';

/** Options for `streamSynthesize`: those of `synthesize`, and a callback for each event. */
export interface StreamSynthesizeOptions extends SynthesizeOptions {
  /**
   * Called with each event in order, before the iterable yields it; awaited when it returns a promise (the
   * iterable, and the reading of the model's stream, wait for it). When it throws, the stream ends with its error
   * and the event is not yielded.
   */
  onEvent?: (event: SynthesisEvent) => void | PromiseLike<void>;
}

/** A synthesis being streamed: its events as they are decided, and its result. */
export interface StreamSynthesizeResult {
  /**
   * Every event in order, `done` last. Each iteration starts from the first event, so a late reader misses
   * nothing; an iteration throws the error that ended the stream after the events decided before it. With
   * `retry`, only the answering attempt's events appear: a discarded attempt's rejections are never yielded.
   */
  events: AsyncIterable<SynthesisEvent>;
  /** What `synthesize` returns for the completion; rejects with the error that ended the stream. */
  result: Promise<SynthesizeResult>;
}

/**
 * `synthesize` on a streamed completion: each claim is verified as soon as the text after it can no longer change
 * it, then released (`claim`) or withheld and reported (`rejected`). Nothing unverified is released, and the
 * final result equals `synthesize`'s for the same completion. The model call starts at once, whether or not the
 * events are read.
 *
 * @example
 * const { events, result } = streamSynthesize({ model, question, passages, policy: 'drop-claims' });
 * for await (const event of events) if (event.type === 'claim') process.stdout.write(event.text);
 * (await result).citations; // built from passages[n - 1], as with synthesize
 */
export function streamSynthesize(options: StreamSynthesizeOptions): StreamSynthesizeResult {
  const log = new EventLog<SynthesisEvent>();
  const result = run(options, log).then(
    (value) => {
      log.close();
      return value;
    },
    (error: unknown) => {
      log.fail(error);
      throw error;
    },
  );
  // The error also ends `events`; a caller who reads only the events must not get an unhandled rejection.
  result.catch(() => {});
  return { events: log, result };
}

/** `streamSynthesize`'s own options: `synthesize`'s and `onEvent`. */
const STREAM_OPTION_KEYS: ReadonlySet<string> = new Set([...SYNTHESIS_OPTION_KEYS, 'onEvent']);
// `createSynthesisUIMessageStream` checks its options here with its own `id` and `onError` still in them; it takes
// them out before it calls `streamSynthesize`, which refuses them.
const UI_STREAM_OPTION_KEYS: ReadonlySet<string> = new Set([...STREAM_OPTION_KEYS, 'id', 'onError']);

/**
 * Refuses bad `streamSynthesize` options with an `InvalidArgumentError`, synchronously; `own` is the option keys
 * that are no AI SDK call setting (default: `streamSynthesize`'s and `createSynthesisUIMessageStream`'s).
 */
export function checkStreamSynthesizeOptions(
  options: unknown,
  own: ReadonlySet<string> = UI_STREAM_OPTION_KEYS,
): asserts options is StreamSynthesizeOptions {
  checkSynthesisOptions(options, own);
  const { onEvent } = options as StreamSynthesizeOptions;
  checkArgument(isOptional(onEvent, 'function'), 'options.onEvent', 'a function', onEvent);
}

async function run(given: StreamSynthesizeOptions, log: EventLog<SynthesisEvent>): Promise<SynthesizeResult> {
  // Bad options are refused here, before any model call.
  const options = readSynthesisOptions(given);
  checkStreamSynthesizeOptions(options, STREAM_OPTION_KEYS);
  const { onEvent, ...synthesizeOptions } = options;
  const prepared = await prepareSynthesis(synthesizeOptions);
  const usage: SynthesisUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  // Events are decided synchronously and delivered in order: each to the callback (awaited), then to the log, so
  // the iterable yields an event only after its callback has returned.
  let delivered = Promise.resolve();
  const deliver = (event: SynthesisEvent): void => {
    delivered = delivered.then(async () => {
      if (onEvent !== undefined) await onEvent(event);
      log.append(event);
    });
  };
  for (let attempt = 1; ; attempt++) {
    // While this attempt may still be retried (attempts left, nothing released), its rejections are held back: a
    // discarded attempt's events are never delivered, so the events describe the answer `result` returns.
    let held: SynthesisEvent[] | undefined = attempt < prepared.maxAttempts ? [] : undefined;
    const release = (): void => {
      for (const event of held ?? []) deliver(event);
      held = undefined;
    };
    const emit = (event: SynthesisEvent): void => {
      if (held !== undefined && event.type === 'rejected') {
        held.push(event);
        return;
      }
      // Any other event (a claim, the end) makes this attempt the final one.
      release();
      deliver(event);
    };
    const session = createStreamSession({
      passages: prepared.passages,
      verify: prepared.verify,
      policy: prepared.policy,
      attempts: attempt,
      emit,
    });
    try {
      let finished: SynthesizeResult | undefined;
      for await (const part of streamCompletion({
        model: prepared.model,
        prompt: prepared.prompt,
        settings: prepared.settings,
      })) {
        if (part.type === 'text') {
          session.push(part.text);
        } else {
          addUsage(usage, part.usage, attempt);
          finished = session.finish(part.finishReason, part.rawFinishReason, (outcome, completion) =>
            buildSynthesizeResult(prepared, outcome, {
              completion,
              finishReason: part.finishReason,
              usage,
              attempts: attempt,
            }),
          );
        }
        await delivered;
      }
      if (finished === undefined) throw new Error('The model stream ended without a finish part.');
      return finished;
    } catch (error) {
      // A retry starts over only when nothing was released: released text cannot be taken back. A reply with a tool
      // call or a part after its finish (a ModelStreamError) is not retried, as in `synthesize`.
      const retry = SynthesisError.isInstance(error) && attempt < prepared.maxAttempts && !session.released;
      if (!retry) release();
      await delivered;
      if (!retry) {
        throw refusedReply(error, {
          attempts: attempt,
          claimsRead: session.claimsRead,
          rejected: [...session.rejected],
        });
      }
    }
  }
}
