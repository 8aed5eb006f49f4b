// One definition of the characters that render as nothing: Unicode's Default_Ignorable_Code_Point (soft
// hyphen, zero-width space and joiners, word joiner, BOM, variation selectors, tag characters, Hangul
// fillers, ...) plus every bidi control (ALM, LRM, RLM, embeddings, overrides and isolates). A model can hide
// a marker, an identifier or a whole instruction behind them, so every package strips or refuses the same set.

/** Source of a character class matching one invisible character; use with the `u` flag. */
export const INVISIBLE_CLASS =
  '[\\p{Default_Ignorable_Code_Point}\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]';

const invisibleGlobal = new RegExp(INVISIBLE_CLASS, 'gu');
const invisibleOne = new RegExp(INVISIBLE_CLASS, 'u');
let shown: RegExp | undefined; // built on first use, so that a bundle without isBlank carries none of it

/** Whether the code point `code` is invisible by the shared definition. */
export function isInvisible(code: number): boolean {
  return invisibleOne.test(String.fromCodePoint(code));
}

/** `text` without its invisible characters. */
export function stripInvisible(text: string): string {
  invisibleGlobal.lastIndex = 0;
  return text.replace(invisibleGlobal, '');
}

/** Whether `text` has at least one invisible character. */
export function hasInvisible(text: string): boolean {
  return invisibleOne.test(text);
}

/**
 * Whether `text` shows nothing: empty, or only whitespace, invisible characters, control characters (`\p{Cc}`:
 * NUL, BEL, ESC, ...), blank symbols (U+2800 BRAILLE PATTERN BLANK; the Hangul fillers are invisible already) and
 * format controls that show nothing alone (the interlinear annotation marks U+FFF9–U+FFFB, the Egyptian hieroglyph
 * format controls U+13430–U+1343F, the Khitan small script filler U+16FE4).
 */
export function isBlank(text: string): boolean {
  // The first character that shows, by one negated class: `^[...]*$` repeats a group per character in `u` mode (the
  // class holds astral ranges), which overflows V8's backtrack stack on a string of millions of them.
  shown ??= new RegExp(
    `[^\\s\\p{Cc}\\u2800\\ufff9-\\ufffb\\u{13430}-\\u{1343f}\\u{16fe4}${INVISIBLE_CLASS.slice(1, -1)}]`,
    'u',
  );
  return !shown.test(text);
}
