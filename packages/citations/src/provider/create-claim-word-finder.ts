import { createSubstringIndex } from '../text/substring-index.js';
import type { Span } from '../types.js';
import { createShownReader } from './create-shown-reader.js';

// What ends a run of words written together: an ASCII space or a line break. Any other space (a thin or no-break one)
// joins, as it does between the digits of a number (`7 300` with U+2009, see tagEdges).
const BREAK = /[\t\n\v\f\r \x85\u2028\u2029]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;
const DECIMAL = /\p{Nd}/u;
// Kept as part of a word: a sign, dash or percent (`-40`, `40%`, `$5` are not `40` or `5`); one dash for all.
const SIGN = /[\p{Sm}\p{Sc}\p{So}\p{Pd}%\u2030\u2031]/u;
const DASH = /[\p{Pd}\u2212]/u;
// What may part a number's decimal fraction from it: a point, a comma, the Arabic decimal separator.
const DECIMAL_POINT = /^[.,\u066b]$/;
// Items around a run of digits (so `7300` is not read in `17300` or `73001`, but is in `v7300` and `7300mAh`), and
// between runs of words written apart.
const NUMBER_START = '\u0001';
const NUMBER_END = '\u0003';
const APART = ' ';
// What each ASCII character is, read once: most answers are mostly ASCII.
const OTHER = 0;
const BREAK_KIND = 1;
const LETTER_KIND = 2;
const DIGIT_KIND = 3;
const SIGN_KIND = 4;
const ASCII = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (BREAK.test(char)) return BREAK_KIND;
  if (DIGIT.test(char)) return DIGIT_KIND;
  if (LETTER_OR_DIGIT.test(char)) return LETTER_KIND;
  return SIGN.test(char) ? SIGN_KIND : OTHER;
});
/** How many claims' indexes are kept: citations of one claim, or of claims in turn, come one after another. */
const KEPT = 8;

/**
 * The items `text` reads as, one per character: letters and digits compatibility-decomposed in lower case (`Ｆées` →
 * `fees`), a decimal digit of any script as its ASCII digit (`٧٣٠٠` → `7300`), each run of digits between {@link NUMBER_START} and {@link NUMBER_END}, signs (one `-` for every dash),
 * {@link APART} for a run of ASCII spaces and line breaks; nothing for invisible characters, marks, other spaces and
 * other punctuation (decimal and group separators: `7,300`, `7 300` and `7300` read alike, `2.5` as `25`), but for a
 * decimal fraction's trailing zeros, which are dropped (`7300.00` and `7.300,00` read as `7300`, `2.50` as `25`).
 */
export function foldGlued(text: string): string[] {
  const items: string[] = [];
  let inNumber = false;
  // The number being read: where its last group of digits starts in `items`, the separators between its groups (the
  // first, the last, whether they differ) and one read since its last digit ('' none).
  let group = 0;
  let first = '';
  let last = '';
  let mixed = false;
  let pending = '';
  const endNumber = (): void => {
    if (!inNumber) return;
    // A decimal fraction's trailing zeros say nothing (`7300.00` is `7300`, `2.50` is `2.5`): its separator is the last
    // one, a point or comma, after a group that cannot be a thousands group (not three digits, or after a separator of
    // another kind: `7,300.000`). `7,300` and `7.300` stay as they are, read either way.
    if (DECIMAL_POINT.test(last) && (items.length - group !== 3 || mixed))
      while (items.length > group && items[items.length - 1] === '0') items.pop();
    items.push(NUMBER_END);
    inNumber = false;
  };
  const digit = (): void => {
    if (!inNumber) {
      items.push(NUMBER_START);
      group = items.length;
      first = '';
      last = '';
      mixed = false;
    } else if (pending !== '') {
      if (first === '') first = pending;
      else mixed ||= pending !== first;
      last = pending;
      group = items.length;
    }
    pending = '';
    inNumber = true;
  };
  // Punctuation read inside a number: a separator between two groups if a digit follows (two in a row are none).
  const separator = (char: string): void => {
    if (inNumber) pending = pending === '' ? char : '\uffff';
  };
  for (const raw of text) {
    const code = raw.charCodeAt(0);
    const kind = code < 128 ? ASCII[code] : BREAK.test(raw) ? BREAK_KIND : undefined;
    // A break is read before decomposing: a thin or no-break space decomposes to an ASCII one.
    if (kind === BREAK_KIND) {
      endNumber();
      if (items.length > 0 && items[items.length - 1] !== APART) items.push(APART);
      continue;
    }
    if (kind === LETTER_KIND || kind === DIGIT_KIND) {
      if (kind === DIGIT_KIND) digit();
      else endNumber();
      items.push(code < 91 && code > 64 ? String.fromCharCode(code + 32) : raw);
      continue;
    }
    if (kind !== undefined) {
      if (kind === SIGN_KIND) {
        endNumber();
        items.push(raw);
      } else separator(raw);
      continue;
    }
    for (const char of raw.normalize('NFKD')) {
      if (LETTER_OR_DIGIT.test(char)) {
        const isDigit = DIGIT.test(char);
        if (isDigit) digit();
        else endNumber();
        if (isDigit && char > '9' && DECIMAL.test(char)) items.push(digitValue(char));
        else for (const piece of char.toLowerCase()) items.push(piece);
      } else if (SIGN.test(char)) {
        endNumber();
        items.push(DASH.test(char) ? '-' : char);
      } else separator(char);
    }
  }
  endNumber();
  return items;
}

/** The ASCII digit of a decimal digit of any script (`٣`, `३` → `3`): each script's run of ten starts at zero. */
function digitValue(char: string): string {
  let value = 0;
  for (let code = char.codePointAt(0)! - 1; DECIMAL.test(String.fromCodePoint(code)); code--) value++;
  return String(value % 10);
}

/**
 * A test of whether a span of `answer` states `glued`, a word or number formed where blocks run together: whether
 * the span's items (see {@link foldGlued}) hold the word's anywhere, glued to letters or signs or not (`7300` in
 * `7300mAh`, `v7300`, `7,300-tonne`; not in `17300`, `7 300`, `-7300`; `-40` not in `40`). A span is read as a page
 * shows it (see createShownReader): `7&#51;00`, `7&ZeroWidthSpace;300` and `7<!-- -->300` state `7300`, `7<br>300`
 * does not. Each span is read on the first question about it into a substring index, kept for the next questions
 * (of the last 8 spans asked about); each question costs the word's length. The spans read may total 8 times the answer (plus 64 Ki characters): past
 * that, a new span is not read (undefined).
 */
export function createClaimWordFinder(answer: string): (glued: string, span: Span) => boolean | undefined {
  let budget = 8 * answer.length + 65_536;
  const indexes = new Map<string, (pattern: readonly string[]) => number>();
  const shown = createShownReader(answer);
  return (glued, span) => {
    const word = foldGlued(glued);
    if (word.length === 0) return false;
    const key = `${span.start}:${span.end}`;
    let index = indexes.get(key);
    if (index === undefined) {
      budget -= span.end - span.start;
      if (budget < 0) return undefined;
      index = createSubstringIndex(foldGlued(shown(span.start, span.end)));
      if (indexes.size >= KEPT) indexes.delete(indexes.keys().next().value!);
      indexes.set(key, index);
    }
    return index(word) >= 0;
  };
}
