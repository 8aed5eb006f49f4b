// What markup inside a quotation shows of it: the words a page shows, for a second search when the quotation as typed
// is not found. Only markup that shows its words unchanged and hides none is read away; any other stays as typed, so
// a quotation with words a page does not show (`<span hidden>`, a comment, a link's title) is still not found.

// In one left-to-right pass, as CommonMark reads them: a backslash escape of ASCII punctuation; a numeric or named
// character reference; a plain inline tag without attributes (`<em>`, `</b>`: one with any attribute may hide);
// a link's `[` and its `](destination)` without spaces or parentheses (no title); a run of backticks (a code span
// shows what it holds); a run of `*` or `_` (emphasis).
const RENDERED =
  /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));|<\/?(?:b|big|cite|code|dfn|em|i|ins|kbd|mark|samp|small|span|strong|tt|u|var)[ \t]*>|\[(?=[^[\]\n]*\]\([^()\s]*\))|\]\([^()\s]*\)|`+|\*+|_+/gi;
// Named references to what a quotation may hold, each name followed by its character (HTML's names; case matters).
const NAMED = new Map(
  'amp& lt< gt> quot" apos\' nbsp\u00a0 sol/ colon: comma, period. semi; excl! quest? num# percnt% ast* lowbar_ equals= plus+ commat@ hyphen\u2010 ndash\u2013 mdash\u2014 hellip\u2026 lpar( rpar) lsqb[ rsqb]'
    .split(' ')
    .map((entry) => [entry.slice(0, -1), entry.slice(-1)] as const),
);
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /^\s?$/u;

/**
 * `text` (a quotation's) as a page shows it: escapes and character references decoded, plain inline tags, code spans'
 * backticks, emphasis and links' destinations read away; a `*` or `_` run with a space (or nothing) on both sides,
 * and `_` inside a word, stay, as markdown shows them. Linear in the text.
 */
export function quotationAsRendered(text: string): string {
  if (!/[\\&<[`*_]/.test(text)) return text;
  return text.replace(
    RENDERED,
    (whole, escaped?: string, decimal?: string, hex?: string, name?: string, at?: number) => {
      if (escaped !== undefined) return escaped;
      if (name !== undefined) return NAMED.get(name) ?? whole;
      if (decimal !== undefined || hex !== undefined) {
        const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
          ? '\ufffd'
          : String.fromCodePoint(code);
      }
      if (whole[0] === '*' || whole[0] === '_') {
        const before = text.charAt(at! - 1);
        const after = text.charAt(at! + whole.length);
        if (SPACE.test(before) && SPACE.test(after)) return whole;
        if (whole[0] === '_' && WORD.test(before) && WORD.test(after)) return whole;
      }
      return '';
    },
  );
}
