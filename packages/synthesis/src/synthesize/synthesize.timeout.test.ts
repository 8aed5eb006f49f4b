// `timeout` ends the call when the model does not read the abort signal, in both paths, with the error the AI SDK
// gives for its own timeout (a review found `synthesize` waiting 600 ms past a 100 ms timeout for such a model).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MockLanguageModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { synthesize } from './synthesize.js';

/**
 * A model that never answers and never reads its abort signal (a local model, middleware, a mock); `called` resolves
 * once it was called, so the clock is moved on only once the call (and its timers) started.
 */
function silentModel(): { model: MockLanguageModel; called: Promise<void> } {
  let call: () => void = () => {};
  const called = new Promise<void>((resolve) => {
    call = resolve;
  });
  const never = (): Promise<never> => {
    call();
    return new Promise<never>(() => {});
  };
  return { model: new MockLanguageModel({ doGenerate: never, doStream: never }), called };
}

const paths = [
  ['synthesize', (options: Parameters<typeof synthesize>[0]) => synthesize(options)],
  ['streamSynthesize', (options: Parameters<typeof synthesize>[0]) => streamSynthesize(options).result],
] as const;

describe.each(paths)('%s: a timeout the model ignores', (_, run) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a number (the total)', 100],
    ['totalMs', { totalMs: 100 }],
    ['stepMs (a completion is one step)', { stepMs: 100 }],
  ])('ends the call with a TimeoutError for %s', async (_, timeout) => {
    const { model, called } = silentModel();
    const outcome = run({ model, question: 'q?', passages, timeout }).catch((error: unknown) => error);
    await called;
    await vi.advanceTimersByTimeAsync(100);
    const error = await Promise.race([outcome, Promise.resolve('still pending')]);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'TimeoutError' });
  });

  it('is not over before its time', async () => {
    let settled = false;
    const { model, called } = silentModel();
    const outcome = run({ model, question: 'q?', passages, timeout: 100 }).finally(() => {
      settled = true;
    });
    outcome.catch(() => {});
    await called;
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
