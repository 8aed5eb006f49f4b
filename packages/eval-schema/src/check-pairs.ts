import { checkArgument, isObject } from '@gk/internal';
import type { VerdictPair } from './confusion-matrix.js';

/** Throws `InvalidArgumentError` unless `pairs` is an array of `{ human: boolean, judge: boolean }`. */
export function checkPairs(pairs: readonly VerdictPair[]): void {
  checkArgument(Array.isArray(pairs), 'pairs', 'an array of { human, judge } pairs', pairs);
  for (const [index, pair] of pairs.entries()) {
    const ok = isObject(pair) && typeof pair.human === 'boolean' && typeof pair.judge === 'boolean';
    checkArgument(ok, `pairs[${index}]`, '{ human: boolean, judge: boolean }', pair);
  }
}
