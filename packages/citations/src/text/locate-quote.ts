import { checkArgument, checkOptions, isOptional } from '@gk/internal';
import type { Span } from '../types.js';
import { type NormalizedText, normalizeWithMap } from './normalize-text.js';

const MARK = /\p{M}/u;
const ASCII = /^[\x00-\x7f]*$/;
// Characters that normalisation changes or drops: a quote holding one must take the normalised path.
const HAS_SPECIAL = /[^\x20-\x7e]|\s{2}/;

/** Options for {@link locateQuote}. */
export interface LocateQuoteOptions {
  /** Compare case-insensitively (after normalisation); off by default. */
  ignoreCase?: boolean;
}

/** Where the quote sits in the original text (`text.slice(start, end)`), or null when it is absent. */
export type LocateQuoteResult = Span | null;

/**
 * Finds a quotation in a text after normalising whitespace, quote and dash variants, NBSP, zero-width
 * characters and (optionally) case, and returns exact offsets in the original text.
 */
export function locateQuote(
  quote: string,
  text: string,
  options: LocateQuoteOptions = {},
): LocateQuoteResult {
  checkOptions(options);
  checkArgument(
    isOptional(options.ignoreCase, 'boolean'),
    'options.ignoreCase',
    'a boolean',
    options.ignoreCase,
  );
  if (typeof quote !== 'string' || typeof text !== 'string') return null;
  return createQuoteLocator(text, options)(quote);
}

/**
 * {@link locateQuote} for many quotes in one text: the text is normalised once, on the first quote that needs
 * it, instead of once per quote.
 */
export function createQuoteLocator(
  text: string,
  options: LocateQuoteOptions = {},
): (quote: string) => LocateQuoteResult {
  const ignoreCase = options.ignoreCase === true;
  let haystack: NormalizedText | undefined;
  let lowerAscii: string | null | undefined; // the lower-cased text when it is ASCII, else null
  return (quote) => {
    if (typeof quote !== 'string') return null;
    // A verbatim occurrence needs no normalisation (case-insensitive only where lower-casing keeps ASCII lengths).
    const trimmed = quote.trim();
    if (trimmed !== '' && !HAS_SPECIAL.test(trimmed)) {
      if (ignoreCase && lowerAscii === undefined) lowerAscii = ASCII.test(text) ? text.toLowerCase() : null;
      const plain = !ignoreCase
        ? text.indexOf(trimmed)
        : lowerAscii != null && ASCII.test(trimmed)
          ? lowerAscii.indexOf(trimmed.toLowerCase())
          : -1;
      const end = plain + trimmed.length;
      if (plain !== -1 && !(end < text.length && MARK.test(text[end]!))) return { start: plain, end };
    }
    const needle = normalizeWithMap(quote, { ignoreCase }).text.trim();
    if (needle === '') return null;
    haystack ??= normalizeWithMap(text, { ignoreCase });
    return findNormalized(needle, haystack);
  };
}

/** The first occurrence of a normalised needle that begins and ends on whole original characters. */
function findNormalized(needle: string, haystack: NormalizedText): LocateQuoteResult {
  const { originalStart, originalEnd } = haystack;
  const isClean = (index: number): boolean => {
    const last = index + needle.length - 1;
    // Refuse a match that begins or ends inside one character's expansion ('e' of 'é') or before a combining mark.
    const startsClean = index === 0 || originalStart[index - 1] !== originalStart[index];
    const endsClean =
      last + 1 >= originalStart.length ||
      (originalStart[last + 1] !== originalStart[last] && !MARK.test(haystack.text[last + 1]!));
    return startsClean && endsClean;
  };
  const toSpan = (index: number): Span => ({
    start: originalStart[index]!,
    end: originalEnd[index + needle.length - 1]!,
  });
  const first = haystack.text.indexOf(needle);
  if (first === -1) return null;
  if (isClean(first)) return toSpan(first);
  // Refused matches can sit at nearly every position: a KMP scan visits each one without re-comparing the needle.
  for (const index of occurrences(haystack.text, needle, first + 1)) {
    if (isClean(index)) return toSpan(index);
  }
  return null;
}

/** Start positions of `needle` in `text` from `from` on, by Knuth–Morris–Pratt: linear in both lengths. */
function* occurrences(text: string, needle: string, from: number): Generator<number> {
  const failure = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle.charCodeAt(i) !== needle.charCodeAt(k)) k = failure[k - 1]!;
    if (needle.charCodeAt(i) === needle.charCodeAt(k)) k++;
    failure[i] = k;
  }
  for (let i = from, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== needle.charCodeAt(k)) k = failure[k - 1]!;
    if (text.charCodeAt(i) === needle.charCodeAt(k)) k++;
    if (k === needle.length) {
      yield i - needle.length + 1;
      k = failure[k - 1]!;
    }
  }
}
