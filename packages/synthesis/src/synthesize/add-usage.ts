import type { SynthesisUsage } from './synthesize.js';

/**
 * Adds attempt `attempt`'s token counts to the running total of attempts 1 to `attempt - 1`. A count is a sum over
 * every attempt or `undefined`: one that any attempt did not report (or reported as no count, not a non-negative
 * safe integer, which `@gk/model-kit` reads as `undefined` already) leaves that total `undefined` from then on, so a
 * total is never the sum of some attempts presented as the sum of all.
 */
export function addUsage(total: SynthesisUsage, usage: SynthesisUsage, attempt: number): void {
  const add = (sum: number | undefined, count: number | undefined): number | undefined =>
    !isCount(count) ? undefined : attempt === 1 ? count : sum === undefined ? undefined : sum + count;
  total.inputTokens = add(total.inputTokens, usage.inputTokens);
  total.outputTokens = add(total.outputTokens, usage.outputTokens);
  total.totalTokens = add(total.totalTokens, usage.totalTokens);
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
