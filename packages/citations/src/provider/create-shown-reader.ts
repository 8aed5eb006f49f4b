import { codeSpans, hiddenSpans } from '../verify/parse-markers.js';
import { quotationAsRendered } from '../verify/quotation-as-rendered.js';
import { attributesOf } from '../verify/reordering-tag.js';
import { createParagraphRuns } from './create-paragraph-runs.js';
import { hidesByStyle } from './hides-by-style.js';

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
// Elements a page shows apart from the text beside them (`7<br>300`, `7<nav>300`): those HTML renders as blocks, list
// items or table parts by default, a line break, an image, a raised or lowered text. Any other element shows its text
// inline (`7<span>300</span>`).
const APART = new RegExp(
  `^</?(?:${[
    'address|article|aside|blockquote|body|br|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset',
    'figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|img|legend|li|listing|main|menu|nav|ol|optgroup',
    'option|p|plaintext|pre|search|section|sub|summary|sup|table|tbody|td|tfoot|th|thead|tr|ul|xmp',
  ].join('|')})(?=[\\t\\n\\f\\r />]|$)`,
  'i',
);
// Elements whose content a page never shows; the first ones hold raw text, read to their own closing tag (`<script>`
// holds no tags). An `svg` draws its text, and `del` shows it struck: both are read as shown.
const RAW_HIDDEN = /^(?:iframe|noembed|noframes|noscript|script|style|title)$/;
const NEVER_SHOWN = /^(?:audio|canvas|datalist|rp|template|video)$/;
// The closing tag of each element RAW_HIDDEN names, made on first use.
const RAW_CLOSE = new Map<string, RegExp>();
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/;
const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)([\s\S]*)/;
// Elements whose opening tag ends the paragraph open (HTML's parser closes the `<p>`), so that the text either side
// shows apart even when the element is hidden (`7<div hidden>x</div>300`). A table is left out: in quirks mode it does
// not.
const ENDS_PARAGRAPH =
  /^(?:address|article|aside|blockquote|center|details|dialog|dir|div|dl|dd|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|li|listing|main|menu|nav|ol|p|plaintext|pre|search|section|summary|ul|xmp)$/;
