import { checkArgument, excerpt, InvalidArgumentError, StringMap, StringSet } from '@gk/internal';
import { checkCutoff, readRanked } from './ranking-metrics.js';

const mapEntries = Map.prototype.entries;

/** Whether `value` is a real Map (Map's own methods work on it), from this realm or another. */
function isMap(value: unknown): boolean {
  try {
    Map.prototype.has.call(value, undefined);
    return true;
  } catch {
    return false;
  }
}

/**
 * Normalised discounted cumulative gain at `k` with linear gain: DCG = sum of `gain / log2(rank + 1)` over
 * the first `k` positions (ids missing from `gains` gain 0; a repeated id gains only at its first rank),
 * divided by the DCG of the best possible ordering of `gains`, also cut at `k`. `null` when no id has a
 * positive gain (nothing to find). Throws `InvalidArgumentError` for an invalid `k`, a `ranked` that is no array
 * of id strings, `gains` that are no Map, or a gain that is no finite number >= 0 (-0 reads as 0).
 */
export function ndcgAtK(
  ranked: readonly string[],
  gains: ReadonlyMap<string, number>,
  k: number,
): number | null {
  checkCutoff(k);
  const ids = readRanked(ranked);
  // Read once, through Map's own methods, into a copy: an object that only looks like a Map (or a Map whose `get`
  // disagrees with its entries) could otherwise report gains the validation never saw.
  checkArgument(isMap(gains), 'gains', 'a Map from id to gain', gains);
  const copy = new StringMap<number>();
  const positive: number[] = [];
  for (const [id, gain] of mapEntries.call(gains) as Iterable<[unknown, unknown]>) {
    checkArgument(typeof id === 'string', 'gains', 'a Map with id string keys', id);
    if (!(typeof gain === 'number' && Number.isFinite(gain) && gain >= 0)) {
      throw new InvalidArgumentError({
        parameter: `gains.get(${excerpt(JSON.stringify(id), { length: 60 })})`,
        expected: 'a finite number >= 0',
        received: gain,
      });
    }
    copy.set(id as string, gain + 0); // -0 + 0 is 0
    if (gain > 0) positive.push(gain);
  }
  positive.sort((a, b) => b - a);
  // Gains are divided by the largest first (nDCG does not change), so sums of huge finite gains never overflow.
  const scale = positive[0] ?? 1;
  let ideal = 0;
  for (let index = 0; index < Math.min(k, positive.length); index += 1) {
    ideal += (positive[index] as number) / scale / Math.log2(index + 2);
  }
  if (ideal === 0) return null;
  const seen = new StringSet();
  let actual = 0;
  for (let index = 0; index < Math.min(k, ids.length); index += 1) {
    const id = ids[index] as string;
    if (seen.has(id)) continue;
    seen.add(id);
    actual += (copy.get(id) ?? 0) / scale / Math.log2(index + 2);
  }
  // Equal terms in equal order give exactly `ideal`; the clamp only guards summation-order rounding.
  return Math.min(1, actual / ideal);
}
