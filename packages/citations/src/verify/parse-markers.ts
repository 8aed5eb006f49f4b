import { checkArgument, checkOptionKeys, checkOptions, isOptional } from '@gk/internal';
import { blockContainersEnd, spacesEnd } from './block-containers-end.js';
import { type Fence, fenceAfter, mayHoldFence } from './code-fence.js';
import { containerMarksEnd } from './container-marks-end.js';
import { commentSpans, HIDDEN_OPENER, isEscaped } from './html-comments.js';
import { htmlTagEnd } from './html-tag-end.js';
import { refuseUnreadable } from './refuse-unreadable.js';
/** One citation marker found in a text: the numbers it names and where it sits (UTF-16, end-exclusive). */
export interface Marker {
  numbers: number[];
  start: number;
  end: number;
}

/** Options for {@link parseMarkers}. */
export interface ParseMarkersOptions {
  /** Accept ranges such as `[1-3]` (hyphen or en dash); off by default. */
  ranges?: boolean;
}

/** Every marker in the text, in order. */
export type ParseMarkersResult = Marker[];

/**
 * Ranges longer than this are not expanded: the marker names only their two ends. Nor is a range that would take
 * its marker past this many numbers in all (`[1-999, 1-999, ...]`), so a marker holds at most this many numbers
 * beyond two per range and one per number it writes.
 */
export const MAX_RANGE_LENGTH = 1000;

/**
 * Whether ranges are markers. `true` expands each; a number, the verifiers' passage count, expands only the numbers up
 * to it, and writes those past it (none a source shown) as a tail, `-from, to`: the work per marker is bounded by the
 * passage count, not the range's length, and {@link uniqueNumbers} reads each number of the tails once.
 */
export type Ranges = boolean | number;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0xa0;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * Finds every citation marker: `[` digits (separator digits)* `]`, where a separator is `,` or `;` (spaces
 * around it optional) or the lower-case word `and` with spaces on both sides, alone or after a comma
 * (`[2 and 4]`, `[1, 2, and 3]`); spaces are spaces, tabs and no-break spaces, ASCII digits only; `[01]` is 1,
 * and a number past 2^53 stays a number past 2^53 (never wraps). A `[n]` inside a code span (`` `items[1]` ``, backticks
 * paired as CommonMark pairs them, within a line) or on a line of a fenced code block (from a line of three or more
 * backticks or tildes to the line that closes it) is code, not a marker; one inside an HTML comment (`<!--` to the
 * next `-->`, across lines too, or to the end) is hidden, not a marker, as is one in a CDATA section, a declaration or
 * a processing instruction (`<![CDATA[[1]]]>`, `<!doctype [1]>`, `<?[1]?>`), and one in an image's alt text
 * (`![1](chart.png)`, `![chart [1]](chart.png)`: a renderer shows the image, not its alt text) or in a link's
 * destination (`[the guide](https://example.org/a[1])`) or an HTML tag (`<img alt="[1]">`). A line in an HTML block
 * (from a line that opens one, `<div>`, `<p>` or `<!--` at its start past its block quotes and list items, to a blank
 * line, or for `<!--` to a line with `-->`) is raw HTML: its backticks, alt texts and destinations hide nothing.
 *
 * @example parseMarkers('Water boils at 100 °C [1][3].') // [{ numbers: [1], start: 22, end: 25 }, ...]
 */
export function parseMarkers(text: string, options: ParseMarkersOptions = {}): ParseMarkersResult {
  checkArgument(typeof text === 'string', 'text', 'a string', text);
  checkOptions(options);
  let ranges: unknown;
  try {
    checkOptionKeys(options, ['ranges']);
    ({ ranges } = options); // read once
  } catch (cause) {
    refuseUnreadable(cause, 'options', 'options');
  }
  checkArgument(isOptional(ranges, 'boolean'), 'options.ranges', 'a boolean', ranges);
  return findMarkers(text, ranges === true);
}

/**
 * {@link parseMarkers} for callers that pass a string and have checked their options; the offset of each line that
 * opens or closes a fenced code block goes into `fences`, when given, and that of each line an HTML comment or the
 * like runs into, with the comment's closer, into `comments`, and that of each line in an HTML block into `html`.
 */
