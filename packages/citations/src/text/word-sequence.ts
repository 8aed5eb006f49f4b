import { keptQuotationMarks } from './kept-quotation-marks.js';
import { normalizeCodePoint, QUOTATION_MARKS } from './normalize-text.js';
import { NOT_NUMERAL, type NumeralKind, numeralKind, numeralsApart } from './numeral-kind.js';

/**
 * A text read as whole words: tokens and the separators between them, alternating, each with where it sits in
 * the original text. Tokens are normalised like `normalizeWithMap` with `ignoreCase` (NFKD per character,
 * lower-cased and case-folded (`ς` as `σ`) unless `keepCase`; quotes, dashes and spaces unified; invisible characters and controls dropped); in separators,
 * square brackets read as parentheses, as formatSources shows them, and quotation marks of every family as `"` but
 * primes, apostrophes and marks after a number that close no quotation (see `keptQuotationMarks`).
 */
export interface WordSequence {
  /** Tokens and separators, alternating; a separator starts with U+0000 and may be just that (no gap). */
  items: string[];
  /** Original offset where each item starts. */
  start: Int32Array;
  /** Original offset where each item ends (exclusive). */
  end: Int32Array;
}

/** Options for {@link wordSequence}. */
export interface WordSequenceOptions {
  /**
   * Keep the case of what is read (off by default: lower-cased). The items are the same, item for item, but for case:
   * a case-sensitive comparison reads words exactly as the case-insensitive one does (a soft hyphen at a line break
   * joins a word, an exponent stays itself).
   */
  keepCase?: boolean;
}

/** Marks a separator item: normalised text never holds U+0000, so a token can never equal a separator. */
export const SEPARATOR = '\u0000';

// Scripts written without spaces between words: each character is a token of its own there.
const SINGLE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// A letter, digit or mark; but the modifier letter apostrophe (`canʼt`), which reads as the apostrophe it looks like.
const WORD = /(?!\u02bc)[\p{L}\p{N}\p{M}]/u;
// Where a run of ASCII letters and digits ends: a search for the first character past it (a repeated class keeps a
// backtrack entry per character where V8 does not optimize it, in a process that has compiled many regular expressions,
// and a word of millions of letters overflowed its stack).
const PAST_ASCII_WORD = /[^0-9A-Za-z]/g;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
// Superscript digits, and modifier letters: the superscript ones (`ⁿ`, `ᵏ`, `ʰ`) and the few subscript ones (`ᵢ`);
// not the ordinal indicators `ª` and `º`, which are other letters and read as their letter after a number.
const SUPERSCRIPT = /(?!\u02bc)[\u00b2\u00b3\u00b9\u2070\u2074-\u2079\p{Lm}]/u;
// A soft hyphen at a line break, before a letter, digit or mark: the word goes on on the next line (`in\u00ad\neffective`
// is `ineffective`, as a soft hyphen within a line reads as nothing).
export const SOFT_BREAK =
  /\u00ad[^\S\n\r\u2028\u2029]*?(?:\r\n?|[\n\u2028\u2029\u0085])[^\S\n\r\u2028\u2029]*?(?=[\p{L}\p{N}\p{M}])/uy;

/**
 * Reads `text` as whole words. A token is a run of letters, digits and marks, or one character of a script written
 * without spaces (with its marks); everything else separates tokens, but a soft hyphen at a line break, which
 * joins the two halves of a word. Numerals of different forms side by side are two tokens with no separator between
 * them (see `numeralsApart`: `①500` is not `1500`, `Ⅱ50` not `II50`). Whether a character belongs to a token is
 * decided by the character as written, so `™` (NFKD `TM`) still separates `Acme™Cloud`. One pass: each character
 * is normalised (see `normalizeWithMap`) and its code points are added to the item they belong to.
 */
