import { INVISIBLE_CLASS } from '@gk/internal';
import { type NormalizedText, normalizeWithMap } from '../text/normalize-text.js';
import { firstAtLeast } from './first-at-least.js';

// What normalisation drops: invisible characters (the shared definition) and the controls but whitespace and NEL.
const DROPPED_CHARS = `\\0-\\x08\\x0e-\\x1f\\x7f-\\x84\\x86-\\x9f${INVISIBLE_CLASS.slice(1, -1)}`;
const DROPPED = new RegExp(`[${DROPPED_CHARS}]`, 'u');
// What an exponent follows: a digit or a superscript.
const BASE = /[\p{Nd}\u00b2\u00b3\u00b9\u2070\u2074-\u207e\p{Lm}]/u;
const SUPERSCRIPT = /[\u00b2\u00b3\u00b9\u2070\u2074-\u207e\p{Lm}]/u;
const SUPERSCRIPTS = new RegExp(SUPERSCRIPT.source, 'gu');
const SUPERSCRIPT_DIGIT = /[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]/;

// The dropped characters around a superscript are walked one at a time, not matched by a repeated class: with the
// `u` flag V8 keeps a backtrack entry per character repeated, and overflows past 8 million of them.

/** The character before `at` past what normalisation drops, or '' at the start of `text`. */
function shownBefore(text: string, at: number): string {
  let end = at;
  while (end > 0) {
    const low = text.charCodeAt(end - 1);
    const high = end > 1 ? text.charCodeAt(end - 2) : 0;
    const start = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? end - 2 : end - 1;
    const char = text.slice(start, end);
    if (!DROPPED.test(char)) return char;
    end = start;
  }
  return '';
}

/** The index of the first character at or after `at` that normalisation does not drop. */
function pastDropped(text: string, at: number): number {
  let next = at;
  while (next < text.length) {
    const code = text.codePointAt(next)!;
    if (!DROPPED.test(String.fromCodePoint(code))) break;
    next += code > 0xffff ? 2 : 1;
  }
  return next;
}

/** Whether the superscript `char` at `index` is an exponent: see {@link foldKeepingExponents}. */
function isExponent(text: string, index: number, char: string): boolean {
  const before = shownBefore(text, index);
  return before === '' ? SUPERSCRIPT_DIGIT.test(char) : BASE.test(before);
}

/**
 * `normalizeWithMap(text)`, except that an exponent stays itself, as `wordSequence` keeps a superscript digit or letter
 * after a digit (`10⁶` is not `106`, `10⁻⁶` is not `10-6`, `2ⁿ` is not `2n`): a superscript digit, sign, parenthesis
 * or letter after a digit or another superscript, past invisible characters and controls (`10\u200b²` is not `102`),
 * and a superscript digit that starts the text. Elsewhere a superscript folds to its baseline look-alike (`m²`, `⁻40`).
 * Each unit keeps its map.
 */
export function foldKeepingExponents(text: string): NormalizedText {
  const folded = normalizeWithMap(text);
  const { originalStart } = folded;
  let out = '';
  let last = 0;
  for (const { index, 0: exponent } of text.matchAll(SUPERSCRIPTS)) {
    if (!isExponent(text, index, exponent)) continue;
    // Its folding is the units mapped to it (one: a digit or sign NFKD and the look-alikes give it).
    const unit = firstAtLeast(originalStart, index);
    let next = unit;
    while (next < originalStart.length && originalStart[next] === index) next++;
    if (next - unit !== exponent.length) continue; // it could not keep its map
    out += folded.text.slice(last, unit) + exponent;
    last = next;
  }
  return { ...folded, text: out + folded.text.slice(last) };
}

/**
 * Reads the folding of any slice of `text` from one folding of the whole text ({@link foldKeepingExponents}), made
 * on first use: each read costs a binary search, however long the slice (and a read of the invisible characters it
 * starts with, when a superscript follows them). That is the folding of the slice itself, but for a slice that starts
 * with a superscript, which reads as it does in the whole text. `null` stands for a slice that lies inside one run of
 * whitespace, whose folding is a single space or nothing: blank. Both offsets must be character boundaries.
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
    let lo = firstAtLeast(originalStart, start);
    let prefix = '';
    if (lo > 0 && originalEnd[lo - 1]! > start) {
      if (originalEnd[lo - 1]! > end) return null;
      prefix = ' ';
    }
    const hi = firstAtLeast(originalEnd, end + 1);
    const suffix = hi < size && originalStart[hi]! < end ? ' ' : '';
    // A superscript after the dropped characters the slice starts with starts the slice's own text: it reads as it does
    // there, whatever stands before the slice.
    const at = pastDropped(text, start);
    if (
      prefix === '' &&
      at > start &&
      at < end &&
      SUPERSCRIPT.test(String.fromCodePoint(text.codePointAt(at)!))
    ) {
      let next = lo;
      while (next < size && originalStart[next] === at) next++;
      prefix = foldKeepingExponents(text.slice(start, originalEnd[lo]!)).text;
      lo = next;
    }
    return prefix + folded.text.slice(lo, Math.max(lo, hi)) + suffix;
  };
}
