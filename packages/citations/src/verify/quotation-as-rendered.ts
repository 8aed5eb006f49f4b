import { shownCodePoint } from '../text/shown-code-point.js';
import { codeSpans } from './parse-markers.js';

// What markup inside a quotation shows of it: the words a page shows, for a second search when the quotation as typed
// is not found. Only markup that shows its words unchanged and hides none is read away; any other stays as typed, so
// a quotation with words a page does not show (`<span hidden>`, a comment, a link's title) is still not found, and
// neither is one with words a page shows as typed (a code span's content, a `](#dest)` that closes no link).

// In one left-to-right pass, as CommonMark reads them: a backslash escape of ASCII punctuation; a numeric or named
// character reference; a plain inline tag without attributes (`<em>`, `</b>`: one with any attribute may hide);
// a link's `[` and its `](destination)` without spaces or parentheses (no title); a run of `*` or `_` (emphasis).
const RENDERED =
  /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));|<\/?(?:b|big|cite|code|dfn|em|i|ins|kbd|mark|samp|small|span|strong|tt|u|var)[ \t]*>|\[(?=[^[\]\n]*\]\([^()\s]*\))|\]\([^()\s]*\)|\*+|_+/gi;
// In an HTML block, which reads no markdown: character references and plain inline tags alone.
const RENDERED_HTML =
  /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));|<\/?(?:b|big|cite|code|dfn|em|i|ins|kbd|mark|samp|small|span|strong|tt|u|var)[ \t]*>/gi;
// Named references to what a quotation may hold, each name followed by its character (HTML's names; case matters).
const NAMED = new Map(
  'amp& lt< gt> quot" apos\' nbsp\u00a0 sol/ colon: comma, period. semi; excl! quest? num# percnt% ast* lowbar_ equals= plus+ commat@ hyphen\u2010 ndash\u2013 mdash\u2014 hellip\u2026 lpar( rpar) lsqb[ rsqb]'
    .split(' ')
    .map((entry) => [entry.slice(0, -1), entry.slice(-1)] as const),
);
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /^\s?$/u;

/**
 * `text` (a quotation's) as a page shows it: escapes and character references decoded, plain inline tags, emphasis
 * and links' destinations read away, and code spans' backticks, their content kept as typed (a code span shows its
 * tags, references, emphasis and links as typed); a `*` or `_` run with a space (or nothing) on both sides, and `_`
 * inside a word, stay, as markdown shows them; a `](destination)` stays unless the pass read away its `[`. Past a run
 * of backticks that no run in the quotation closes (it may pair with one past the quotation's end), all stays as
 * typed. With `html` (a line in an HTML block, which reads no markdown), only character references and plain tags are
 * read away. Linear in the text.
 */
export function quotationAsRendered(text: string, html = false): string {
  if (html) return /[&<]/.test(text) ? text.replace(RENDERED_HTML, readHtml) : text;
  if (!/[\\&<[`*_]/.test(text)) return text;
  const { spans, unpaired } = text.includes('`') ? codeSpans(text) : { spans: [], unpaired: -1 };
  const end = unpaired === -1 ? text.length : unpaired;
  let out = '';
  let at = 0;
  // Markdown text is read stretch by stretch between code spans: a link or emphasis never spans one's edge.
  for (let k = 0; k <= spans.length && at < end; k += 2) {
    const from = Math.min(spans[k] ?? end, end);
    out += readMarkdown(text.slice(at, from));
    if (k === spans.length || from === end) {
      at = from;
      break;
    }
    const to = spans[k + 1]!;
    const code = text.slice(from, to);
    let ticks = 0; // the backticks that open it, counted (`^`+` kept a backtrack entry per tick unoptimized)
    while (code.charCodeAt(ticks) === 0x60) ticks++;
    out += code.slice(ticks, code.length - ticks); // a code span's content, as typed
    at = to;
  }
  return out + text.slice(at);
}

/** A stretch of markdown text outside code spans, read as {@link quotationAsRendered} reads it. */
function readMarkdown(text: string): string {
  let bracket = -1; // where the `]` of the last `[` read away is
  return text.replace(
    RENDERED,
    (whole, escaped?: string, decimal?: string, hex?: string, name?: string, at?: number) => {
      if (escaped !== undefined) return escaped;
      if (decimal !== undefined || hex !== undefined || name !== undefined)
        return readReference(whole, decimal, hex, name);
      if (whole[0] === '[') {
        bracket = text.indexOf(']', at!);
        return '';
      }
      // A destination after a `]` whose `[` was not read away here closes no link: it shows as typed.
      if (whole[0] === ']') return at === bracket ? '' : whole;
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

/** A match of {@link RENDERED_HTML}: a reference decoded, a tag read away. */
function readHtml(whole: string, decimal?: string, hex?: string, name?: string): string {
  return whole[0] === '&' ? readReference(whole, decimal, hex, name) : '';
}

/** The character a numeric or named reference stands for (a name not in {@link NAMED} stays as typed). */
function readReference(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED.get(name) ?? whole;
  return String.fromCodePoint(
    shownCodePoint(decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16)),
  );
}
