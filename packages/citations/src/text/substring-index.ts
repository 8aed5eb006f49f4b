import { suffixArray } from './suffix-array.js';

/** Where a sequence of symbols first occurs in an indexed sequence, found without scanning it. */
export interface SubstringIndex {
  /** The first position at which `pattern` occurs, or -1: O(m log n) comparisons, then O(1) for the first one. */
  first(pattern: Int32Array): number;
}

const BLOCK = 32;

/**
 * Indexes `sequence` (symbols in `1..alphabetSize - 1`) once, in linear time and memory: its suffix array, and a
 * range-minimum structure over it (block minima with a sparse table) so that the first of many occurrences is
 * found without visiting them.
 */
export function createSubstringIndex(sequence: ArrayLike<number>, alphabetSize: number): SubstringIndex {
  const n = sequence.length;
  const text = new Int32Array(n + 1); // the sentinel 0 last
  for (let i = 0; i < n; i++) text[i] = sequence[i]!;
  const sa = suffixArray(text, Math.max(alphabetSize, 2));
  const firstOf = rangeMinimum(sa);

  /** Compares `pattern` with the first `pattern.length` symbols of the suffix at `start`, from `from` on. */
  const compare = (pattern: Int32Array, start: number, from: number): { order: number; common: number } => {
    let k = from;
    while (k < pattern.length) {
      const symbol = text[start + k]!; // the sentinel 0 ends every suffix and is smaller than any symbol
      if (symbol !== pattern[k]) return { order: pattern[k]! < symbol ? -1 : 1, common: k };
      k++;
    }
    return { order: 0, common: k };
  };

  /** The first suffix rank whose prefix is >= pattern (strict: > pattern). */
  const bound = (pattern: Int32Array, strict: boolean): number => {
    let low = 0;
    let high = n + 1; // ranks 0..n: rank 0 is the sentinel suffix
    let lowCommon = 0; // symbols the suffix just below `low` shares with the pattern
    let highCommon = 0;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const { order, common } = compare(pattern, sa[middle]!, Math.min(lowCommon, highCommon));
      if (order > 0 || (order === 0 && strict)) {
        low = middle + 1;
        lowCommon = common;
      } else {
        high = middle;
        highCommon = common;
      }
    }
    return low;
  };

  return {
    first(pattern) {
      if (pattern.length === 0 || pattern.length > n) return -1;
      for (const symbol of pattern) if (!(symbol > 0 && symbol < alphabetSize)) return -1;
      const low = bound(pattern, false);
      if (low > n || compare(pattern, sa[low]!, 0).order !== 0) return -1;
      return firstOf(low, bound(pattern, true) - 1);
    },
  };
}

/** The least value of `values[from..to]` (inclusive) in O(BLOCK) time after O(n) preparation. */
function rangeMinimum(values: Int32Array): (from: number, to: number) => number {
  const blocks = Math.ceil(values.length / BLOCK);
  const levels: Int32Array[] = [new Int32Array(blocks)];
  for (let b = 0; b < blocks; b++)
    levels[0]![b] = scan(values, b * BLOCK, Math.min(values.length, (b + 1) * BLOCK) - 1);
  for (let width = 2, level = 1; width <= blocks; width *= 2, level++) {
    const below = levels[level - 1]!;
    const current = new Int32Array(blocks - width + 1);
    for (let b = 0; b + width <= blocks; b++) current[b] = Math.min(below[b]!, below[b + width / 2]!);
    levels.push(current);
  }
  return (from, to) => {
    const firstBlock = Math.floor(from / BLOCK);
    const lastBlock = Math.floor(to / BLOCK);
    if (lastBlock - firstBlock <= 1) return scan(values, from, to);
    let least = Math.min(
      scan(values, from, (firstBlock + 1) * BLOCK - 1),
      scan(values, lastBlock * BLOCK, to),
    );
    const inner = lastBlock - firstBlock - 1;
    const level = 31 - Math.clz32(inner);
    const table = levels[level]!;
    least = Math.min(least, table[firstBlock + 1]!, table[lastBlock - (1 << level)]!);
    return least;
  };
}

function scan(values: Int32Array, from: number, to: number): number {
  let least = values[from]!;
  for (let i = from + 1; i <= to; i++) if (values[i]! < least) least = values[i]!;
  return least;
}