export function findMarkers(
  text: string,
  ranges: Ranges,
  fences?: number[],
  comments?: Map<number, string>,
  html?: number[],
  code?: number[],
): Marker[] {
  if (!mayHoldFence(text) && !HIDDEN_OPENER.test(text) && !text.includes('<'))
    return findSpanMarkers(text, ranges);
  // A `[n]` in a fenced code block or an HTML comment (or the like) hides too, and a line in an HTML block reads no
  // markdown: the lines are read one by one.
  const markers: Marker[] = [];
  const scan: MarkerScan = { fence: null, comment: '', html: '', paragraph: false };
  let start = 0;
  for (let end = nextLineBreak(text, 0); start <= text.length; end = nextLineBreak(text, start)) {
    // CommonMark breaks no line at U+2028 or U+2029: a fence beside one may open or close anywhere.
    const joined = SEPARATOR.test(text.charAt(start - 1) + text.charAt(end));
    if (scan.comment !== '') comments?.set(start, scan.comment);
    const found = scanLineMarkers(scan, text.slice(start, end), ranges, false, joined);
    if (found.delimiter) fences?.push(start);
    if (found.raw) html?.push(start);
    if (found.code) code?.push(start);
    for (const marker of found.markers)
      markers.push({ numbers: marker.numbers, start: marker.start + start, end: marker.end + start });
    start = end + 1;
  }
  return markers;
}

/** A line or paragraph separator: a line break to the verifier, none to CommonMark. */
export const SEPARATOR = /[\u2028\u2029]/;

/** What the lines read so far leave open that hides markers: a fenced code block, an HTML comment or the like. */
export interface MarkerScan {
  fence: Fence | null;
  /** The closer of the HTML comment, CDATA section, declaration or processing instruction open ('' none). */
  comment: string;
  /**
   * The HTML block open ('' none): 'blank' (types 6 and 7) ends at a blank line, 'close' (type 1: `<pre>`, `<script>`,
   * `<style>`, `<textarea>`) after a line with one of their closing tags, 'comment' (type 2: `<!--`) after one with `-->`.
   */
  html: '' | 'blank' | 'close' | 'comment';
  /** The last line read is a paragraph's (no blank line, heading, fence or HTML block): a type 7 block cannot start. */
  paragraph: boolean;
}

/**
 * The markers of one line (no line break in it) after the lines `scan` has read, whether the line is a fence, and
 * whether it is in an HTML block (`raw`: it reads no markdown); moves `scan` past the line. `rest`: the line is what
 * follows a sentence end the streaming verifier cut its line at (no fence, no HTML block; no comment was open there).
 * `joined`: a U+2028 or U+2029 ends or starts the line. `head`: the start of the whole line (a cut line's, what
 * readContainer read there), which says whether it is a heading.
 */
export function scanLineMarkers(
  scan: MarkerScan,
  line: string,
  ranges: Ranges,
  rest: boolean,
  joined = false,
  head = line,
): { markers: Marker[]; delimiter: boolean; raw: boolean; code: boolean } {
  let raw = false;
  if (rest) scan.paragraph = !isHeading(head);
  else {
    // A line of a fenced code block opens no HTML block, and one in an HTML block opens no fence.
    if (scan.fence === null) raw = htmlBlockLine(scan, line, joined);
    if (!raw) {
      const step = fenceAfter(scan.fence, line, joined);
      scan.fence = step.fence;
      if (step.code) {
        scan.paragraph = false;
        return { markers: [], delimiter: step.delimiter, raw, code: !step.delimiter };
      }
    }
  }
  const code = lineCodeSpans(line, raw);
  const { spans, open } = hiddenSpans(line, scan.comment, code, raw);
  scan.comment = open;
  return {
    markers: outside(findCodeSpanMarkers(line, ranges, code), spans),
    delimiter: false,
    raw,
    code: false,
  };
}

// An ATX heading past the block-quote marks, which are scanned (a regex repeating them overflows V8's stack on many).
const HEADING = /[ \t]*#{1,6}(?:[ \t]|$)/y;
const isHeading = (line: string): boolean => {
  HEADING.lastIndex = containerMarksEnd(line, 0, true);
  return HEADING.test(line);
};
const BLANK = /^[ \t]*$/;
const TYPE_1 = /^[^<]*<(?:pre|script|style|textarea)(?:[\s>]|$)/i;
const TYPE_1_END = /<\/(?:pre|script|style|textarea)>/i;
const TYPE_2 = /^[^<]*<!--/;

