import { readPairs } from './read-pairs.js';
import type { VerdictPair } from './confusion-matrix.js';

/** Share of pairs where judge and human agree; `null` for no pairs (nothing to agree on). */
export function agreementRate(pairs: readonly VerdictPair[]): number | null {
  const copy = readPairs(pairs);
  if (copy.length === 0) return null;
  let agreed = 0;
  for (const { human, judge } of copy) if (human === judge) agreed += 1;
  return agreed / copy.length;
}
