import type { SynthesisUsage } from './synthesize.js';

/** Adds one attempt's token counts to the running total; a count the provider did not report stays `undefined`. */
export function addUsage(total: SynthesisUsage, usage: SynthesisUsage): void {
  const add = (a: number | undefined, b: number | undefined): number | undefined =>
    b === undefined ? a : (a ?? 0) + b;
  total.inputTokens = add(total.inputTokens, usage.inputTokens);
  total.outputTokens = add(total.outputTokens, usage.outputTokens);
  total.totalTokens = add(total.totalTokens, usage.totalTokens);
}
