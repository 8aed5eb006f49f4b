import { suffixArray } from './suffix-array.js';

/** Where a sequence of symbols first occurs in an indexed sequence, found without scanning it. */
export interface SubstringIndex {
  /** The first position at which `pattern` (one or more symbols) occurs, or -1, in O(m log n) steps. */
  first(pattern: Int32Array): number;
}

const BLOCK = 32;

/**
 * Indexes `sequence` (symbols in `1..alphabetSize - 1`) once, in linear time and memory: its suffix array, and a
 * range-minimum structure over it, so that the first of many occurrences is found without visiting them.
 */
export function createSubstringIndex(sequence: ArrayLike<number>, alphabetSize: number): SubstringIndex {
  const n = sequence.length;
  const text = new Int32Array(n + 1); // the sentinel 0 last: it ends every suffix and is below every symbol
  text.set(sequence);
  const sa = suffixArray(text, Math.max(alphabetSize, 2));
  const least = rangeMinimum(sa);

  /** How many suffixes sort below `pattern` (with `orStarting`, below it or starting with it). */
  const rank = (pattern: Int32Array, orStarting: boolean): number => {
    let low = 0;
    let high = n + 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = sa[middle]!;
      let k = 0;
      while (k < pattern.length && text[start + k] === pattern[k]) k++;
      if (k < pattern.length ? text[start + k]! < pattern[k]! : orStarting) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return {
    first(pattern) {
      // The suffixes that start with the pattern sit together in suffix order; the first occurrence is the least.
      const from = rank(pattern, false);
      const to = rank(pattern, true);
      return from < to ? least(from, to - 1) : -1;
    },
  };
}

/** The least of `values[from..to]` (inclusive) in O(BLOCK) steps after O(n) preparation. */
function rangeMinimum(values: Int32Array): (from: number, to: number) => number {
  const scan = (from: number, to: number): number => {
    let least = values[from]!;
    for (let i = from + 1; i <= to; i++) least = Math.min(least, values[i]!);
    return least;
  };
  // levels[k][b]: the least value of the 2^k blocks from block b on.
  const levels = [
    Int32Array.from({ length: Math.ceil(values.length / BLOCK) }, (_, b) =>
      scan(b * BLOCK, Math.min(values.length, (b + 1) * BLOCK) - 1),
    ),
  ];
  for (let k = 1; 2 ** k <= levels[0]!.length; k++) {
    const below = levels[k - 1]!;
    levels.push(below.subarray(2 ** (k - 1)).map((value, b) => Math.min(below[b]!, value)));
  }
  return (from, to) => {
    const first = Math.floor(from / BLOCK) + 1; // the whole blocks inside the range
    const last = Math.floor(to / BLOCK) - 1;
    if (first > last) return scan(from, to);
    const level = 31 - Math.clz32(last - first + 1); // two runs of 2^level blocks cover them
    const table = levels[level]!;
    return Math.min(
      scan(from, first * BLOCK - 1),
      scan((last + 1) * BLOCK, to),
      table[first]!,
      table[last + 1 - 2 ** level]!,
    );
  };
}