/**
 * Moves `scan` past `line` (outside any fenced code block) as CommonMark's HTML blocks go, and returns whether the
 * line is in one: it opens one (types 1, 2 and 6: {@link opensHtmlBlock}, but indented past three spaces only where no
 * paragraph goes on, as an indented code block, which shows as typed too; type 7: a whole open or closing tag alone on
 * its line, but for one that would interrupt a paragraph), or one is open before it that it does not end with a blank
 * line. A block of type 1 lasts to a line with its closing tag, blank lines and all, and one of type 2 to a line with
 * `-->`. Where a U+2028 or U+2029 joins the line to the next, neither a blank nor a closing tag ends the block
 * (CommonMark reads one line there): the lines after it read as typed, the side that shows more.
 */
function htmlBlockLine(scan: MarkerScan, line: string, joined: boolean): boolean {
  const paragraph = scan.paragraph;
  const blank = !joined && BLANK.test(line);
  scan.paragraph = !blank && !isHeading(line);
  if (scan.html === '') {
    if (!line.includes('<')) return false;
    if (matchesPastContainers(paragraph ? HTML_BLOCK : INDENTED_HTML_BLOCK, line, !paragraph))
      scan.html = TYPE_2.test(line) ? 'comment' : TYPE_1.test(line) ? 'close' : 'blank';
    else if (!paragraph && isType7(line)) scan.html = 'blank';
    else return false;
  } else if (scan.html === 'blank' && blank) {
    scan.html = '';
    return false;
  }
  if (
    !joined &&
    (scan.html === 'close' ? TYPE_1_END.test(line) : scan.html === 'comment' && line.includes('-->'))
  )
    scan.html = '';
  scan.paragraph = false;
  return true;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;

// What may come before an HTML block's opening tag on its line: the block quotes (`>`, a space or tab after it
// optional) and list items (`-`, `+`, `*`, `1.` or `1)`, then a space or tab) the line is in, each after at most three
// spaces, as CommonMark 0.31 starts containers. Nothing else: `+<div>`, `1.<div>`, `• <div>`, `a. <div>`, `-- <div>` and
// a no-break space start a paragraph, whose tags are inline HTML (and a heading's `#` starts no container either).
// Reading too much as an HTML block is no safe side: it shows a link's title, whose `[2]` would count as a marker.
// Read by a scan (blockContainersEnd), once: a space after `>` may end one container or start the next, and a regex
// that may retry tried a line of n `> ` that opens no block 2^n ways. The longest prefix is the one to keep: what
// follows it never starts with a container's characters. What comes after it is read from where it ends.
// A tag that opens an HTML block of CommonMark's type 6 (`<div>`, `</p>`, `<table class="x">`, `<DETAILS>`), type 1
// (`<pre>`) or type 2 (`<!--`): a renderer passes the line on as raw HTML, backticks, brackets and all.
const BLOCK_TAG =
  '<(?:!--|/?(?:address|article|aside|base(?:font)?|blockquote|body|caption|center|col(?:group)?|d[dlt]|details|dialog|dir|div|fieldset|fig(?:caption|ure)|footer|form|frame(?:set)?|h[1-6r]|head(?:er)?|html|iframe|legend|li(?:nk)?|main|menu(?:item)?|nav|noframes|ol|opt(?:group|ion)|p(?:aram)?|s(?:earch|ection|ource|ummary)|t(?:able|body|[dhr]|foot|head|itle|rack)|ul)(?:[\\s>]|/>|$)|(?:pre|script|style|textarea)(?:[\\s>]|$))';
const HTML_BLOCK = new RegExp(` {0,3}${BLOCK_TAG}`, 'iy');
// Indented further, the line is an indented code block's where no paragraph goes on (shown as typed too), else a
// paragraph's (or a nested list item's HTML block: the lines are read one by one, without the items' widths).
const INDENTED_HTML_BLOCK = new RegExp(BLOCK_TAG, 'iy');
/** Whether `pattern` (sticky) matches `line` where its containers end (past any spaces and tabs too: `indented`). */
function matchesPastContainers(pattern: RegExp, line: string, indented: boolean): boolean {
  const end = blockContainersEnd(line);
  pattern.lastIndex = indented ? spacesEnd(line, end) : end;
  return pattern.test(line);
}
const MAY_OPEN_AFTER_CONTAINERS = /(?:<|(?:[-+*]|\d{1,9}[.)]?)?$)/y;
/**
 * Whether `line` may still open an HTML block once more text comes (its containers, then `<`, or the end, maybe in a
 * list marker).
 */
