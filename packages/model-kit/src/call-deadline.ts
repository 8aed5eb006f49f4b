/** The limits of the AI SDK's `timeout` call setting that a one-step completion can pass. */
type Limit = 'totalMs' | 'stepMs' | 'firstChunkMs' | 'chunkMs';

/** The time limits of one model call, kept whether or not the model reads its abort signal. */
export interface CallDeadline {
  /** `call`, or the AI SDK's `TimeoutError` as soon as a limit passes (the call's own outcome is then ignored). */
  race<T>(call: Promise<T>): Promise<T>;
  /**
   * The model sent a part of its stream: the `firstChunkMs` limit is met and `chunkMs` starts over, as the AI SDK
   * times them; after the `last` part (its finish), no chunk limit runs.
   */
  chunk(options: { last: boolean }): void;
  /** Clears every timer; the call is over. */
  clear(): void;
}

/** What the AI SDK names each limit in its `TimeoutError` (the total is `AbortSignal.timeout`'s own reason). */
const LABELS: Record<Exclude<Limit, 'totalMs'>, string> = {
  stepMs: 'Step',
  firstChunkMs: 'First chunk',
  chunkMs: 'Chunk',
};

/** Node's timers fire at once for a delay past 2^31 - 1 ms (24.8 days); such a limit is left to the AI SDK. */
const MAX_DELAY = 0x7fffffff;

/**
 * Starts the clock on a model call made with the AI SDK's `timeout` setting: milliseconds for the whole call, or
 * `{ totalMs, stepMs, chunkMs }` (and `firstChunkMs` on AI SDK 7). The AI SDK only aborts the model's signal when a
 * limit passes, and a model that does not read it (a local one, middleware, a mock) would run on, so the limits are
 * kept here too, with the error the AI SDK gives: a `DOMException` named `TimeoutError`. A completion is one step, so
 * its step limit starts with it; `firstChunkMs` and `chunkMs` run only for a `stream` (the AI SDK ignores them for a
 * generate call), and `toolMs` times tools, which a completion never runs.
 */
export function startCallDeadline(timeout: unknown, options: { stream: boolean }): CallDeadline {
  const limits = limitsOf(timeout);
  const timers = new Map<Limit, ReturnType<typeof setTimeout>>();
  let expire: ((error: unknown) => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  expired.catch(() => {});
  const stop = (limit: Limit): void => {
    clearTimeout(timers.get(limit));
    timers.delete(limit);
  };
  const start = (limit: Limit): void => {
    const ms = limits[limit];
    if (ms === undefined) return;
    stop(limit);
    timers.set(
      limit,
      setTimeout(() => expire?.(timeoutError(limit, ms)), ms),
    );
  };
  start('totalMs');
  start('stepMs');
  if (options.stream) start('firstChunkMs');
  return {
    race: (call) => (timers.size === 0 && !options.stream ? call : Promise.race([call, expired])),
    chunk: ({ last }) => {
      if (!options.stream) return;
      stop('firstChunkMs');
      if (last) stop('chunkMs');
      else start('chunkMs');
    },
    clear: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

function timeoutError(limit: Limit, ms: number): DOMException {
  if (limit === 'totalMs')
    return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  return new DOMException(`${LABELS[limit]} timeout of ${ms}ms exceeded`, 'TimeoutError');
}

/** Each limit given as a delay a timer can keep, read once (a caller checks the setting with `checkSettingValues`). */
function limitsOf(timeout: unknown): Partial<Record<Limit, number>> {
  const isDelay = (value: unknown): value is number =>
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DELAY;
  if (typeof timeout === 'number') return isDelay(timeout) ? { totalMs: timeout } : {};
  if (typeof timeout !== 'object' || timeout === null) return {};
  const given = timeout as Partial<Record<Limit, unknown>>;
  const limits: Partial<Record<Limit, number>> = {};
  for (const limit of ['totalMs', 'stepMs', 'firstChunkMs', 'chunkMs'] as const) {
    const value = given[limit];
    if (isDelay(value)) limits[limit] = value;
  }
  return limits;
}
