import { isInvisible } from '@gk/internal';
import { isUnicodeSpace } from './is-unicode-space.js';

/** Text normalised for matching, with each normalised code unit mapped back to its original code units. */
export interface NormalizedText {
  text: string;
  /** `originalStart[i]`: where the original character behind normalised unit `i` starts. */
  originalStart: Uint32Array;
  /** `originalEnd[i]`: where that original character ends (exclusive). */
  originalEnd: Uint32Array;
}

/** Options for {@link normalizeWithMap}. */
export interface NormalizeOptions {
  ignoreCase?: boolean;
}

/** C1 controls but NEL (a line break): invisible, and formatSources strips them from the prompt. */
const isC1Control = (code: number): boolean => code >= 0x80 && code <= 0x9f && code !== 0x85;

/**
 * Characters read as the quote, dash or sign they render as: each group is that character, then its look-alikes.
 * They are keyed by their NFKD form and looked up after it, so the superscript, subscript, small and full-width
 * forms of each read as it too (`⁻` is NFKD U+2212, `﹘` U+2014, `％` `%`).
 */
const LOOK_ALIKES = new Map<string, string>();
for (const [sign, ...others] of [
  // the apostrophe's look-alikes too: a spacing acute accent and the modifier letter apostrophe (`can´t`, `canʼt`)
  "'\u2018\u2019\u201a\u201b\u2032\u00b4\u02bc",
  '"\u201c\u201d\u201e\u201f\u2033',
  // dashes, minus and hyphens (¯ is APL's high minus)
  '-\u2010\u2012\u2013\u2014\u2015\u2212\u2796\u02d7\u00af\u2043\u2e3a\u2e3b\u2e17\u2e1a\u2e40\u058a\u05be\u1806',
  '+\u2795\u02d6\u16ed',
  '~\u223c\u223d\u02dc\u2053\u301c\u3030\u02f7',
  '\u2248\u2243\u2245\u224a',
  '\u2264\u2266\u2a7d\u2272',
  '\u2265\u2267\u2a7e\u2273',
  '<\u02c2\u02f1',
  '>\u02c3\u02f2',
  '=\ua78a\u1400\u30a0',
  '%\u066a\u2052',
  '\u2030\u0609',
  '\u2031\u060a',
  '\u00b0\u02da\u2218\u2e30\u25e6\u309c',
  '#\u266f\u2116',
  '/\u2044\u2215',
  ':\u2236',
  '\u00b7\u22c5\u2219\u2e31\u30fb',
])
  for (const other of others) LOOK_ALIKES.set(other.normalize('NFKD'), sign!);

/**
 * The characters whose case folding is not their lower case: final sigma (`ς`, also lunate `ϲ` decomposed) folds to
 * `σ`, the combining ypogegrammeni to `ι` (`ᾳ` is `ΑΙ` in capitals), the Old Cyrillic variant letters (U+1C80–U+1C88)
 * to their letter. Each is one UTF-16 unit for one. Turkish dotted and dotless i are left as lower-casing reads them.
 */
const CASE_FOLDED = /[\u03c2\u0345\u1c80-\u1c88]/g;
const foldCase = (char: string): string => char.toUpperCase().toLowerCase();

/** Maps one code point to its normalised form, or '' to drop it; ' ' marks whitespace. */
export function normalizeCodePoint(code: number, char: string, ignoreCase: boolean): string {
  if (code < 0x80) {
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return ' ';
    // Other controls are invisible and formatSources strips them from the prompt: drop them here too.
    if (code < 0x20 || code === 0x7f) return '';
    if (ignoreCase && code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 32);
    return char;
  }
  // Invisible characters (the one shared definition: Default_Ignorable_Code_Point and the bidi controls).
  if (isC1Control(code) || isInvisible(code)) return '';
  if (code === 0x85 || isUnicodeSpace(code)) return ' ';
  if (code >= 0xd800 && code <= 0xdfff) return char; // a lone surrogate stays itself
  // NFKD per code point keeps the mapping 1:1-or-many (NFKC could merge neighbours); look-alikes after it.
  const decomposed = char.normalize('NFKD');
  const out = LOOK_ALIKES.get(decomposed) ?? decomposed;
  return ignoreCase ? out.toLowerCase().replace(CASE_FOLDED, foldCase) : out;
}

/**
 * Normalises whitespace runs to one space, drops zero-width characters and applies NFKD per code point, then
 * reads curly quotes as straight ones, dashes and minus as '-' and other look-alike signs as the sign (see
 * `LOOK_ALIKES`), keeping a map back to the original offsets.
 */
