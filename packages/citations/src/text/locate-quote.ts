import { checkArgument, isOptional } from '@gk/internal';
import { readOptions } from '../decode/read-options.js';
import type { Span } from '../types.js';
import { alignWithWords } from './align-with-words.js';
import { clusterEdges } from './cluster-edges.js';
import { foldDashSpaces } from './fold-dash-spaces.js';
import { keptQuotationMarks } from './kept-quotation-marks.js';
import { foldQuotationMarks, type NormalizedText, normalizeWithMap } from './normalize-text.js';

const MARK = /\p{M}/u;
const ASCII = /^[\x00-\x7f]*$/;
// Characters that normalisation changes or drops: a quote holding one must take the normalised path.
const HAS_SPECIAL = /[^\x20-\x7e]|\s{2}/;
// After a verbatim hit: a combining mark, or a format character normalisation drops and a mark may stand beyond.
const MARK_OR_FORMAT = /[\p{M}\p{Cf}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// ASCII whitespace and punctuation: a verbatim hit between two of them (or the text's ends) starts and ends on words.
const BOUNDARY = /[\t-\r -/:-@[-`{-~]/;
// What joins into a word as wordSequence reads words: a letter, digit or mark of a script written with spaces, but the
// modifier letter apostrophe (`canʼt`), which reads as an apostrophe.
const JOINS =
  /(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u02bc])[\p{L}\p{N}\p{M}]/u;

/** Options for {@link locateQuote}. */
export interface LocateQuoteOptions {
  /** Compare case-insensitively (after normalisation); off by default. */
  ignoreCase?: boolean;
  /**
   * Find the quote only where no letter, digit or mark of a word stands beside either end (as `verifyAnswer` splits
   * words: punctuation, hyphens included, separates them), and never a quote without a letter or digit; off by
   * default. The signs and glued words at a quotation's edges (`-40`, `20%`, `non-toxic`, `1,500`) are not compared:
   * `resolveQuotedRows` compares them, as `verifyAnswer` does.
   */
  wholeWords?: boolean;
}

/** Where the quote sits in the original text (`text.slice(start, end)`), or null when it is absent. */
export type LocateQuoteResult = Span | null;

/**
 * Finds a quotation in a text after normalising whitespace, quote and dash variants (quotation marks of every family
 * compare as one, but primes, apostrophes and marks after a number that close no quotation: `'b'` is found in `"b"`,
 * `5'` not in `5"`, `f′` not in `f″`), the white space beside a dash between two parts (`a — b` is found in `a—b`, `a--b` too;
 * never beside a sign, which is glued to what follows and to no word before it: `to - 5` is not found in `to -5`,
 * `( - 5)` not in `(-5)`, `to—$5` not in `to −$5`; nor white space that holds a line break), NBSP, zero-width
 * characters, compatibility characters (NFKD: `10⁶` holds `106`, `ﬁ` holds `fi`) and (optionally) case, and
 * returns exact offsets in the original text. Bidi controls (embeddings, overrides, isolates, LRM, RLM, ALM) and tag
 * characters are dropped like zero-width characters, though a bidi control can reorder what a quote shows
 * (`\u202E12\u202C` shows `21`) and tags carry text no reader sees: `resolveQuotedRows` refuses both where the
 * passage does not hold them (`verifyAnswer` the bidi controls), and a caller that shows or passes on a quote found
 * here should too. A match never starts or ends inside a character shown as one but written
 * with several code points: a base and its combining marks, a surrogate pair, an emoji with its modifier or joined by
 * ZWJ (`👍` is not found in `👍🏽`), a flag, a Hangul syllable written in jamo, a conjunct, a CR LF.
 */
export function locateQuote(
  quote: string,
  text: string,
  options: LocateQuoteOptions = {},
): LocateQuoteResult {
  const given = readOptions(options, ['ignoreCase', 'wholeWords']); // read once, each key checked
  for (const [name, value] of Object.entries(given)) {
    checkArgument(isOptional(value, 'boolean'), `options.${name}`, 'a boolean', value);
  }
  if (typeof quote !== 'string' || typeof text !== 'string') return null;
  return createQuoteLocator(text, given as LocateQuoteOptions)(quote);
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
  const wholeWords = options.wholeWords === true;
  let haystack: NormalizedText | undefined;
  let spaced: NormalizedText | undefined; // the haystack read by the dash rule
  let lowerAscii: string | null | undefined; // the lower-cased text when it is ASCII, else null
  // Whether the code point at `index` of `source` (a whole one: astral marks and letters included) matches `pattern`.
  const at = (pattern: RegExp, source: string, index: number): boolean =>
    pattern.test(String.fromCodePoint(source.codePointAt(index)!));
  const edge = (index: number): boolean => BOUNDARY.test(text[index] ?? ' '); // the text's ends too
  const onCluster = clusterEdges(text);
  // A soft hyphen at a line break joins the word before it to the one after: a word is then read on the normalised text.
  const softHyphens = wholeWords && text.includes('\u00ad');
  return (quote) => {
    if (typeof quote !== 'string' || (wholeWords && !LETTER_OR_DIGIT.test(quote))) return null;
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
      // Whole words only between plain boundaries here; any other neighbour is read on the normalised text.
      if (
        plain !== -1 &&
        !(end < text.length && at(MARK_OR_FORMAT, text, end)) &&
        onCluster(plain) &&
        onCluster(end) &&
        (!wholeWords || (edge(plain - 1) && edge(end) && !softHyphens))
      ) {
        return { start: plain, end };
      }
    }
    // Quotation marks of every family compare as one, as wordSequence reads them (one unit for one: the map holds).
    // Looked for as written, then with the white space beside a dash between two parts dropped in both (`a — b` is
    // `a—b`; never beside a sign: see foldDashSpaces); a run of dashes the text does not hold as written is then
    // looked for as one dash (`a -- b` is found in `a—b`, not the reverse).
    // Words are read as wordSequence reads them: joined at a soft hyphen at a line break, and (whole words) with
    // numerals of different forms apart (`①500` does not hold `1500`).
    const read = readText(quote);
    const written = read.text.trim();
    if (written === '') return null;
    haystack ??= readText(text);
    const exact = locate(written, haystack);
    if (exact !== null || !written.includes('-')) return exact;
    spaced ??= foldDashSpaces(haystack, text, false);
    const needle = foldDashSpaces(read, quote, false).text.trim();
    const found = needle === written && spaced === haystack ? null : locate(needle, spaced);
    if (found !== null || !needle.includes('--')) return found;
    const single = foldDashSpaces(read, quote).text.trim();
    // A run read as one dash meets a whole run of the text's, never the first dash of a longer one (`aaa--` is not
    // the `aaa-` of `aaa--\u0301`, whose second dash carries a mark).
    const runAt = (edge: (s: string, run: string) => boolean): boolean =>
      edge(needle, '--') && !edge(single, '--');
    return single === needle
      ? null
      : locate(
          single,
          spaced,
          runAt((s, run) => s.startsWith(run)),
          runAt((s, run) => s.endsWith(run)),
        );
  };
  /** `source` normalised, with quotation marks folded, read as words are (see alignWithWords). */
  function readText(source: string): NormalizedText {
    const normalized = normalizeWithMap(source, { ignoreCase });
    normalized.text = foldQuotationMarks(normalized, keptQuotationMarks(source));
    return alignWithWords(normalized, source, { numerals: wholeWords });
  }
  /**
   * Where `needle` is in `normalized` (the text read), cleanly (see below), in the text's offsets; or null. With
   * `runStart`/`runEnd`, the needle's first/last dash stands for a whole run: no dash of the text's may touch it there.
   */
  function locate(
    needle: string,
    normalized: NormalizedText,
    runStart = false,
    runEnd = false,
  ): LocateQuoteResult {
    const { originalStart, originalEnd } = normalized;
    const size = originalStart.length;
    const isMark = (index: number): boolean => at(MARK, normalized.text, index);
    // Two neighbouring units of one word, each read as the character written in the text.
    const joined = (index: number): boolean =>
      at(JOINS, text, originalStart[index - 1]!) && at(JOINS, text, originalStart[index]!);
    const found = findClean(needle, normalized.text, (index) => {
      const next = index + needle.length;
      // Refuse a match that begins or ends inside one character's expansion ('e' of 'é'), starts on a combining
      // mark after its base or ends before one, starts or ends inside a character the text shows as one, or (whole
      // words) starts or ends inside a word.
      return (
        !(runStart && normalized.text[index - 1] === '-') &&
        !(runEnd && normalized.text[next] === '-') &&
        onCluster(originalStart[index]!) &&
        onCluster(originalEnd[next - 1]!) &&
        (index === 0 ||
          (originalStart[index - 1] !== originalStart[index] &&
            !isMark(index) &&
            !(wholeWords && joined(index)))) &&
        (next >= size ||
          (originalStart[next] !== originalStart[next - 1] && !isMark(next) && !(wholeWords && joined(next))))
      );
    });
    return found === -1
      ? null
      : { start: originalStart[found]!, end: originalEnd[found + needle.length - 1]! };
  }
}

/** The first occurrence of `needle` in `haystack` that `isClean` accepts, or -1. */
function findClean(needle: string, haystack: string, isClean: (index: number) => boolean): number {
  const first = haystack.indexOf(needle);
  if (first === -1 || isClean(first)) return first;
  // Refused matches can sit at nearly every position: a KMP scan visits each one without re-comparing the needle.
  for (const index of occurrences(haystack, needle, first + 1)) {
    if (isClean(index)) return index;
  }
  return -1;
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