// Elements after whose opening tag a paragraph open is not known to be the one a block would end (scopes HTML's parser
// does not close a `<p>` across, foreign content), and those whose content is kept as typed across blank lines.
const PARAGRAPH_UNKNOWN = /^(?:applet|button|caption|marquee|math|object|select|svg|table|td|th|template)$/;
const KEEPS_LINES = /^(?:listing|plaintext|pre|textarea|xmp)$/;
// What ends the paragraph an element left open stands in (a blank line, a heading, a quote, a list item, a fence): a
// browser closes the element there, and shows what follows.
const PARAGRAPH_END = /(?:\r\n?|\n)[ \t]*(?:[\r\n#>]|[-+*][ \t]|\d{1,9}[.)][ \t]|```|~~~)/;

/** An element a page hides, open where the text is read: its name and the elements open inside it, by name. */
interface Hidden {
  name: string;
  open: Map<string, number>;
  total: number;
  /** For a closed `<details>`, whether its summary (which shows) was read. */
  summary?: boolean;
}

/** The summary of a closed details, open (it shows): summaries and shown details open in it, and the summary outside. */
interface Summary {
  details: Hidden;
  depth: number;
  nested: number;
  outer: Summary | null;
}

/**
 * Reads any slice of `text` (an answer) as a page shows it, from one reading of the whole text made on first use:
 * character references decoded (those quotationAsRendered decodes, and the names of invisible characters, `&shy;`,
 * `&ZeroWidthSpace;`, as nothing), and what a page shows nothing of read as nothing (comments, declarations,
 * processing instructions, tags of elements shown inline, links' destinations and titles: see hiddenSpans; elements a
 * page hides, tags and content: `<span hidden>`, a style that shows nothing (see hidesByStyle), `<script>`, `<template>`,
 * a closed `<details>` but its `<summary>`) or as a space (tags of elements shown apart, `<br>`, `</p>`, `<nav>`; images;
 * a hidden block that ends the paragraph open, `7<div hidden>x</div>300`, though not where no paragraph is known to be
 * open, as in a heading, list item or table). A code span and an escaped reference show as typed.
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
  const { spans } = hiddenSpans(text, '', code);
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
  let hidden: Hidden | null = null; // the element a page hides that is open where `text` is read
  let summary: Summary | null = null; // the summary of a closed details open where `text` is read
  const runs = createParagraphRuns(text);
  let runEnd = -1; // where the run of lines read ends
  let paragraph = false; // whether a paragraph is known to be open where `text` is read
  let keepsLines = 0; // elements open that keep blank lines as typed
  for (let k = 0, c = 0; k <= spans.length; k += 2) {
    const start = spans[k] ?? text.length;
    const end = spans[k + 1] ?? text.length;
    if (start < from) continue; // inside raw text read away
    if (hidden !== null || summary !== null) {
      const ends = PARAGRAPH_END.exec(text.slice(from, start));
      if (ends !== null) {
        if (hidden !== null) replace(from + ends.index, '');
        hidden = null;
        summary = null;
      }
    }
    if (hidden === null) decode(start);
    else replace(start, '');
    if (k === spans.length) break;
    while (c < code.length && code[c]! < start) c += 2;
    if (code[c] === start && code[c + 1] === end) {
      if (hidden === null) copy(end);
      else replace(end, '');
      continue;
    }
    const span = text.slice(start, end);
    const tag = TAG.exec(span);
    const name = tag === null ? '' : tag[2]!.toLowerCase();
    const opening = tag !== null && tag[1] === '';
    const hides = opening
      ? RAW_HIDDEN.test(name) || NEVER_SHOWN.test(name) || hidesElement(name, tag[3]!)
      : false;
    if (tag !== null && start >= runEnd) {
      const run = runs(start);
      runEnd = run.end;
      paragraph = run.plain && keepsLines === 0;
    }
    // The first summary in a closed details (not inside another element in it) shows.
    const opensSummary =
      opening &&
      name === 'summary' &&
      hidden?.name === 'details' &&
      hidden.total === 0 &&
      hidden.summary === false;
    // Shown apart: an image, an element shown apart, a closed details (a block showing its summary), and a hidden
    // block that ends the paragraph open (the text either side shows apart).
    const apart =
      hides === false
        ? span[0] === '!' || APART.test(span)
        : hides === 'summary' || (paragraph && ENDS_PARAGRAPH.test(name));
    replace(end, (hidden === null && apart) || opensSummary ? ' ' : '');
    if (tag !== null) {
      if (opening)
        paragraph =
          name === 'p' || (paragraph && !ENDS_PARAGRAPH.test(name) && !PARAGRAPH_UNKNOWN.test(name));
      else if (name === 'p') paragraph = false;
      if (KEEPS_LINES.test(name))
        keepsLines = name === 'plaintext' ? 1e9 : Math.max(0, keepsLines + (opening ? 1 : -1));
    }
    if (opening && RAW_HIDDEN.test(name)) replace(rawTextEnd(text, name, end), '');
    else if (opensSummary) {
      hidden!.summary = true;
      summary = { details: hidden!, depth: 1, nested: 0, outer: summary };
      hidden = null;
    } else if (hidden !== null) hidden = afterTag(hidden, name, tag !== null && !opening);
    else if (hides === 'summary') hidden = { name, open: new Map(), total: 0, summary: false };
    else if (hides && !VOID.test(name)) hidden = { name, open: new Map(), total: 0 };
    else if (summary !== null && (name === 'summary' || name === 'details')) {
      const step = opening ? 1 : -1;
      if (name === 'summary') summary.depth += step;
      else summary.nested += step;
      // The summary closes (the rest of its details is hidden), or its details closes it.
      if (summary.depth === 0) [hidden, summary] = [summary.details, summary.outer];
      else if (summary.nested < 0) summary = summary.outer;
    }
  }
  at[text.length] = out.length;
  return { text: out, at };
}

/**
 * The hidden element still open after a tag of element `name` inside it (null once its own closing tag closes it):
 * the elements opened in it are counted by name, and a closing tag closes it only once they are all closed, never
 * before a browser does (`<span hidden><div>x</span>` leaves the span open).
 */
function afterTag(hidden: Hidden, name: string, closing: boolean): Hidden | null {
  if (name === '' || VOID.test(name)) return hidden;
  const count = hidden.open.get(name) ?? 0;
  if (!closing) hidden.open.set(name, count + 1);
  else if (count > 0) hidden.open.set(name, count - 1);
  else if (name === hidden.name && hidden.total === 0) return null;
  else return hidden;
  hidden.total += closing ? -1 : 1;
  return hidden;
}

/** Where the raw text of element `name` opened at `from` ends: past its closing tag, or at the text's end. */
function rawTextEnd(text: string, name: string, from: number): number {
  let close = RAW_CLOSE.get(name);
  if (close === undefined) {
    close = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])[^>]*>?`, 'gi');
    RAW_CLOSE.set(name, close);
  }
  close.lastIndex = from;
  const found = close.exec(text);
  return found === null ? text.length : found.index + found[0].length;
}

/**
 * Whether a tag's attributes (after its name) hide element `name`: `hidden` (whatever its value), a `dialog` without
 * `open`, or a style (the first, references decoded) whose declarations leave it showing nothing (see hidesByStyle);
 * `'summary'` for a `details` without `open`, which shows only its summary.
 */
function hidesElement(name: string, attributes: string): boolean | 'summary' {
  let style: string | undefined;
  let open = false;
  for (const [attribute, value] of attributesOf(attributes)) {
    const lower = attribute.toLowerCase();
    if (lower === 'hidden') return true;
    open ||= lower === 'open';
    if (lower === 'style' && style === undefined) style = value === undefined ? '' : unquoted(value);
  }
  if (style !== undefined && hidesByStyle(quotationAsRendered(style, true), name)) return true;
  return open ? false : name === 'dialog' || (name === 'details' && 'summary');
}

/** What a reference shows: what quotationAsRendered decodes it to, nothing, a space, or else itself as typed. */
function reference(written: string): string {
  const char = quotationAsRendered(written, true);
  if (char !== written) return char;
  return INVISIBLE.test(written) ? '' : BREAK.test(written) ? ' ' : written;
}

/** A value without the quotes around it, if it has them: what `/^(["'])([\s\S]*)\1$/` keeps, read without a loop. */
function unquoted(value: string): string {
  const quote = value[0];
  return value.length >= 2 && (quote === '"' || quote === "'") && value.endsWith(quote)
    ? value.slice(1, -1)
    : value;
}
