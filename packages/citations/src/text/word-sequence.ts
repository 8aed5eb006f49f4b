import { normalizeWithMap } from './normalize-text.js';

/**
 * A text read as whole words: tokens and the separators between them, alternating, each with where it sits in
 * the original text. Tokens are normalised like {@link normalizeWithMap} with `ignoreCase` (NFKD per character,
 * lower-cased; quotes, dashes and spaces unified; invisible characters and controls dropped); in separators,
 * square brackets read as parentheses, as formatSources shows them.
 */
export interface WordSequence {
  /** Tokens and separators, alternating; a separator starts with U+0000 and may be just that (no gap). */
  items: string[];
  /** Original offset where each item starts. */
  start: Int32Array;
  /** Original offset where each item ends (exclusive). */
  end: Int32Array;
}

/** Marks a separator item: normalised text never holds U+0000, so a token can never equal a separator. */
export const SEPARATOR = '\u0000';

// Scripts written without spaces between words: each character is a token of its own there.
const SINGLE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
const MARK = /\p{M}/u;

const NONE = 0;
const SEPARATING = 1;
const TOKEN = 2;
const SINGLE_TOKEN = 3;

/**
 * Reads `text` as whole words. A token is a run of letters, digits and marks, or one character of a script written
 * without spaces (with its marks); everything else separates tokens. Whether a character belongs to a token is
 * decided by the character as written, so `™` (NFKD `TM`) still separates `Acme™Cloud`.
 */
export function wordSequence(text: string): WordSequence {
  const { text: normalized, originalStart, originalEnd } = normalizeWithMap(text, { ignoreCase: true });
  const items: string[] = [];
  // At most two items per normalised unit: a token of one character and the empty separator before it.
  const start = new Int32Array(2 * normalized.length + 1);
  const end = new Int32Array(2 * normalized.length + 1);
  let kind = NONE;
  let from = 0; // where the current item starts in `normalized`
  let lastOriginal = -1;
  let originalWord = false;
  const close = (to: number): void => {
    if (kind === NONE) return;
    const item = normalized.slice(from, to);
    items.push(kind === SEPARATING ? SEPARATOR + foldBrackets(item) : item);
    start[items.length - 1] = originalStart[from]!;
    end[items.length - 1] = originalEnd[to - 1]!;
  };
  const open = (next: number, at: number): void => {
    if (kind !== SEPARATING && kind !== NONE && next !== SEPARATING) {
      // Two tokens in a row: an empty separator between them keeps tokens and separators alternating.
      items.push(SEPARATOR);
      start[items.length - 1] = originalStart[at]!;
      end[items.length - 1] = originalStart[at]!;
    }
    kind = next;
    from = at;
  };
  for (let i = 0; i < normalized.length; ) {
    const unit = normalized.charCodeAt(i);
    const original = originalStart[i]!;
    if (original !== lastOriginal) {
      lastOriginal = original;
      const written = text.charCodeAt(original);
      originalWord = written < 0x80 ? isAsciiWord(written) : isWordCharacter(text, original);
    }
    let next: number;
    let width = 1;
    if (!originalWord) next = SEPARATING;
    else if (unit < 0x80) next = TOKEN;
    else {
      const code = normalized.codePointAt(i)!;
      width = code > 0xffff ? 2 : 1;
      const char = String.fromCodePoint(code);
      if (MARK.test(char) && (kind === TOKEN || kind === SINGLE_TOKEN)) {
        i += width; // a mark stays with the character before it
        continue;
      }
      next = SINGLE.test(char) ? SINGLE_TOKEN : TOKEN;
    }
    if (next !== kind || next === SINGLE_TOKEN) {
      close(i);
      open(next, i);
    }
    i += width;
  }
  close(normalized.length);
  return { items, start: start.subarray(0, items.length), end: end.subarray(0, items.length) };
}

/**
 * Square brackets read as parentheses: formatSources shows `[7]` in passage text as `(7)` so that it cannot pass for
 * a source number, and text copied from the prompt must still match the passage.
 */
const foldBrackets = (separator: string): string =>
  separator.includes('[') || separator.includes(']')
    ? separator.replace(/\[/g, '(').replace(/\]/g, ')')
    : separator;

const isAsciiWord = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);

function isWordCharacter(text: string, at: number): boolean {
  return WORD.test(String.fromCodePoint(text.codePointAt(at)!));
}

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

/** The first position of `pattern` in `items` (whole items), or -1; Knuth–Morris–Pratt, linear in both lengths. */
export function indexOfItems(items: readonly string[], pattern: readonly string[]): number {
  if (pattern.length === 0 || pattern.length > items.length) return -1;
  const failure = new Int32Array(pattern.length);
  for (let i = 1, k = 0; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = failure[k - 1]!;
    if (pattern[i] === pattern[k]) k++;
    failure[i] = k;
  }
  for (let i = 0, k = 0; i < items.length; i++) {
    while (k > 0 && items[i] !== pattern[k]) k = failure[k - 1]!;
    if (items[i] === pattern[k]) k++;
    if (k === pattern.length) return i - pattern.length + 1;
  }
  return -1;
}