export const mayOpenHtmlBlock = (line: string): boolean =>
  matchesPastContainers(MAY_OPEN_AFTER_CONTAINERS, line, true);

/**
 * Whether `line` (a line, or its content past its block-quote marks, bullet and spaces) may open an HTML block (at
 * any indent: where no paragraph goes on, an indented one is code, shown as typed too): then it is raw HTML, whose
 * code spans, links and images are none (their backticks, destinations, titles and alt texts show as typed), though
 * its tags and comments still hide. The lines after it in its block read so too (the marker scan
 * follows the block: {@link scanLineMarkers}).
 */
export const opensHtmlBlock = (line: string): boolean =>
  matchesPastContainers(INDENTED_HTML_BLOCK, line, true);

/**
 * The code spans of a line ({@link codeSpans}), but none on a line in an HTML block (`html`; when not known, whether
 * `line` opens one).
 */
export const lineCodeSpans = (line: string, html?: boolean): number[] =>
  line.includes('`') && !(html ?? opensHtmlBlock(line)) ? codeSpans(line).spans : [];

/** Where the first line break at or after `from` is (the text's length: none). */
function nextLineBreak(text: string, from: number): number {
  LINE_BREAK.lastIndex = from;
  return LINE_BREAK.exec(text)?.index ?? text.length;
}

/**
 * {@link findMarkers} for a text that is no fenced code block's business and opens no HTML comment or the like on one
 * line that it closes on another: what {@link hiddenSpans} reads hides markers. The streaming verifier reads fences
 * line by line itself, and reads pieces of lines.
 */
export function findSpanMarkers(text: string, ranges: Ranges): Marker[] {
  const code = lineCodeSpans(text, false);
  return outside(findCodeSpanMarkers(text, ranges, code), hiddenSpans(text, '', code, false).spans);
}

/**
 * What a reader of `line` does not read as its prose: its code spans (`code`, as {@link codeSpans} finds them; a
 * `[n]` or a quotation mark there is code), and what a renderer shows nothing of: HTML tags (their attributes), HTML
 * comments, CDATA sections, declarations and processing instructions (one open at the line's start runs from there:
 * `comment` is its closer), images' alt texts, and links' destinations and titles. Start and end offsets, flat, in
 * order, overlaps merged; and the closer of the comment or the like open at the line's end ('' none). The marker scan
 * and the quotation scan both skip these, so that they cannot disagree on what a reader sees. A text of many lines
 * reads as its lines do when it opens no comment or the like. Linear in the line, but for ordering the spans.
 */