export function normalizeWithMap(input: string, options: NormalizeOptions = {}): NormalizedText {
  const ignoreCase = options.ignoreCase === true;
  const length = input.length;
  let capacity = length + 16;
  let originalStart: Uint32Array = new Uint32Array(capacity);
  let originalEnd: Uint32Array = new Uint32Array(capacity);
  const parts: string[] = [];
  let size = 0;
  let lastWasSpace = false;
  let i = 0;
  while (i < length) {
    // Fast path: a run of printable ASCII (single spaces included) maps 1:1.
    let j = i;
    while (j < length) {
      const c = input.charCodeAt(j);
      if (c > 0x20 && c < 0x7f) j++;
      else if (c === 0x20 && !(j === i ? lastWasSpace : input.charCodeAt(j - 1) === 0x20)) j++;
      else break;
    }
    if (j > i) {
      if (size + (j - i) > capacity)
        [originalStart, originalEnd, capacity] = grow(originalStart, originalEnd, size, size + (j - i));
      for (let k = i; k < j; k++) {
        originalStart[size] = k;
        originalEnd[size] = k + 1;
        size++;
      }
      const run = input.slice(i, j);
      parts.push(ignoreCase ? run.toLowerCase() : run);
      lastWasSpace = input.charCodeAt(j - 1) === 0x20;
      i = j;
      continue;
    }
    const code = input.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    const char = width === 1 ? input[i]! : input.slice(i, i + 2);
    const out = normalizeCodePoint(code, char, ignoreCase);
    if (out === ' ') {
      if (!lastWasSpace) {
        if (size >= capacity) [originalStart, originalEnd, capacity] = grow(originalStart, originalEnd, size);
        parts.push(' ');
        originalStart[size] = i;
        originalEnd[size] = i + width;
        size++;
        lastWasSpace = true;
      } else {
        originalEnd[size - 1] = i + width;
      }
    } else if (out !== '') {
      for (let k = 0; k < out.length; k++) {
        if (size >= capacity) [originalStart, originalEnd, capacity] = grow(originalStart, originalEnd, size);
        originalStart[size] = i;
        originalEnd[size] = i + width;
        size++;
      }
      parts.push(out);
      lastWasSpace = false;
    }
    i += width;
  }
  return {
    text: parts.join(''),
    originalStart: originalStart.subarray(0, size),
    originalEnd: originalEnd.subarray(0, size),
  };
}

function grow(
  start: Uint32Array,
  end: Uint32Array,
  size: number,
  needed = size + 1,
): [Uint32Array, Uint32Array, number] {
  const capacity = Math.max(needed, size * 2) + 16;
  const nextStart = new Uint32Array(capacity);
  const nextEnd = new Uint32Array(capacity);
  nextStart.set(start.subarray(0, size));
  nextEnd.set(end.subarray(0, size));
  return [nextStart, nextEnd, capacity];
}

/** `input` normalised as {@link normalizeWithMap} normalises it with `ignoreCase`, without the offset map. */
export function foldText(input: string): string {
  let out = '';
  let space = false; // whether `out` ends with a space
  for (const char of input) {
    const folded = normalizeCodePoint(char.codePointAt(0)!, char, true);
    if (folded !== ' ' || !space) out += folded;
    if (folded !== '') space = folded === ' ';
  }
  return out;
}

/**
 * The quotation marks as the normaliser leaves them: `'` and `"` (every single and double form, see `LOOK_ALIKES`),
 * guillemets and corner brackets. A quotation nested in another swaps their family (`"a 'b' c"` quotes `a "b" c`),
 * so quoted words are matched with all of them read as `"`; but for the primes, apostrophes and marks after a number
 * that close no quotation (`5'` is not `5"`, `f′` not `f″`; see `keptQuotationMarks`).
 */
export const QUOTATION_MARKS = '\'"\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f';

/**
 * The text of `normalized` (`original` normalised by {@link normalizeWithMap}) with every {@link QUOTATION_MARKS}
 * mark read as `"` but those `kept` (offsets in `original`, see `keptQuotationMarks`): one unit for one, so the map
 * still holds.
 */
export function foldQuotationMarks(normalized: NormalizedText, kept: ReadonlySet<number>): string {
  const { text, originalStart } = normalized;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (!QUOTATION_MARKS.includes(text[i]!) || kept.has(originalStart[i]!)) continue;
    out += `${text.slice(from, i)}"`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Printable ASCII without two spaces in a row, nor one at the end: such text is only lower-cased and trimmed. Three
 * checks, each a single character class or a substring: a regex repeating `(?: [!-~]+)` keeps a backtrack entry per
 * word, and a long enough text of words overflows V8's stack.
 */
const isPlain = (text: string): boolean =>
  PRINTABLE.test(text) && !text.includes('  ') && !text.endsWith(' ');
const PRINTABLE = /^[ -~]*$/;

/**
 * The same normalisation for comparisons: {@link foldText} (invisible characters and controls dropped, quotes,
 * dashes and whitespace unified, lower-cased), composed (NFC, so the result is NFKC) and trimmed. Plain ASCII skips
 * the Unicode steps.
 */
export function normalizeForComparison(input: string): string {
  return isPlain(input) ? input.toLowerCase().trim() : foldText(input).normalize('NFC').trim();
}
