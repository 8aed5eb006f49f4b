import { checkArgument, InvalidArgumentError, StringSet } from '@gk/internal';
import { readArgument } from './read-argument.js';

// Binary-relevance ranking metrics. `ranked` is best first; a repeated id counts once, at its first rank,
// and its later positions count as non-relevant (a duplicate wastes a slot, it is never skipped over).

/**
 * Throws `InvalidArgumentError` unless `k` is a positive safe integer (0, negatives, fractions, NaN and Infinity
 * are caller bugs, not undefined metrics).
 */
export function checkCutoff(k: number): void {
  if (!Number.isSafeInteger(k) || k < 1) {
    throw new InvalidArgumentError({ parameter: 'k', expected: 'a positive integer', received: k });
  }
}

/**
 * The elements of `array`, its length and each element read once, when it holds an id string at every index; otherwise
 * null. It stops at the first hole or non-string, so a sparse array of length 2^32 - 1 costs what it holds, not its
 * `length`.
 */
function readIds(array: readonly unknown[]): string[] | null {
  const ids: string[] = [];
  for (let index = 0, length = array.length; index < length; index += 1) {
    if (!(index in array)) return null;
    // Read once: a getter or proxy could show the check one id and the metric another.
    const id = array[index];
    if (typeof id !== 'string') return null;
    ids.push(id);
  }
  return ids;
}

/**
 * A copy of `ranked`; throws `InvalidArgumentError` unless it is an array of id strings without holes that reads
 * without throwing.
 */
export function readRanked(ranked: readonly string[]): string[] {
  return readArgument('ranked', () => {
    const ids = Array.isArray(ranked) ? readIds(ranked) : null;
    checkArgument(ids !== null, 'ranked', 'an array of id strings (no holes)', ranked);
    return ids as string[];
  });
}

const setValues = Set.prototype.values;

/**
 * The gold ids; throws `InvalidArgumentError` unless `relevant` is an array (no holes) or a Set of id strings. Any
 * other iterable is refused: a generator or iterator is used up by the first metric that reads it, so the next
 * would see no gold and answer `null` as for a no-answer query. A `relevant` that throws when read is refused too.
 */
function goldSet(relevant: Iterable<string>): StringSet {
  return readArgument('relevant', () => readGold(relevant));
}

/** {@link goldSet} before a throw of the caller's is refused. */
function readGold(relevant: Iterable<string>): StringSet {
  const expected = 'an array (no holes) or Set of id strings';
  let ids: Iterable<unknown> | null = null;
  // An array is read by index, never iterated: iterating a sparse array would visit every index up to `length`.
  if (Array.isArray(relevant)) ids = readIds(relevant);
  else {
    try {
      ids = setValues.call(relevant as Set<unknown>); // Set's own iterator: throws for anything but a real Set
    } catch {
      // Refused below.
    }
  }
  checkArgument(ids !== null, 'relevant', expected, relevant);
  const gold = new StringSet();
  for (const id of ids as Iterable<unknown>) {
    checkArgument(typeof id === 'string', 'relevant', expected, relevant);
    gold.add(id as string);
  }
  return gold;
}

/** Number of distinct relevant ids at their first rank within the first `k` positions. */
function relevantFound(ranked: readonly string[], relevant: StringSet, k: number): number {
  const seen = new StringSet();
  let found = 0;
  const limit = Math.min(k, ranked.length);
  for (let index = 0; index < limit; index += 1) {
    const id = ranked[index] as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (relevant.has(id)) found += 1;
  }
  return found;
}

/**
 * Share of the gold ids found in the first `k` positions; `null` when `relevant` is empty (a no-answer query:
 * no ranking can be right or wrong). Throws `InvalidArgumentError` for an invalid `k`.
 */
export function recallAtK(ranked: readonly string[], relevant: Iterable<string>, k: number): number | null {
  checkCutoff(k);
  const ids = readRanked(ranked);
  const gold = goldSet(relevant);
  if (gold.size === 0) return null;
  return relevantFound(ids, gold, k) / gold.size;
}

/**
 * Distinct gold ids in the first `k` positions divided by `k` (missing positions when the list is shorter
 * than `k` count as misses); `null` when `relevant` is empty. Throws `InvalidArgumentError` for an invalid `k`.
 */
export function precisionAtK(
  ranked: readonly string[],
  relevant: Iterable<string>,
  k: number,
): number | null {
  checkCutoff(k);
  const ids = readRanked(ranked);
  const gold = goldSet(relevant);
  if (gold.size === 0) return null;
  return relevantFound(ids, gold, k) / k;
}

/**
 * 1 when any gold id is in the first `k` positions, else 0; `null` when `relevant` is empty. Throws
 * `InvalidArgumentError` for an invalid `k`.
 */
export function hitRateAtK(ranked: readonly string[], relevant: Iterable<string>, k: number): number | null {
  checkCutoff(k);
  const ids = readRanked(ranked);
  const gold = goldSet(relevant);
  if (gold.size === 0) return null;
  return relevantFound(ids, gold, k) > 0 ? 1 : 0;
}

/** `1 / rank` of the first gold id in the whole list, 0 when none is found; `null` when `relevant` is empty. */
export function reciprocalRank(ranked: readonly string[], relevant: Iterable<string>): number | null {
  const ids = readRanked(ranked);
  const gold = goldSet(relevant);
  if (gold.size === 0) return null;
  // The first relevant position is always an id's first occurrence, so no duplicate bookkeeping is needed.
  for (let index = 0; index < ids.length; index += 1) {
    if (gold.has(ids[index] as string)) return 1 / (index + 1);
  }
  return 0;
}

/**
 * Mean of the reciprocal ranks, skipping `null` (no-answer queries); `null` when no value is left.
 * Throws `InvalidArgumentError` for a value that is no number in [0, 1] or null (NaN, a string, a hole) and for values
 * that throw when read; -0 reads as 0.
 */
export function meanReciprocalRank(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let count = 0;
  readArgument('values', () => {
    checkArgument(Array.isArray(values), 'values', 'an array of reciprocal ranks or null', values);
    // A plain loop: a hole reads as undefined and is refused there, before the rest of a sparse array is visited.
    for (let index = 0, length = values.length; index < length; index += 1) {
      const value: unknown = values[index];
      if (value === null) continue;
      if (!(typeof value === 'number' && value >= 0 && value <= 1)) {
        throw new InvalidArgumentError({
          parameter: `values[${index}]`,
          expected: 'a reciprocal rank in [0, 1] or null',
          received: value,
        });
      }
      sum += value;
      count += 1;
    }
  });
  return count === 0 ? null : sum / count;
}
