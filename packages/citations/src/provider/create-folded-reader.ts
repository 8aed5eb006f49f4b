import { normalizeWithMap } from '../text/normalize-text.js';
import { firstAtLeast } from './first-at-least.js';

/**
 * Reads the normaliser's folding (`normalizeWithMap(slice).text`) of any slice of `text` from one folding of
 * the whole text, made on first use: each read costs a binary search, however long the slice. `null` stands
 * for a slice that lies inside one run of whitespace, whose folding is a single space or nothing: blank.
 * Both offsets must be character boundaries.
 */
export function createFoldedReader(text: string): (start: number, end: number) => string | null {
  let folded: ReturnType<typeof normalizeWithMap> | undefined;
  return (start, end) => {
    if (start >= end) return '';
    folded ??= normalizeWithMap(text);
    const { originalStart, originalEnd } = folded;
    const size = originalStart.length;
    // Units lo..hi-1 lie wholly inside the slice. Only a whitespace run (one unit for many characters) can
    // straddle a boundary; its part inside the slice holds one of its spaces unless the slice ends inside it too.
    const lo = firstAtLeast(originalStart, start);
    let prefix = '';
    if (lo > 0 && originalEnd[lo - 1]! > start) {
      if (originalEnd[lo - 1]! > end) return null;
      prefix = ' ';
    }
    const hi = firstAtLeast(originalEnd, end + 1);
    const suffix = hi < size && originalStart[hi]! < end ? ' ' : '';
    return prefix + folded.text.slice(lo, Math.max(lo, hi)) + suffix;
  };
}
