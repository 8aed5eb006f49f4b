import { checkArgument, isObject } from '@gk/internal';
import type { VerdictPair } from './confusion-matrix.js';
import { readArgument } from './read-argument.js';

/**
 * A copy of `pairs`, its length and each verdict read once (a getter read twice could pass the check and then count as
 * another verdict); throws `InvalidArgumentError` unless `pairs` is an array of `{ human: boolean, judge: boolean }`
 * that reads without throwing.
 */
export function readPairs(pairs: readonly VerdictPair[]): VerdictPair[] {
  return readArgument('pairs', () => {
    checkArgument(Array.isArray(pairs), 'pairs', 'an array of { human, judge } pairs', pairs);
    const copy: VerdictPair[] = [];
    // A plain loop: a hole reads as undefined and is refused there, before the rest of a sparse array is visited.
    for (let index = 0, length = pairs.length; index < length; index += 1) {
      const pair: unknown = pairs[index];
      const human = isObject(pair) ? pair.human : undefined;
      const judge = isObject(pair) ? pair.judge : undefined;
      const ok = typeof human === 'boolean' && typeof judge === 'boolean';
      checkArgument(ok, `pairs[${index}]`, '{ human: boolean, judge: boolean }', pair);
      copy.push({ human: human as boolean, judge: judge as boolean });
    }
    return copy;
  });
}
