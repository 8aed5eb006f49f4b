import type { SynthesisUsage } from './synthesize.js';

/**
 * Adds one attempt's token counts to the running total; a count the provider did not report stays `undefined`, and
 * so does one that is no count (not a non-negative safe integer: `@gk/model-kit` reads such a report as `undefined`
 * already, and a sum of it would be a string or a bare TypeError).
 */
export function addUsage(total: SynthesisUsage, usage: SynthesisUsage): void {
  const add = (a: number | undefined, b: number | undefined): number | undefined =>
    isCount(b) ? (a ?? 0) + b : a;
  total.inputTokens = add(total.inputTokens, usage.inputTokens);
  total.outputTokens = add(total.outputTokens, usage.outputTokens);
  total.totalTokens = add(total.totalTokens, usage.totalTokens);
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