export function wordSequence(text: string, options: WordSequenceOptions = {}): WordSequence {
  const ignoreCase = options.keepCase !== true;
  // What the item being read is (kinds from TOKEN up are tokens). Local, so that the minifier writes them as numbers.
  const NONE = 0;
  const SEPARATING = 1;
  const TOKEN = 2;
  const SINGLE_TOKEN = 3;
  const items: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let kind = NONE;
  let item = ''; // the current item, normalised
  let space = false; // whether it ends with a space
  let digit = false; // whether the last character normalisation keeps is a digit or a superscript
  let power = false; // whether it is a decimal digit or an exponent: a superscript sign after it is one too
  let numeral: NumeralKind = NOT_NUMERAL; // how the last character normalisation keeps writes a number
  const kept = keptQuotationMarks(text); // the marks that are no quotation mark: primes, apostrophes, feet
  const open = (next: number, at: number): void => {
    if (kind !== NONE) items.push(item);
    if (kind >= TOKEN && next >= TOKEN) {
      // Two tokens in a row: an empty separator between them keeps tokens and separators alternating.
      items.push(SEPARATOR);
      start.push(at);
      end.push(at);
    }
    kind = next;
    item = next === SEPARATING ? SEPARATOR : '';
    space = false;
    start.push(at);
    end.push(at);
  };
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    if (isAsciiWord(code)) {
      // A run of ASCII letters and digits: one token, or the rest of one.
      PAST_ASCII_WORD.lastIndex = i;
      const to = PAST_ASCII_WORD.exec(text)?.index ?? text.length;
      if (kind !== TOKEN || numeralsApart(numeral, numeralKind(code, ''))) open(TOKEN, i);
      item += ignoreCase ? text.slice(i, to).toLowerCase() : text.slice(i, to);
      end[end.length - 1] = to;
      digit = text.charCodeAt(to - 1) < 0x3a;
      power = digit;
      numeral = numeralKind(text.charCodeAt(to - 1), '');
      i = to;
      continue;
    }
    if (code === 0xad && kind >= TOKEN) {
      SOFT_BREAK.lastIndex = i;
      if (SOFT_BREAK.test(text)) {
        i = SOFT_BREAK.lastIndex;
        continue;
      }
    }
    const width = code > 0xffff ? 2 : 1;
    const written = text.slice(i, i + width);
    const word = code >= 0x80 && WORD.test(written);
    // A superscript digit or letter after a digit (or after such an exponent), read past invisible characters, is an
    // exponent and stays itself (`10⁶` is not `106`, `2ⁿ` not `2n`); elsewhere it reads as the digit or letter (`m²`,
    // `CO₂`, `kʰ`). So is a superscript plus or minus after a decimal digit or an exponent (`10⁻⁶` is not `10-6`, but
    // `Ca²⁺` is `Ca2+`).
    const superscript = code >= 0xb2 && SUPERSCRIPT.test(written);
    const exponent: boolean = (superscript && digit) || ((code === 0x207a || code === 0x207b) && power);
    const form = exponent ? written : normalizeCodePoint(code, written, ignoreCase);
    // A numeral glued to one of another form starts a token of its own; an exponent stays itself, and with its number.
    let apart = false;
    if (form !== '') {
      digit = superscript || exponent || (code >= 0xb2 && DIGIT.test(written));
      power = exponent || (code >= 0xb2 && DIGIT.test(written));
      const writes = numeralKind(code, written);
      apart = !exponent && numeralsApart(numeral, writes);
      numeral = writes;
    }
    for (const char of form) {
      const other = char >= '\x80'; // ASCII is neither a mark nor of a script written without spaces
      // A mark stays with the character before it; so does the ypogegrammeni, case-folded to `ι` (see normalizeCodePoint).
      const stays = word && other && kind >= TOKEN && (MARK.test(char) || code === 0x345);
      const next = !word ? SEPARATING : other && SINGLE.test(char) ? SINGLE_TOKEN : TOKEN;
      if (!stays && (next !== kind || next === SINGLE_TOKEN || apart)) open(next, i);
      apart = false;
      // Whitespace runs read as one space; square brackets as parentheses, the way formatSources shows them;
      // quotation marks of every family as `"`, since a quotation nested in another swaps their family.
      if (char !== ' ' || !space)
        item +=
          char === '['
            ? '('
            : char === ']'
              ? ')'
              : !kept.has(i) && QUOTATION_MARKS.includes(char)
                ? '"'
                : char;
      space = char === ' ';
      end[end.length - 1] = i + width;
    }
    i += width;
  }
  if (kind !== NONE) items.push(item);
  return { items, start: Int32Array.from(start), end: Int32Array.from(end) };
}

const isAsciiWord = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);

/** The items from the first token to the last one (none when there is no token). */
export function trimSeparators(items: readonly string[]): string[] {
  let first = 0;
  let last = items.length - 1;
  while (first <= last && items[first]!.startsWith(SEPARATOR)) first++;
  while (last >= first && items[last]!.startsWith(SEPARATOR)) last--;
  return items.slice(first, last + 1);
}

/** The distinct tokens of a sequence's items. */
export function tokensOf(items: readonly string[]): string[] {
  return [...new Set(items.filter((item) => !item.startsWith(SEPARATOR)))];
}

/**
 * The first position of `pattern` in `items` (whole items) from `from` on, or -1; Knuth–Morris–Pratt, linear in both
 * lengths.
 */
export function indexOfItems(items: readonly string[], pattern: readonly string[], from = 0): number {
  if (pattern.length === 0 || pattern.length > items.length - from) return -1;
  const failure = new Int32Array(pattern.length);
  for (let i = 1, k = 0; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = failure[k - 1]!;
    if (pattern[i] === pattern[k]) k++;
    failure[i] = k;
  }
  for (let i = from, k = 0; i < items.length; i++) {
    while (k > 0 && items[i] !== pattern[k]) k = failure[k - 1]!;
    if (items[i] === pattern[k]) k++;
    if (k === pattern.length) return i - pattern.length + 1;
  }
  return -1;
}