export function hiddenSpans(
  line: string,
  comment: string,
  code: readonly number[],
  html?: boolean,
): { spans: number[]; open: string } {
  const found =
    comment !== '' || HIDDEN_OPENER.test(line) ? commentSpans(line, comment, code) : { spans: [], open: '' };
  // What starts first wins, as CommonMark reads it: a tag that starts inside a code span is code (`\`<b title="\``),
  // and a backtick inside a comment or a tag opens no code span (`<!-- \` -->`), so neither hides the prose between.
  const tags = line.includes('<') ? startingOutside(htmlTags(line).spans, code) : [];
  const lists = [
    startingOutside(startingOutside(code, found.spans), tags),
    found.spans,
    tags,
    (line.includes('](') || line.includes('![')) && !(html ?? opensHtmlBlock(line))
      ? linkParts(line).spans
      : [],
  ].filter((list) => list.length > 0);
  if (lists.length < 2) return { spans: [...(lists[0] ?? [])], open: found.open };
  const pairs: Array<[number, number]> = [];
  for (const list of lists) for (let k = 0; k < list.length; k += 2) pairs.push([list[k]!, list[k + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const spans: number[] = [];
  for (const [start, end] of pairs) {
    // Spans that only touch stay apart: a `<q>` tag right after another tag still shows its mark.
    const last = spans.length - 1;
    if (last > 0 && start < spans[last]!) spans[last] = Math.max(spans[last]!, end);
    else spans.push(start, end);
  }
  return { spans, open: found.open };
}

/** The spans of `list` that start in none of `spans` (both flat start and end offsets, in order). Linear. */
function startingOutside(list: readonly number[], spans: readonly number[]): number[] {
  if (list.length === 0 || spans.length === 0) return list as number[];
  const out: number[] = [];
  let k = 0;
  for (let i = 0; i < list.length; i += 2) {
    while (k < spans.length && spans[k + 1]! <= list[i]!) k += 2;
    if (!(k < spans.length && spans[k]! < list[i]!)) out.push(list[i]!, list[i + 1]!);
  }
  return out;
}

/** The markers that start in none of `spans` (start and end offsets, flat and in order). */
function outside(markers: Marker[], spans: readonly number[]): Marker[] {
  let span = 0;
  return markers.filter((marker) => {
    while (span < spans.length && spans[span + 1]! <= marker.start) span += 2;
    return !(span < spans.length && spans[span]! <= marker.start);
  });
}

const TAG_START = /<\/?[A-Za-z]/g;
// A line that opens an HTML block of type 7 when no paragraph goes on: a whole tag alone, past the three spaces HTML_BLOCK allows
// or any indent (an indented code block shows as typed too).
const isType7 = (line: string): boolean => {
  const start = spacesEnd(line, blockContainersEnd(line));
  const end = line[start] === '<' ? htmlTagEnd(line, start) : -1;
  return end !== -1 && spacesEnd(line, end) === line.length;
};

/**
 * The HTML tags of `text` (`<img alt="[1]" src="chart.png">`, `</span>`), whose attributes a renderer does not show:
 * start and end offsets of each, flat and in order; and where the first `<` on the last line that starts no tag yet
 * and may start one once more text comes is (-1: none). What tags enclose is read as text (`<sup>[1]</sup>` is a
 * marker). Linear in the text.
 */
export function htmlTags(text: string): { spans: number[]; open: number } {
  const spans: number[] = [];
  // An escaped `<` (`\\<b>`) shows as text, and so does all that follows it.
  for (let index = text.indexOf('<'); index !== -1; ) {
    const end = htmlTagEnd(text, index); // a scan: a regex repeating attributes overflows V8's stack on many
    if (end !== -1 && !isEscaped(text, index)) spans.push(index, end);
    index = text.indexOf('<', end === -1 ? index + 1 : end);
  }
  let open = -1;
  const lastLine = Math.max(
    text.lastIndexOf('\n'),
    text.lastIndexOf('\r'),
    text.lastIndexOf('\u2028'),
    text.lastIndexOf('\u2029'),
  );
  let span = 0;
  TAG_START.lastIndex = lastLine + 1;
  for (let found = TAG_START.exec(text); found !== null; found = TAG_START.exec(text)) {
    while (span < spans.length && spans[span + 1]! <= found.index) span += 2;
    if (span < spans.length && spans[span]! <= found.index) continue; // a tag, or inside one
    if (isEscaped(text, found.index)) continue;
    open = found.index;
    break;
  }
  return { spans, open };
}

const BRACKET_OR_LINE_BREAK = /\\.|[[\]\n\r\u2028\u2029]/g;
const PAREN_OR_LINE_BREAK = /\\.|[ \t]["'(]|[()\n\r\u2028\u2029]/g;
// A reference image's label after its alt text (`![alt][label]`, `![alt][]`): no brackets in it.
const LABEL = /\[[^\\[\]\n\r\u2028\u2029]*(?:\\.[^\\[\]\n\r\u2028\u2029]*)*\]/y;

/**
 * What links and images hide in `text`, as CommonMark nests brackets within a line (backslash escapes and code spans
 * read): an image's alt text (`![alt](`, from its `!`; and a reference image's, with its label: `![alt][label]`) and
 * the destination and title of a link or an image (`](destination "title")`, parentheses paired outside an
 * `<destination>` and a title, backslash escapes read; the brackets in it are none). Start and end offsets of each
 * stretch, flat, in order and outermost only (`spans`), and of each closed link or image whole, from its `[` (or `!`) to
 * its `)` (`links`); and where the first text on the last line that may still be hidden
 * starts, once more text comes (a `![` no `]` has closed, a `(` after `]` that no `)` has), else -1; and the first
 * `[` (or `![`) on the last line that no `]` has closed yet, or whose link no `)` has, else -1. Linear in the
 * text.
 */
export function linkParts(text: string): {
  spans: number[];
  links: number[];
  open: number;
  bracket: number;
} {
  const spans: number[] = [];
  const links: number[] = []; // each closed link or image whole, from its `[` (or `!`) to its `)`, flat
  const brackets: number[] = []; // the `[` not closed yet on this line, an image's as -1 - its offset
  let open = -1; // a `(` after `]` on this line that nothing closes
  let linkStart = -1; // the `[` (or `!`) of the first such link
  const closing = new Map<number, number>(); // each `(` of the line read last, and the `)` that closes it
  let read = -1; // where that line starts
  const code = text.includes('`') ? codeSpans(text).spans : [];
  let span = 0;
  const scan = new RegExp(BRACKET_OR_LINE_BREAK);
  for (let found = scan.exec(text); found !== null; found = scan.exec(text)) {
    const at = found.index;
    while (span < code.length && code[span + 1]! <= at) span += 2;
    if (span < code.length && code[span]! <= at)
      scan.lastIndex = code[span + 1]!; // a code span's brackets are none
    else if (text[at] === '\\') continue;
    else if (text[at] === '[') brackets.push(text[at - 1] === '!' && !isEscaped(text, at - 1) ? -1 - at : at);
    else if (text[at] !== ']') {
      brackets.length = 0;
      open = -1;
      linkStart = -1;
    } else {
      const opened = brackets.pop();
      if (opened === undefined) continue;
      if (
        opened < 0 &&
        text[at + 1] === '[' &&
        (scanMarker(text, -1 - opened, false) as Marker).end !== at + 1
      ) {
        // A reference image hides its alt text and its label (which is read on: `![a][b](c)` may be a link). One whose
        // alt text is a marker is read as markers after a `!` (`cures cancer![1][2]`).
        LABEL.lastIndex = at + 1;
        while (spans.length > 0 && spans[spans.length - 2]! >= -2 - opened) spans.length -= 2;
        spans.push(-2 - opened, LABEL.test(text) ? LABEL.lastIndex : at + 1);
        continue;
      }
      if (text[at + 1] !== '(') continue;
      if (read < at) read = pairParentheses(text, at + 1, closing);
      const close = closing.get(at + 1) ?? -1;
      const start = opened < 0 ? -2 - opened : at + 1;
      if (close === -1) {
        if (open === -1) open = start;
        if (linkStart === -1) linkStart = opened < 0 ? -2 - opened : opened;
        continue;
      }
      while (spans.length > 0 && spans[spans.length - 2]! >= start) spans.length -= 2; // what this one holds
      spans.push(start, close + 1);
      const whole = opened < 0 ? -2 - opened : opened;
      while (links.length > 0 && links[links.length - 2]! >= whole) links.length -= 2;
      links.push(whole, close + 1);
      scan.lastIndex = close + 1;
    }
  }
  const image = brackets.find((opened) => opened < 0);
  const unclosed = image === undefined ? -1 : -2 - image;
  const first = brackets[0];
  const bracket = first === undefined ? -1 : first < 0 ? -2 - first : first;
  return {
    spans,
    links,
    open: open === -1 || (unclosed !== -1 && unclosed < open) ? unclosed : open,
    bracket: linkStart === -1 || (bracket !== -1 && bracket < linkStart) ? bracket : linkStart,
  };
}

/**
 * Pairs the parentheses of the line from `from` on (backslash escapes read) into `closing`, and returns where the
 * line ends. In a link's parentheses (`](`), an `<destination>` and a title (`"…"`, `'…'` or `(…)` after a space or a
 * tab) hold no parenthesis that counts; a title that does not close on the line leaves its link unclosed.
 */
function pairParentheses(text: string, from: number, closing: Map<number, number>): number {
  const stack: number[] = [];
  const scan = new RegExp(PAREN_OR_LINE_BREAK);
  // The closers no scan found on the line: looking again would cost time, not find one. Each is added once (at most
  // four: `)`, `"`, `'`, `>`); a string grown on every failed look was re-read whole by the next one, quadratic time.
  const failed = new Set<string>();
  const skip = (at: number, closer: string): boolean => {
    if (failed.has(closer)) return false;
    for (let i = at; i < text.length && !'\n\r\u2028\u2029'.includes(text[i]!); i++) {
      if (text[i] === closer) {
        scan.lastIndex = i + 1;
        return true;
      }
      if (text[i] === '\\' && !'\n\r\u2028\u2029'.includes(text[i + 1] ?? '')) i++;
    }
    failed.add(closer);
    return false;
  };
  scan.lastIndex = from;
  for (let found = scan.exec(text); found !== null; found = scan.exec(text)) {
    const [mark] = found;
    const top = stack[stack.length - 1] ?? 0;
    if (mark.length === 2 && mark[0] !== '\\') {
      // A title's opener in a link's parentheses; else a space, and maybe a parenthesis.
      if (stack.length > 0 && text[top - 1] === ']') {
        if (!skip(found.index + 2, mark[1] === '(' ? ')' : mark[1]!)) stack.pop();
      } else if (mark[1] === '(') stack.push(found.index + 1);
    } else if (mark === '(') {
      stack.push(found.index);
      if (text[found.index - 1] === ']' && text[found.index + 1] === '<') skip(found.index + 2, '>');
    } else if (mark === ')') {
      const opened = stack.pop();
      if (opened !== undefined) closing.set(opened, found.index);
    } else if (mark[0] !== '\\') return found.index;
  }
  return text.length;
}

/** The markers of `text` outside its code `spans` (the scan passes over them). */
export function findCodeSpanMarkers(text: string, ranges: Ranges, spans: readonly number[]): Marker[] {
  const markers: Marker[] = [];
  let span = 0;
  let index = text.indexOf('[');
  while (index !== -1) {
    while (span < spans.length && spans[span + 1]! <= index) span += 2;
    if (span < spans.length && spans[span]! < index) {
      index = text.indexOf('[', spans[span + 1]!);
      continue;
    }
    const parsed = scanMarker(text, index, ranges);
    if (typeof parsed === 'number') {
      // The failure point is past `[` and nothing before it can be another `[`: resuming there keeps the scan linear.
      index = text.indexOf('[', parsed);
    } else {
      markers.push(parsed);
      index = text.indexOf('[', parsed.end);
    }
  }
  return markers;
}

// The last number read by scanNumber; module state instead of a result object keeps the hot loop allocation-free.
let scannedValue = 0;

// Past the end of the text charCodeAt is NaN, which is no space, digit or punctuation: the loops need no bound.
/** Scans one marker starting at the `[` at `open`; returns the marker, or the index where scanning failed. */
function scanMarker(text: string, open: number, ranges: Ranges): Marker | number {
  let numbers: number[] | null = null;
  let count = 0; // the numbers the marker names so far, a tail's counted whole
  let i = open + 1;
  for (;;) {
    while (isSpace(text.charCodeAt(i))) i++;
    const firstEnd = scanNumber(text, i);
    if (firstEnd === i) return i;
    const first = scannedValue;
    i = firstEnd;
    let numberEnd = i;
    while (isSpace(text.charCodeAt(i))) i++;
    let code = text.charCodeAt(i);
    if (ranges !== false && (code === 0x2d /* - */ || code === 0x2013) /* – */) {
      i++;
      while (isSpace(text.charCodeAt(i))) i++;
      const lastEnd = scanNumber(text, i);
      if (lastEnd === i || scannedValue < first) return i;
      i = lastEnd;
      numbers ??= [];
      count += pushRange(
        numbers,
        first,
        scannedValue,
        ranges === true ? Number.POSITIVE_INFINITY : ranges,
        count,
      );
      numberEnd = i;
      while (isSpace(text.charCodeAt(i))) i++;
      code = text.charCodeAt(i);
    } else if (numbers === null) {
      numbers = [first];
      count = 1;
    } else {
      numbers.push(first);
      count++;
    }
    if (code === 0x5d /* ] */) return { numbers, start: open, end: i + 1 };
    if (code === 0x2c /* , */) {
      const afterComma = ++i;
      while (isSpace(text.charCodeAt(i))) i++;
      if (i > afterComma && isAnd(text, i)) i += 4; // `, and` (the serial comma)
    } else if (code === 0x3b /* ; */) {
      i++;
    } else if (i > numberEnd && isAnd(text, i)) {
      i += 4;
    } else {
      // A failed `and` check stops at its `a`; the resumed search for `[` passes at most three letters again.
      return i;
    }
  }
}

/** Whether the lower-case word `and` and a space follow at `i` (the caller has seen a space before it). */
const isAnd = (text: string, i: number): boolean =>
  text.startsWith('and', i) && isSpace(text.charCodeAt(i + 3));

/** Reads ASCII digits at `start` into `scannedValue` and returns where they end; past 2^53 values keep growing
 * as floats (then Infinity), never wrap. */
function scanNumber(text: string, start: number): number {
  let i = start;
  let value = 0;
  for (let code = text.charCodeAt(i); isDigit(code); code = text.charCodeAt(++i))
    value = value * 10 + (code - 0x30);
  scannedValue = value;
  return i;
}

/**
 * Writes the range `first`-`last` into `numbers` (which names `count` numbers so far), its numbers past `limit` as a
 * tail ({@link Ranges}); returns how many numbers it names.
 */
function pushRange(numbers: number[], first: number, last: number, limit: number, count: number): number {
  if (last - first + 1 > MAX_RANGE_LENGTH - count || !Number.isSafeInteger(last)) {
    numbers.push(first, last);
    return 2;
  }
  const end = Math.min(last, limit);
  for (let n = first; n <= end; n++) numbers.push(n);
  if (last > end) numbers.push(-Math.max(first, end + 1), last);
  return last - first + 1;
}

// A backtick or a line break; a string of backticks is read to its end by a search (`+ keeps a backtrack entry per
// backtick where V8 does not optimize it, in a process that has compiled many regular expressions, and millions of
// them overflowed its stack).
const BACKTICK_OR_LINE_BREAK = /[`\n\r\u2028\u2029]/g;
const PAST_BACKTICKS = /[^`]/g;

/** The code spans of a text, and where the first string of backticks that none closes starts (-1: none). */
export interface CodeSpans {
  /** Start and end offsets of each span, its backticks included, flat and in order. */
  spans: number[];
  unpaired: number;
}

/**
 * The code spans of `text` as CommonMark pairs backticks, within a line: a string of backticks opens a span that the
 * next string of as many backticks on its line closes, and one that none closes is text (backslash escapes are not
 * read). Text after an unpaired string may still pair it with what follows. Linear in the text.
 */
export function codeSpans(text: string): CodeSpans {
  const starts: number[] = [];
  const lengths: number[] = [];
  const lines: number[] = [];
  let line = 0;
  BACKTICK_OR_LINE_BREAK.lastIndex = 0;
  for (
    let found = BACKTICK_OR_LINE_BREAK.exec(text);
    found !== null;
    found = BACKTICK_OR_LINE_BREAK.exec(text)
  ) {
    const index = found.index;
    if (found[0] !== '`') line++;
    else {
      PAST_BACKTICKS.lastIndex = index;
      const end = PAST_BACKTICKS.exec(text)?.index ?? text.length;
      starts.push(index);
      lengths.push(end - index);
      lines.push(line);
      BACKTICK_OR_LINE_BREAK.lastIndex = end;
    }
  }
  // The next string of the same length on the same line, read from the end.
  const partner = new Int32Array(starts.length).fill(-1);
  const nextOfLength = new Map<number, number>();
  for (let i = starts.length - 1; i >= 0; i--) {
    if (lines[i + 1] !== lines[i]) nextOfLength.clear();
    partner[i] = nextOfLength.get(lengths[i]!) ?? -1;
    nextOfLength.set(lengths[i]!, i);
  }
  const spans: number[] = [];
  let unpaired = -1;
  for (let i = 0; i < starts.length; ) {
    const j = partner[i]!;
    // A backtick a backslash escapes opens nothing, though a run after a backslash may close a span (a span holds
    // no escapes).
    if (isEscaped(text, starts[i]!)) i++;
    else if (j === -1) {
      if (unpaired === -1) unpaired = starts[i]!;
      i++;
    } else {
      spans.push(starts[i]!, starts[j]! + lengths[j]!);
      i = j + 1;
    }
  }
  return { spans, unpaired };
}
