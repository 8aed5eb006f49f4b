import { codeSpans, hiddenSpans } from '../verify/parse-markers.js';
import { quotationAsRendered } from '../verify/quotation-as-rendered.js';

// What may show otherwise than typed: a reference, markup, a link's destination, an image.
const MAY_CHANGE = /[&<]|\]\(|!\[/;
// A backslash escape of ASCII punctuation (`\&#55;` shows `&#55;`), or a decimal, hexadecimal or named character
// reference, as CommonMark reads them (and quotationAsRendered decodes them).
const ESCAPE_OR_REFERENCE = /\\[!-/:-@[-`{-~]|&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/g;
// Names quotationAsRendered leaves as typed that show nothing (a zero-width space, a soft hyphen, a joiner, an
// invisible operator), and those that show a tab or a line break (read as a space). Any other stays as typed.
const INVISIBLE =
  /^&(?:Negative\w*Space|ZeroWidthSpace|shy|NoBreak|zwn?j|[lr]lm|af|ApplyFunction|it|InvisibleTimes|ic|InvisibleComma);$/;
const BREAK = /^&(?:Tab|NewLine);$/;
// Elements a page shows apart from the text beside them (`7<br>300`), as @gk/echo-check's reader lists them, and an
// image, a raised or lowered text. Any other element shows its text inline (`7<span>300</span>`).
const APART =
  /^<\/?(?:br|p|div|li|[uo]l|d[ldt]|t[rdh]|h[1-6r]|table|blockquote|pre|section|article|header|footer|img|sub|sup)(?=[\t\n\f\r />]|$)/i;

/**
 * Reads any slice of `text` (an answer) as a page shows it, from one reading of the whole text made on first use:
 * character references decoded (those quotationAsRendered decodes, and the names of invisible characters, `&shy;`,
 * `&ZeroWidthSpace;`, as nothing), and what a page shows nothing of read as nothing (comments, declarations,
 * processing instructions, tags of elements shown inline, links' destinations and titles: see hiddenSpans) or as a
 * space (tags of elements shown apart, `<br>`, `</p>`; images). A code span and an escaped reference show as typed.
 * A slice that starts or ends inside something read away reads what it became. Linear in the text; each read costs
 * the slice.
 */
export function createShownReader(text: string): (start: number, end: number) => string {
  // Read on first use; `false` when nothing in the text can show otherwise than typed.
  let shown: { text: string; at: Int32Array } | false | undefined;
  return (start, end) => {
    shown ??= MAY_CHANGE.test(text) && readShown(text);
    return shown === false ? text.slice(start, end) : shown.text.slice(shown.at[start], shown.at[end]);
  };
}

/** `text` as a page shows it, and where each of its offsets falls in that (`at`, one more than its length). */
function readShown(text: string): { text: string; at: Int32Array } {
  const code = text.includes('`') ? codeSpans(text).spans : [];
  const hidden = hiddenSpans(text, '', code).spans;
  const at = new Int32Array(text.length + 1);
  let out = '';
  let from = 0; // how far `text` is read
  const copy = (to: number): void => {
    for (let i = from; i < to; i++) at[i] = out.length + i - from;
    out += text.slice(from, to);
    from = to;
  };
  const replace = (to: number, by: string): void => {
    for (let i = from; i < to; i++) at[i] = out.length;
    out += by;
    from = to;
  };
  // References are read in the text between hidden spans (none holds a `<`, `(`, `!` or backtick, so none crosses one).
  const decode = (to: number): void => {
    const start = from;
    for (const { 0: found, index } of text.slice(start, to).matchAll(ESCAPE_OR_REFERENCE)) {
      if (found[0] === '\\') continue;
      copy(start + index);
      replace(start + index + found.length, reference(found));
    }
    copy(to);
  };
  for (let k = 0, c = 0; k < hidden.length; k += 2) {
    const start = hidden[k]!;
    const end = hidden[k + 1]!;
    decode(start);
    while (c < code.length && code[c]! < start) c += 2;
    if (code[c] === start && code[c + 1] === end) copy(end);
    else {
      const span = text.slice(start, end);
      replace(end, span[0] === '!' || APART.test(span) ? ' ' : ''); // an image, or an element shown apart
    }
  }
  decode(text.length);
  at[text.length] = out.length;
  return { text: out, at };
}

/** What a reference shows: what quotationAsRendered decodes it to, nothing, a space, or else itself as typed. */
function reference(written: string): string {
  const char = quotationAsRendered(written, true);
  if (char !== written) return char;
  return INVISIBLE.test(written) ? '' : BREAK.test(written) ? ' ' : written;
}
