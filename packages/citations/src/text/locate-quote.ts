import { checkArgument, checkOptions, isOptional } from '@gk/internal';
import type { Span } from '../types.js';
import { type NormalizedText, normalizeCodePoint, normalizeWithMap } from './normalize-text.js';

const MARK = /\p{M}/u;
const ASCII = /^[\x00-\x7f]*$/;
// Characters that normalisation changes or drops: a quote holding one must take the normalised path.
const HAS_SPECIAL = /[^\x20-\x7e]|\s{2}/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Read as wordSequence reads words: letters, digits and marks join, except in scripts written without spaces.
const WORD = /[\p{L}\p{N}\p{M}]/u;
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Options for {@link locateQuote}. */
export interface LocateQuoteOptions {
  /** Compare case-insensitively (after normalisation); off by default. */
  ignoreCase?: boolean;
  /**
   * Find the quote only where it starts and ends on word boundaries, as `verifyAnswer` reads words, and never a quote
   * without a letter or digit; off by default (`decodeQuotedRows` and `resolveQuotedRows` always turn it on).
   */
  wholeWords?: boolean;
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
  checkArgument(
    isOptional(options.wholeWords, 'boolean'),
    'options.wholeWords',
    'a boolean',
    options.wholeWords,
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
  const search = createQuoteSearch(text, options);
  return (quote) => {
    const found = search(quote);
    return typeof found === 'string' ? null : found;
  };
}

/** Why a quote was not located: it is not in the text, only inside words (`wholeWords`), or has no letter or digit. */
export type QuoteMiss = 'absent' | 'part_of_word' | 'no_word';

/** {@link createQuoteLocator} that says why a quote was not located. */
export function createQuoteSearch(
  text: string,
  options: LocateQuoteOptions = {},
): (quote: string) => Span | QuoteMiss {
  const ignoreCase = options.ignoreCase === true;
  const wholeWords = options.wholeWords === true;
  let haystack: NormalizedText | undefined;
  let lowerAscii: string | null | undefined; // the lower-cased text when it is ASCII, else null
  return (quote) => {
    if (typeof quote !== 'string') return 'absent';
    if (wholeWords && !LETTER_OR_DIGIT.test(quote)) return 'no_word';
    // A verbatim occurrence needs no normalisation (case-insensitive only where lower-casing keeps ASCII lengths).
    const trimmed = quote.trim();
    if (trimmed !== '' && !HAS_SPECIAL.test(trimmed)) {
      if (ignoreCase && lowerAscii === undefined) lowerAscii = ASCII.test(text) ? text.toLowerCase() : null;
      const plain = !ignoreCase
        ? text.indexOf(trimmed)
        : lowerAscii != null && ASCII.test(trimmed)
          ? lowerAscii.indexOf(trimmed.toLowerCase())
          : -1;
      // Taken only when both edges are plainly clean; anything else is decided on the normalised text.
      if (plain !== -1 && verbatimIsClean(text, plain, plain + trimmed.length, wholeWords)) {
        return { start: plain, end: plain + trimmed.length };
      }
    }
    const needle = normalizeWithMap(quote, { ignoreCase }).text.trim();
    if (needle === '') return 'absent';
    haystack ??= normalizeWithMap(text, { ignoreCase });
    return findNormalized(needle, haystack, text, wholeWords);
  };
}

/** The code point of `text` that ends at `index` (a whole surrogate pair when there is one). */
function codePointBefore(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff
    ? (high - 0xd800) * 0x400 + low - 0xdc00 + 0x10000
    : low;
}

const test = (pattern: RegExp, code: number): boolean => pattern.test(String.fromCodePoint(code));
/** Whether a code point, as written, joins the letters, digits and marks beside it into one word. */
const joins = (code: number): boolean =>
  code < 0x80
    ? (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)
    : test(WORD, code) && !test(SPACELESS, code);
/** Whether normalisation drops a code point (controls, invisible characters): it hides what stands beyond it. */
const dropped = (code: number): boolean => normalizeCodePoint(code, String.fromCodePoint(code), false) === '';

/**
 * Whether a verbatim (printable ASCII) hit at `start..end` is clean without looking further: no combining mark after
 * it and, for whole words, no letter or digit joined to its edges. A dropped character beside it is not clean here.
 */
function verbatimIsClean(text: string, start: number, end: number, wholeWords: boolean): boolean {
  if (end < text.length) {
    const after = text.codePointAt(end)!;
    if (dropped(after) || (after >= 0x80 && test(MARK, after))) return false;
    if (wholeWords && joins(text.charCodeAt(end - 1)) && joins(after)) return false;
  }
  if (!wholeWords || start === 0) return true;
  const before = codePointBefore(text, start);
  return !dropped(before) && !(joins(before) && joins(text.charCodeAt(start)));
}

/**
 * The first occurrence of a normalised needle that begins and ends on whole original characters (and, for
 * `wholeWords`, on word boundaries), or why there is none.
 */
function findNormalized(
  needle: string,
  haystack: NormalizedText,
  text: string,
  wholeWords: boolean,
): Span | QuoteMiss {
  const { originalStart, originalEnd } = haystack;
  const size = originalStart.length;
  const original = (index: number): number => text.codePointAt(originalStart[index]!)!;
  const isMark = (index: number): boolean => test(MARK, haystack.text.codePointAt(index)!);
  let cutWord = false;
  const isClean = (index: number): boolean => {
    const next = index + needle.length;
    // Refuse a match that begins or ends inside one character's expansion ('e' of 'é'), starts on a combining mark
    // after its base, or ends before one; each mark read as a whole code point (astral marks included).
    const startsClean = index === 0 || (originalStart[index - 1] !== originalStart[index] && !isMark(index));
    const endsClean = next >= size || (originalStart[next] !== originalStart[next - 1] && !isMark(next));
    if (!startsClean || !endsClean) return false;
    if (!wholeWords) return true;
    const cuts =
      (index > 0 && joins(original(index - 1)) && joins(original(index))) ||
      (next < size && joins(original(next - 1)) && joins(original(next)));
    cutWord ||= cuts;
    return !cuts;
  };
  const toSpan = (index: number): Span => ({
    start: originalStart[index]!,
    end: originalEnd[index + needle.length - 1]!,
  });
  const first = haystack.text.indexOf(needle);
  if (first === -1) return 'absent';
  if (isClean(first)) return toSpan(first);
  // Refused matches can sit at nearly every position: a KMP scan visits each one without re-comparing the needle.
  for (const index of occurrences(haystack.text, needle, first + 1)) {
    if (isClean(index)) return toSpan(index);
  }
  return cutWord ? 'part_of_word' : 'absent';
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
