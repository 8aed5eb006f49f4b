import { runClass, stripInvisible } from '@gk/internal';

// What shows nothing beside the invisible characters `stripInvisible` removes: controls that are no whitespace (NUL,
// ESC), the format controls that show nothing alone (`isBlank`'s: U+FFF9–U+FFFB, U+13430–U+1343F) and the Khitan
// small script filler U+16FE4. One set for the package, so that the prompt's neutraliser and the count of distinct
// items read every character alike.
const SHOWS_NOTHING = /[^\P{Cc}\p{White_Space}]|[\ufff9-\ufffb\u{13430}-\u{1343f}\u{16fe4}]/gu;
// A lone surrogate cannot be encoded: UTF-8 sends U+FFFD in its place, whichever surrogate it was.
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * What shows as a gap: whitespace (with NEL and the line separators) and U+2800 BRAILLE PATTERN BLANK, read in runs
 * by searches (`replaceRuns`): a repeated class keeps a backtrack entry per character where V8 does not optimize it
 * (under the `u` flag in a text that is not Latin-1, or in a process that has compiled many regular expressions), and
 * millions of spaces overflowed its stack. The White_Space code points are a stable set, all in the BMP.
 */
export const BLANKS = runClass(
  '\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u2800',
);

/**
 * `text` as a model is shown it: each lone surrogate the U+FFFD sent in its place (before anything is removed, so that
 * no two halves join), without invisible characters (`stripInvisible`) and the others that show nothing. Whitespace and blanks are kept as written.
 */
export function shownText(text: string): string {
  // Lone surrogates first: what shows nothing between two halves does not make them a pair.
  return stripInvisible(text.replace(LONE_SURROGATE, '\ufffd')).replace(SHOWS_NOTHING, '');
}
