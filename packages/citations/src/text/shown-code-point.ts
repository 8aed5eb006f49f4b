// What HTML shows for a numeric character reference to 0x80–0x9F: the Windows-1252 character of that byte, or the
// control itself for the five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
const WINDOWS_1252 =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

/**
 * The code point a numeric character reference to `code` shows, by HTML's rules (which CommonMark follows): 0x80–0x9F
 * through the Windows-1252 table (`&#150;` shows `–`, `&#128;` `€`), and 0, a surrogate or anything past U+10FFFF
 * (or no number) as U+FFFD.
 */
export function shownCodePoint(code: number): number {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252.charCodeAt(code - 0x80);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? code : 0xfffd;
}
