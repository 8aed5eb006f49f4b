import { type NormalizedText, normalizeWithMap } from '../text/normalize-text.js';
import { firstAtLeast } from './first-at-least.js';

// A superscript digit that is not right after a character other than a digit or superscript digit.
const EXPONENT =
  /(?<![^\p{Nd}\u00b2\u00b3\u00b9\u2070\u2074-\u2079])[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]/gu;

/**
 * `normalizeWithMap(text)`, except that a superscript digit after a digit is an exponent and stays itself, as
 * `wordSequence` reads it (`10⁶` is not `106`), and so does one that starts the text; after anything else it folds
 * to the digit (`m²`). Each unit keeps its map.
 */
export function foldKeepingExponents(text: string): NormalizedText {
  const folded = normalizeWithMap(text);
  let out = '';
  let last = 0;
  for (const { index, 0: exponent } of text.matchAll(EXPONENT)) {
    // Its folding is the one digit NFKD gives it, at the first unit mapped to it.
    const unit = firstAtLeast(folded.originalStart, index);
    out += folded.text.slice(last, unit) + exponent;
    last = unit + 1;
  }
  return { ...folded, text: out + folded.text.slice(last) };
}

/**
 * Reads the folding of any slice of `text` from one folding of the whole text ({@link foldKeepingExponents}), made
 * on first use: each read costs a binary search, however long the slice. That is the folding of the slice itself,
 * but for a slice that starts with a superscript digit, which reads as it does in the whole text. `null` stands
 * for a slice that lies inside one run of whitespace, whose folding is a single space or nothing: blank. Both
 * offsets must be character boundaries.
 */
export function createFoldedReader(text: string): (start: number, end: number) => string | null {
  let folded: NormalizedText | undefined;
  return (start, end) => {
    if (start >= end) return '';
    folded ??= foldKeepingExponents(text);
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
