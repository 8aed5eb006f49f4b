import { replaceRuns, runClass } from '@gk/internal';
import { toAsciiDigits } from './ascii-digits.js';

/**
 * A numeric reference (all its digits, as browsers read them: `&#00000048;`, and `&#99999999;` as one reference to no
 * character), a named reference or the percent-escapes of one UTF-8 character (`%C3%A7`; an invalid sequence is left
 * as written, as a browser shows it in a link). A numeric reference's first digit only: the rest, and the `;` after
 * them, are read by `replaceReferences` with a search (a repeated class keeps a backtrack entry per digit where V8 does
 * not optimize it, in a process that has compiled many regular expressions, and millions of digits overflowed its
 * stack).
 */
const REFERENCE =
  /&#(?:(\d)|x([0-9a-f]))|&([a-z][a-z0-9]{0,31})(;?)|%(?:[0-7][0-9a-f]|[cd][0-9a-f]%[89ab][0-9a-f]|e[0-9a-f](?:%[89ab][0-9a-f]){2}|f[0-4](?:%[89ab][0-9a-f]){3})/gi;
const MAY_CHANGE = /&#|&[A-Za-z]|%[0-9a-fA-F]{2}|<[A-Za-z!?/]|(?![0-9])\p{Nd}|[\u{E0020}-\u{E007E}]/u;
const TAG = /[\u{E0020}-\u{E007E}]/gu;
/** A `<` that opens markup: a start or end tag, a comment, a declaration or a processing instruction. */
const MARKUP = /<[A-Za-z!?/]/g;
/**
 * Elements a page shows apart from their neighbours, so the words on either side stay apart (`Osprey<br>Q47`): those
 * the HTML standard's rendering section displays as blocks, list items, table rows, cells and captions. A tag name ends
 * where HTML ends it, at white space, `/` or `>`: `<p-x>` and `<br.x>` name other elements, shown inline.
 */
const BLOCK =
  /^<\/?(?:address|article|aside|blockquote|body|br|caption|center|d[dlt]|details|dir|div|fieldset|figcaption|figure|footer|form|h[1-6r]|header|hgroup|html|legend|li|listing|main|menu|nav|[ou]l|p|plaintext|pre|search|section|summary|t(?:able|[dhr])|xmp)(?=[\t\n\f\r />]|$)/i;
const COMMENT_END = /--!?>/g;
/** What may read differently once hidden elements and definitions are dropped and links read as their text. */
const RENDER_MAY_CHANGE = /\]\(|\]\[|\]:|<[A-Za-z]|\\[hv]?phantom/;
/** A tag's name, as far as HTML reads it (`span.x` is one name). */
const TAG_NAME = /^<\/?([A-Za-z][^\t\n\f\r />]*)/;
/** Start and end tags of any element, to find the end of a hidden one. */
const ELEMENT_TAG = /<(\/?)([A-Za-z][^\t\n\f\r />]*)/g;
/**
 * Elements whose content a page does not show as text (a media element, a `<canvas>`, a `<progress>` or a `<meter>`
 * shows itself, never its fallback content), and MathML a browser draws nothing of: a `<semantics>` element's
 * annotations and a phantom (read so outside `<math>` too).
 */
const HIDDEN_ELEMENT =
  /^(?:script|style|template|noscript|noembed|noframes|iframe|title|head|datalist|rp|rt|audio|video|canvas|progress|meter|annotation|annotation-xml|mphantom)$/i;
/** The elements of an `<svg>` that are not drawn: descriptions, definitions and what other elements only refer to. */
const SVG_UNDRAWN =
  /^(?:desc|defs|metadata|symbol|clippath|mask|pattern|marker|filter|lineargradient|radialgradient|title|script|style)$/i;
/**
 * The start tags that end an `<svg>` (and any SVG element open in it) where they stand, as HTML's parser reads foreign
 * content: the element is read as HTML again (`<svg><rect><b>x</b>` shows `x`). A `<font>` does so with a `color`,
 * `face` or `size` attribute.
 */
const SVG_BREAKOUT =
  /^(?:b|big|blockquote|body|br|center|code|dd|div|dl|dt|em|embed|h[1-6]|head|hr|i|img|li|listing|menu|meta|nobr|ol|p|pre|ruby|s|small|span|strong|strike|sub|sup|table|tt|u|ul|var)$/i;
const SUMMARY_END = /<\/summary(?=[\t\n\f\r />]|$)/i;
/** `<bdo`, HTML's override element, as a whole tag name (`<bdo-x>` is another element). */
const BDO = /^<bdo[\s/>]/i;
/**
 * One attribute of a tag as HTML's tokenizer reads it: a name, then an optional value, quoted (a `>` inside ends
 * nothing) or not. Neither part can backtrack into the other, so reading a tag is linear in it.
 */
const ATTRIBUTE = /([^\s/>][^\s/>=]*)\s*(?:=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/g;
/** `</bdo>`, whole: `</bdo-x>` ends another element, which ends nothing here. */
const BDO_END = /^<\/bdo(?=[\t\n\f\r />]|$)/i;
/** A forced line break (`</br>` too, which browsers read as `<br>`). */
const LINE_BREAK = /^<\/?br(?=[\t\n\f\r />]|$)/i;
/** Line feeds and carriage returns: in HTML, white space that collapses, not a paragraph end. */
// Runs read by searches: a repeated class overflowed V8's stack on millions where it does not optimize a regular
// expression (in a process that has compiled many).
const NEWLINES = runClass('\\n\\r');
const WHITESPACE = runClass('\\s');
/**
 * A markdown link reference definition (`[label]: destination "title"`), which a page never shows, whether or not a link
 * uses it; or a GFM footnote definition (`[^label]: text`), whose text a page shows at its bottom, if at all.
 */
const DEFINITION =
  /^ {0,3}\[(?:\^([^[\]\s]{1,999})\]:([^\n]*)|([^[\]\n]{1,999})\]:[ \t]*(?:<[^<>\n]*>|\S+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*)$/gm;
/** A TeX phantom's opening (KaTeX and MathJax draw nothing of `\phantom{…}`, `\hphantom`, `\vphantom`). */
const PHANTOM = /\\[hv]?phantom(?![A-Za-z])[ \t]*\{/g;
/** Elements whose content is text up to their first end tag, not markup. */
const RAW_TEXT = /^(?:script|style|noscript|noembed|noframes|iframe|title|textarea|xmp)$/i;
/** Elements that hold nothing: hiding one hides only itself. */
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/i;
/** A length or number of zero (`0`, `+0.0`, `0px`, `.0em`), or, for an opacity, any negative one. */
const ZERO = /^\+?(?=\.?0)0*(?:\.0*)?(?![.\d])/;
const NEGATIVE = /^-[.\d]/;
/** The properties whose value can show nothing, read from a style's declarations (`font` and `all` set them too). */
const SHOWING = /^(?:display|visibility|opacity|font-size|font|all)$/;
/** A `font-size` in absolute, root or viewport units: not relative to the parent's size (`16px`, `1rem`, `2vw`). */
const ABSOLUTE_SIZE =
  /(?<![\w.-])\+?(\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px|pt|pc|in|cm|mm|q|rem|rlh|rcap|rch|rex|ric|[sld]?v(?:[whib]|min|max)|cq(?:[whib]|min|max))(?![\w-])/g;
/** A size keyword that is not relative to the parent's size (`larger` and `smaller` are). */
const SIZE_KEYWORD = /^(?:xx?-small|small|medium|large|xx?x?-large|math|initial)$/;
/** One word of a `font` shorthand that is its size (before a `/` and the line height): a length, a keyword, a function. */
const FONT_SIZE_WORD =
  /^(?:\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:[a-z]+|%)|\+?0*\.?0+|xx?-small|small|medium|large|xx?x?-large|larger|smaller|math|(?:calc|min|max|clamp)\(.*)$/;
/** The input types that show their value (or placeholder) as text: not hidden, password, boxes, files, colours. */
const TEXT_INPUT =
  /^(?:|text|search|url|tel|email|number|submit|reset|button|date|time|datetime-local|month|week)$/i;
/** The rest of a tag's name past its first letter: it runs to white space, `/` or `>` (`<a="x>` is one name). */
const NAME_REST = /[^\t\n\f\r />]*/y;
/**
 * What follows a tag's name, a part at a time, as HTML's tokenizer reads it: its end `>`, or an attribute whose name
 * may start with `=` and whose value after `=` is quoted (a `>` inside ends nothing; an unclosed one runs to the end
 * of the text) or runs to white space or `>`. A part that ends in `>` is the tag's end.
 */
const TAG_PART =
  /[\t\n\f\r /]*(?:>|[^\t\n\f\r />][^\t\n\f\r />=]*[\t\n\f\r ]*(?:=[\t\n\f\r ]*(?:"[^"]*(?:"|$)|'[^']*(?:'|$)|[^\t\n\f\r >]*))?)/y;
/**
 * HTML names decoded without their `;`, as browsers do (`&shy` before a letter is a soft hyphen), and names that begin
 * with a letter a marker's hex digits hold and a diacritic (`eacute` é, `Ccedil` Ç, `dstrok` đ, `cdot` ċ), read
 * (legacy in HTML or not) as that letter and a combining dot above, which composes with each of them (`ȧ` to `ḟ`): a
 * marker reader then drops it as a character a marker does not hold, and reads it as its letter (`squashLetterForms`).
 */
const LEGACY =
  /^(?:nbsp|shy|amp|AMP|lt|LT|gt|GT|quot|QUOT|ordf|sup[123]|frac(?:12|14|34)|[a-fA-F](?:acute|grave|circ|uml|tilde|ring|cedil|caron|macr|breve|ogon|strok|(?<=[ceCE])dot))/;
/** Mathematical letters (`&aopf;` 𝕒, `&Bscr;` ℬ, `&cfr;` 𝔠), which NFKC reads as the letter; fractions (`&frac12;`). */
const LETTER_OR_FRACTION = /^(?:([A-Za-z])(?:opf|scr|fr)|frac([1-7])([2-8]))$/;

/**
 * Named references that render as nothing, as a space, or as a letter or digit a marker holds (`&fflig;` ﬀ,
 * `&ExponentialE;` ⅇ, `&sup2;`), plus the few that are markup; not HTML's whole table (see `decodeNamed`).
 */
const NAMED = new Map<string, string>();
for (const [shown, names] of [
  [
    '',
    'shy ZeroWidthSpace NegativeVeryThinSpace NegativeThinSpace NegativeMediumSpace NegativeThickSpace NoBreak zwj zwnj lrm af ApplyFunction it InvisibleTimes ic InvisibleComma',
  ],
  [
    ' ',
    'nbsp NonBreakingSpace ensp emsp emsp13 emsp14 numsp puncsp thinsp ThinSpace hairsp VeryThinSpace MediumSpace ThickSpace Tab NewLine',
  ],
  // A right-to-left mark is kept for the reader of right-to-left runs (see `layOutRightToLeft`).
  ['\u200f', 'rlm'],
  ['a', 'ordf'],
  ['B', 'Bernoullis bernou'],
  ['C', 'Cayleys complexes'],
  ['d', 'dd DifferentialD'],
  ['D', 'DD CapitalDifferentialD'],
  ['e', 'ee ExponentialE exponentiale'],
  ['E', 'expectation'],
  ['F', 'Fouriertrf'],
  ['ff', 'fflig'],
  ['fi', 'filig'],
  ['fl', 'fllig'],
  ['ffi', 'ffilig'],
  ['ffl', 'ffllig'],
  ['fj', 'fjlig'],
  ['c/o', 'incare'],
  ['1', 'sup1'],
  ['2', 'sup2'],
  ['3', 'sup3'],
  ['½', 'half'],
  ['∾', 'ac acE'],
  ['∿', 'acd'],
  ['&', 'amp AMP'],
  ['<', 'lt LT'],
  ['>', 'gt GT'],
  ['"', 'quot QUOT'],
  ["'", 'apos'],
  [':', 'colon'],
  // Punctuation a style's CSS reads (`display:/&ast;x&ast;/none` holds a comment, `&bsol;6e` an escape).
  ['*', 'ast midast'],
  ['/', 'sol'],
  ['\\', 'bsol'],
  ['.', 'period'],
  [';', 'semi'],
  ['(', 'lpar'],
  [')', 'rpar'],
  ['!', 'excl'],
  ['+', 'plus'],
  [',', 'comma'],
  ['#', 'num'],
  ['%', 'percnt'],
]) {
  for (const name of names!.split(' ')) NAMED.set(name, shown!);
}

/**
 * `text` as a page or a link shows it: HTML markup removed (tags, `<wbr>` and `<b></b>` included, comments,
 * declarations and processing instructions; a block element's tag such as `<br>` or `<p>` is read as a line break,
 * and an unclosed tag or comment hides the rest, as in a browser), character references decoded once (numeric
 * ones with or without their `;`, and named ones: see `decodeNamed`), percent-escapes decoded as UTF-8 (`%61`,
 * `%C3%A7`; an invalid sequence as written), decimal
 * digits of other scripts (`٠`, `०`) written as ASCII digits, and tag characters (U+E0020–U+E007E, invisible, but
 * read by programs and models) as the ASCII they stand for. Null when there is nothing to decode. A leak is
 * searched in this reading as well as in the text as written, since decoding can also join or part characters
 * that the written text shows in a row. Linear in the length of the text.
 */
export function decodeForReader(text: string): string | null {
  if (!MAY_CHANGE.test(text)) return null;
  return decode(removeMarkup(text));
}

/** References, percent-escapes, digits and tag characters decoded (see `decodeForReader`). */
function decode(text: string): string {
  return toAsciiDigits(replaceReferences(text)).replace(TAG, (tag) =>
    String.fromCharCode(tag.codePointAt(0)! - 0xe0000),
  );
}

const NOT_DECIMAL = /\D/g;
const NOT_HEX = /[^0-9a-f]/gi;

/** `text` with each reference `REFERENCE` starts decoded (`decodeReference`), its digits read to their end. */
function replaceReferences(text: string): string {
  let out = '';
  let at = 0;
  REFERENCE.lastIndex = 0;
  for (let found = REFERENCE.exec(text); found !== null; found = REFERENCE.exec(text)) {
    const [written, decimal, hex, name, semicolon] = found;
    let end = found.index + written.length;
    let digits: string | undefined;
    if (decimal !== undefined || hex !== undefined) {
      const past = decimal !== undefined ? NOT_DECIMAL : NOT_HEX;
      past.lastIndex = end;
      const digitsEnd = past.exec(text)?.index ?? text.length;
      digits = text.slice(end - 1, digitsEnd);
      end = text[digitsEnd] === ';' ? digitsEnd + 1 : digitsEnd;
      REFERENCE.lastIndex = end;
    }
    const reference = text.slice(found.index, end);
    out += text.slice(at, found.index);
    out +=
      decimal !== undefined
        ? decodeReference(reference, digits)
        : hex !== undefined
          ? decodeReference(reference, undefined, digits)
          : decodeReference(reference, undefined, undefined, name, semicolon);
    at = end;
  }
  return out + text.slice(at);
}

function decodeReference(
  reference: string,
  decimal?: string,
  hex?: string,
  name?: string,
  semicolon?: string,
): string {
  if (name !== undefined) return decodeNamed(name, semicolon === ';') ?? reference;
  if (reference[0] === '%') {
    // An overlong form or a surrogate (`%C0%80`, `%ED%A0%80`) is no character: a browser shows it as written.
    try {
      return decodeURIComponent(reference);
    } catch {
      return reference;
    }
  }
  const code = Number.parseInt(decimal ?? hex!, decimal === undefined ? 16 : 10);
  // A numeric reference to no character (past U+10FFFF, a surrogate, NUL) shows as U+FFFD, as HTML reads it.
  return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && code > 0
    ? String.fromCodePoint(code)
    : '\ufffd';
}

/**
 * What a named reference shows: a name of `NAMED`, a mathematical letter, a fraction or a letter `a`–`f` with a
 * diacritic (see `LEGACY`); a legacy name before other letters, with or without a `;` after them (`&shyab` shows a
 * soft hyphen, then `ab`; `&eacutef`, `é` then `f`), as HTML reads it; any other name with its `;` shows one character
 * a marker does not hold (`&times;`), read as U+FFFD, unless it is made of hex digits only (no HTML name outside
 * `NAMED` is), which a page shows as written. Null to keep it as written.
 */
function decodeNamed(name: string, closed: boolean): string | null {
  const form = LETTER_OR_FRACTION.exec(name);
  const legacy = LEGACY.exec(name)?.[0];
  // The legacy names not in `NAMED` are those of letters with a diacritic.
  const known =
    NAMED.get(name) ??
    (form === null
      ? legacy === name
        ? `${name[0]}\u0307`
        : undefined
      : (form[1] ?? `${form[2]}⁄${form[3]}`));
  if (closed && known !== undefined) return known;
  // Of the legacy names, only `lt` and `gt` begin longer names (`&ltimes;`, `&gtrsim;`).
  if (legacy !== undefined && !(closed && /^[lg]t/i.test(legacy))) {
    return decodeNamed(legacy, true) + name.slice(legacy.length) + (closed ? ';' : '');
  }
  return closed && !/^[0-9a-f]+$/i.test(name) ? '\ufffd' : null;
}

/**
 * `text` as a page renders it, where `decodeForReader` keeps every character a tag encloses: the content of elements a
 * page does not show dropped (`<script>`, `<style>`, `<template>`, `<svg>`, an element with a `hidden` attribute or a
 * style that shows nothing such as `display:none`, a `popover`, MathML annotations and phantoms, an `<object>`'s
 * fallback, a shadow host's children, a closed `<details>` past its `<summary>`; one left open hides the rest), what
 * a frame's own document (`srcdoc`, a `data:text/html` URL) and a style sheet's `content` show read where they show,
 * reference and footnote definitions and TeX phantoms dropped, and markdown inline links and images read as their text (`[text](destination "title")` as `text`,
 * `![alt](source)` as `alt`), as is an HTML image that is not hidden (`<img alt="alt">`, shown where it does not
 * load), then decoded as `decodeForReader` decodes. Null when it reads as `decodeForReader`
 * does. Read together with that reading and the text as written, never instead of them: a marker is a leak wherever
 * it sits. Linear in the length of the text.
 */
export function renderForReader(text: string): string | null {
  const rendered = renderMarkup(text);
  return rendered === null ? null : decode(rendered);
}

/** A ruby annotation's start tag (`<rt>`, whole: `<rtc>` is another element). */
const RUBY_TEXT = /<rt(?=[\t\n\f\r />])/gi;

/**
 * The annotations of `text`'s rubies (`<rt>`), in order and run together, as a page shows them in a row above the base
 * text, which `renderForReader` reads without them; read as it reads what it shows, then decoded. Null when `text`
 * holds none. Read beside the other readings, never instead of them. Linear in the length of the text.
 */
export function annotationsForReader(text: string): string | null {
  if (!/<rt[\t\n\f\r />]/i.test(text)) return null;
  const notes: string[] = [];
  RUBY_TEXT.lastIndex = 0;
  for (let tag = RUBY_TEXT.exec(text); tag !== null; tag = RUBY_TEXT.exec(text)) {
    const end = markupEnd(text, tag.index);
    const close = elementEnd(text, 'rt', end);
    notes.push(removeMarkup(text.slice(end, close), true));
    RUBY_TEXT.lastIndex = Math.max(end, close);
  }
  return decode(notes.join(''));
}

/**
 * The markup and links of `text` rendered as `renderForReader` renders them, character references left as written;
 * `keepSup` keeps `<sup>` and `</sup>` tags, for a reader of footnotes. Null when there are none to render.
 */
export function renderMarkup(text: string, keepSup = false): string | null {
  if (!RENDER_MAY_CHANGE.test(text)) return null;
  return dropPhantoms(readLinks(removeMarkup(text, true, keepSup)));
}

/**
 * `text` without its TeX phantoms, each up to the brace that closes it (`\{` and `\}` are no braces); one left open
 * is drawn as an error that shows it, and stays. Braces are paired once, so reading is linear.
 */
function dropPhantoms(text: string): string {
  if (!text.includes('phantom')) return text;
  const closing = new Map<number, number>();
  const open: number[] = [];
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '{') open.push(at);
    else if (text[at] === '}' && open.length > 0) closing.set(open.pop()!, at);
  }
  const kept: string[] = [];
  let from = 0;
  PHANTOM.lastIndex = 0;
  for (let found = PHANTOM.exec(text); found !== null; found = PHANTOM.exec(text)) {
    const close = closing.get(PHANTOM.lastIndex - 1);
    if (close === undefined) continue;
    kept.push(text.slice(from, found.index));
    from = PHANTOM.lastIndex = close + 1;
  }
  kept.push(text.slice(from));
  return kept.join('');
}

/**
 * `text` without its markup, a block element's tag read as a line break (see `decodeForReader`); `shown` drops the
 * content of hidden elements too (see `renderForReader`).
 */
export function removeMarkup(text: string, shown = false, keepSup = false): string {
  const parts: string[] = [];
  let from = 0;
  // The SVG and HTML elements that change how text is drawn, innermost last: in an `<svg>` only the text of a `<text>`
  // (or of HTML in a `<foreignObject>`) is drawn. Counted by kind, so that an end tag pops only what it closes.
  const foreign: Array<'svg' | 'text' | 'html'> = [];
  const open = { svg: 0, text: 0, html: 0 };
  const pop = (kind: 'svg' | 'text' | 'html'): void => {
    if (open[kind] === 0) return;
    for (let top = foreign.pop(); top !== undefined; top = foreign.pop()) {
      open[top]--;
      if (top === kind) return;
    }
  };
  const push = (kind: 'svg' | 'text' | 'html'): void => {
    foreign.push(kind);
    open[kind]++;
  };
  const leaveSvg = (): void => {
    while (foreign.length > 0 && foreign.at(-1) !== 'html') open[foreign.pop()!]--;
  };
  // A closed `<details>`: the end of its summary, where what it hides starts, and its end tag's end.
  let hideFrom = -1;
  let hideTo = -1;
  // Inside a `<bdo dir="rtl">` (up to the first `</bdo>`, which reads as the override's pop).
  let overriding = false;
  // What a page shows (`shown` only): the elements open, innermost last, each with where its content starts among
  // `parts` (a declarative shadow root hides its host's children) and the content a style sheet draws after it.
  const generated = shown ? readGeneratedContent(text) : undefined;
  const elements: Array<[name: string, start: number, after: string]> = [];
  // Where the last declarative shadow root read ends.
  let shadowEnd = 0;
  // Text between tags; inside the override a newline is a space, so the override runs on across it as on a page. An
  // `<svg>` draws none of its own text outside a `<text>`.
  const textOf = (start: number, end: number): string =>
    foreign.at(-1) === 'svg'
      ? ''
      : overriding
        ? replaceRuns(text.slice(start, end), NEWLINES, ' ')
        : text.slice(start, end);
  MARKUP.lastIndex = 0;
  for (let open = MARKUP.exec(text); open !== null; open = MARKUP.exec(text)) {
    if (hideFrom !== -1 && open.index >= hideFrom) {
      parts.push(textOf(from, Math.max(from, hideFrom)));
      // The end tag the hidden stretch ends with (`</details>`) still parts what a block parts.
      if (BLOCK.test(text.slice(text.lastIndexOf('<', hideTo - 1), hideTo))) parts.push('\n');
      from = MARKUP.lastIndex = Math.max(hideTo, open.index);
      hideFrom = -1;
      continue;
    }
    const end = markupEnd(text, open.index);
    const tag = text.slice(open.index, end);
    const named = shown ? TAG_NAME.exec(tag) : null;
    const name = named?.[1]?.toLowerCase();
    const closing = text[open.index + 1] === '/';
    // The text before the tag, read where it stands (the tag may end an SVG's text element, or the SVG).
    parts.push(textOf(from, open.index));
    if (name !== undefined && foreign.length > 0) {
      const svg = foreign.at(-1) !== 'html';
      if (closing) {
        if (name === 'svg') pop('svg');
        else if (name === 'text' && svg) pop('text');
        else if (name === 'foreignobject') pop('html');
        else if (svg && (name === 'br' || name === 'p')) leaveSvg();
      } else if (
        svg &&
        (SVG_BREAKOUT.test(name) ||
          (name === 'font' && /\s(?:color|face|size)\s*[=/>\s]/i.test(`${tag.slice(5)} `)))
      ) {
        // Back to HTML: what was open of the SVG is closed.
        leaveSvg();
      }
    }
    // An end tag closes the element of its name among the last few open (and those open inside it), which then show
    // what a style sheet draws after them. A few only, so reading stays linear.
    if (closing && name !== undefined) {
      for (let k = elements.length - 1; k >= 0 && k >= elements.length - 8; k--) {
        if (elements[k]![0] !== name) continue;
        while (elements.length > k) parts.push(elements.pop()![2]);
        break;
      }
    }
    // After `<bdo` or `<img`: an image shows its alt text where it does not load, unless it is hidden.
    const attributes = text.slice(open.index + 4, end);
    // Its attributes, after its name.
    const own = named === null ? '' : tag.slice(named[0].length);
    const kept =
      keepSup && name === 'sup'
        ? text[open.index + 1] === '/'
          ? '</sup>'
          : '<sup>'
        : foreign.at(-1) === 'svg' || closing
          ? ''
          : name === 'img' && !hides(attributes)
            ? (attributeOf(attributes, 'alt') ?? '')
            : name === 'input' && !hides(attributes)
              ? inputText(attributes)
              : name === 'textarea'
                ? textareaPlaceholder(text, own, end)
                : (name === 'iframe' || name === 'object' || name === 'embed') && !hides(own)
                  ? embeddedDocument(name, own)
                  : '';
    const head = text.slice(open.index, open.index + 300);
    const rtl = BDO.test(head) && /^rtl$/i.test(replaceReferences(attributeOf(attributes, 'dir') ?? ''));
    parts.push(tagText(head, rtl, overriding, kept));
    if (rtl) overriding = true;
    else if (BDO_END.test(head)) overriding = false;
    from = MARKUP.lastIndex = end;
    if (name === undefined || closing || VOID.test(name)) continue;
    // A <dialog> without an `open` attribute is not shown; a closed <details> shows its summary.
    const closed = attributeOf(own, 'open') === undefined;
    const inSvg = foreign.length > 0 && foreign.at(-1) !== 'html';
    // An SVG element's presentation attributes (`display="none"`) hide it as its style does.
    const style = readStyle(own, inSvg || name === 'svg');
    // Hidden by an inherited property alone (`visibility`, a zero `font-size`): a descendant may show again.
    const inherited = HIDDEN_ELEMENT.test(name) ? undefined : inheritedHiding(style, own);
    // A style that displays an element a page does not show otherwise (`<script style="display:block">`) shows it.
    const displayed = style.display !== undefined && style.display !== 'none';
    const selfClosing = tag.endsWith('/>');
    // A declarative shadow root: the template's content shows, as its host's shadow tree.
    const shadow =
      name === 'template' &&
      /^(?:open|closed)$/i.test(attributeOf(own, 'shadowrootmode') ?? attributeOf(own, 'shadowroot') ?? '');
    if (
      !shadow &&
      ((HIDDEN_ELEMENT.test(name) && !(displayed && RAW_TEXT.test(name))) ||
        hiddenByAttribute(own, style) ||
        styleHides(style) ||
        (name === 'dialog' && closed) ||
        // An object shows its fallback content only where what it embeds does not load: read as loaded.
        (name === 'object' && attributeOf(own, 'data') !== undefined) ||
        (inSvg && !selfClosing && SVG_UNDRAWN.test(name)))
    ) {
      const elementTo = elementEnd(text, name, end);
      if (inherited !== undefined) parts.push(shownDescendants(text, end, elementTo, inherited));
      from = MARKUP.lastIndex = elementTo;
      continue;
    }
    if (selfClosing && (inSvg || name === 'svg')) continue; // A foreign element's `/>` closes it: nothing opens.
    const host = elements.at(-1);
    if (shadow && host !== undefined && hideFrom === -1 && end >= shadowEnd) {
      // The host's own children do not show, before the template or after it, unless a slot in it takes them. A
      // template inside one read is not read again, so reading stays linear.
      shadowEnd = elementEnd(text, name, end);
      if (!/<slot[\t\n\f\r />]/i.test(text.slice(end, shadowEnd))) {
        parts.length = host[1];
        hideFrom = shadowEnd < text.length ? text.lastIndexOf('<', shadowEnd - 1) : text.length;
        hideTo = shadowEnd < text.length ? elementEnd(text, host[0], shadowEnd) : text.length;
      }
    }
    if (shadow) continue;
    const [before, after] = generated?.(name, own) ?? ['', ''];
    parts.push(before);
    if (shown) elements.push([name, parts.length, after]);
    if (name === 'svg') push('svg');
    else if (inSvg && name === 'text') push('text');
    else if (inSvg && name === 'foreignobject') push('html');
    else if (name === 'details' && hideFrom === -1 && closed) {
      hideTo = elementEnd(text, name, end);
      // Only the summary shows; a closed `<details>` without one shows none of its content.
      const summaryEnd = text.slice(end, hideTo).search(SUMMARY_END);
      hideFrom = summaryEnd === -1 ? end : end + summaryEnd;
      if (summaryEnd === -1) {
        from = MARKUP.lastIndex = hideTo;
        hideFrom = -1;
      }
    } else if (name === 'semantics' && hideFrom === -1) {
      // Only its first child is drawn: the annotations after it are not.
      hideTo = elementEnd(text, name, end);
      FIRST_CHILD.lastIndex = end;
      const child = FIRST_CHILD.exec(text);
      if (child !== null && child.index < hideTo) {
        const childName = child[1]!.toLowerCase();
        const childEnd = markupEnd(text, child.index);
        hideFrom = VOID.test(childName) ? childEnd : Math.min(hideTo, elementEnd(text, childName, childEnd));
      }
    }
  }
  parts.push(textOf(from, hideFrom === -1 ? text.length : Math.max(from, hideFrom)));
  // What a style sheet draws after the elements left open.
  while (elements.length > 0) parts.push(elements.pop()![2]);
  return parts.join('');
}

/** A start tag's name, for the first child of a `<semantics>`. */
const FIRST_CHILD = /<([A-Za-z][^\t\n\f\r />]*)/g;

/** How many frames deep the reading is (`embeddedDocument`). */
let frameDepth = 0;
/** A `data:` URL of an HTML document, its parameters (`;base64`) before the comma. */
const HTML_DATA = /^data:text\/html(;[^,]*)?,/i;

/**
 * The text the document a frame or object embeds shows where it stands: an `<iframe>`'s `srcdoc` (references decoded) or
 * a `data:text/html` URL in its `src` (an `<object>`'s `data`, an `<embed>`'s `src`), percent-escapes or base64
 * decoded, read as `removeMarkup` reads what a page shows; four frames deep, past which the document is kept as written.
 */
function embeddedDocument(name: string, attributes: string): string {
  const srcdoc = name === 'iframe' ? attributeOf(attributes, 'srcdoc') : undefined;
  let html = srcdoc === undefined ? undefined : replaceReferences(srcdoc);
  if (html === undefined) {
    // References and percent-escapes decoded in one pass: the attribute's, then the URL's.
    const url = replaceReferences(attributeOf(attributes, name === 'object' ? 'data' : 'src') ?? '').trim();
    const data = HTML_DATA.exec(url);
    if (data === null) return '';
    html = url.slice(data[0].length);
    if (/;base64$/i.test(data[1] ?? '')) {
      try {
        html = new TextDecoder().decode(
          Uint8Array.from(atob(html.replace(/\s/g, '')), (c) => c.charCodeAt(0)),
        );
      } catch {
        return '';
      }
    }
  }
  if (frameDepth >= 4) return html;
  frameDepth++;
  try {
    return removeMarkup(html, true);
  } finally {
    frameDepth--;
  }
}

/**
 * What a tag (`head`, its start) reads as: a block element's as a line break, a `<bdo dir="rtl">` as an override
 * (U+202E) and `</bdo>` as its pop (U+202C), any other as nothing (or `kept`). A `<br>` inside the override ends it for
 * its line and reopens it on the next, as CSS reads a forced break in an override, so each line is reversed on its own.
 */
function tagText(head: string, rtl: boolean, overriding: boolean, kept: string): string {
  if (BLOCK.test(head)) return overriding && LINE_BREAK.test(head) ? '\n\u202e' : '\n';
  return rtl ? '\u202e' : BDO_END.test(head) ? '\u202c' : kept;
}

/**
 * The value of the attribute `key` (lower case) among a tag's `attributes` (after its name), as HTML reads it, its
 * quotes dropped: the first counts (a browser drops a repeated attribute). A `<bdo>` whose `dir` is `rtl`, character
 * references decoded (`dir="&#114;tl"`) and case ignored, is a right-to-left override, read as U+202E up to its end
 * tag (U+202C).
 */
function attributeOf(attributes: string, key: string): string | undefined {
  // Read up to the first such attribute only: a tag left open runs to the end of the text. An `exec` loop, not
  // `matchAll`, which copies the expression at each call: a text of millions of tags spent seconds in the copies.
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(attributes); match !== null; match = ATTRIBUTE.exec(attributes)) {
    if (match[1]!.toLowerCase() === key) return (match[2] ?? '') + (match[3] ?? '') + (match[4] ?? '');
  }
  return undefined;
}

/**
 * Whether a tag's `attributes` (after its name) hide its element: a `hidden` attribute its style does not override
 * with a `display` of its own, or a `style` (the first one, as HTML reads it) that shows nothing (see `readStyle`).
 */
function hides(attributes: string, svg = false): boolean {
  const style = readStyle(attributes, svg);
  return hiddenByAttribute(attributes, style) || styleHides(style);
}

/**
 * Whether a `hidden` or `popover` attribute (any value: a popover shows only once opened) hides the element: its style
 * sets no `display` other than `none`.
 */
function hiddenByAttribute(attributes: string, style: Record<string, string>): boolean {
  return (
    (attributeOf(attributes, 'hidden') ?? attributeOf(attributes, 'popover')) !== undefined &&
    (style.display === undefined || style.display === 'none')
  );
}

/** What an element hides by the properties its descendants inherit and may set again. */
interface Hiding {
  visibility: boolean;
  font: boolean;
}

/**
 * How an element is hidden when it is hidden by `visibility` or a zero `font-size` alone (no `display:none`, zero
 * opacity or `hidden` attribute, which no descendant undoes), else undefined.
 */
function inheritedHiding(style: Record<string, string>, attributes: string): Hiding | undefined {
  const hiding = hidingOf(style, { visibility: false, font: false });
  if (!hiding.visibility && !hiding.font) return undefined;
  const { visibility: _visibility, 'font-size': _font, ...rest } = style;
  return styleHides(rest) || hiddenByAttribute(attributes, style) ? undefined : hiding;
}

/**
 * What a style leaves hidden of what its parent hid: `visibility` is `visible` or `initial` again, or `hidden` or
 * `collapse`, else inherited; a `font-size` of zero hides, one not relative to the parent's (`16px`, `1rem`, `medium`)
 * shows, any other (`2em`, `150%`, `larger`, `inherit`) keeps the parent's.
 */
function hidingOf(style: Record<string, string>, parent: Hiding): Hiding {
  const { visibility, 'font-size': size } = style;
  return {
    visibility:
      visibility === 'visible' || visibility === 'initial'
        ? false
        : visibility === 'hidden' || visibility === 'collapse'
          ? true
          : parent.visibility,
    font:
      size === undefined
        ? parent.font
        : ZERO.test(size)
          ? true
          : SIZE_KEYWORD.test(size) ||
              [...size.matchAll(ABSOLUTE_SIZE)].some((length) => Number(length[1]) > 0)
            ? false
            : parent.font,
  };
}

/** Whether the declarations read show nothing: `display:none`, `visibility:hidden` or `collapse`, a zero opacity or font. */
function styleHides(style: Record<string, string>): boolean {
  const { display, visibility, opacity, 'font-size': fontSize } = style;
  return (
    display === 'none' ||
    visibility === 'hidden' ||
    visibility === 'collapse' ||
    (opacity !== undefined && (ZERO.test(opacity) || NEGATIVE.test(opacity))) ||
    (fontSize !== undefined && ZERO.test(fontSize))
  );
}

/**
 * The values of `display`, `visibility`, `opacity` and `font-size` a tag's `style` (the first one, as HTML reads it)
 * leaves: its character references decoded (`display:&#110;one`), CSS comments read as white space and escapes as the
 * characters they stand for, declarations parted at each `;` outside quotes and parentheses; the last of a property
 * counts, unless an earlier one is `!important` and it is not. Values are lower case, trimmed, without `!important`.
 */
function readStyle(attributes: string, svg = false): Record<string, string> {
  const read: Record<string, string> = {};
  // An SVG element's presentation attributes (`display="none"`) set the same properties, below its style.
  if (svg)
    for (const property of ['display', 'visibility', 'opacity', 'font-size']) {
      const value = attributeOf(attributes, property);
      if (value !== undefined) read[property] = replaceReferences(value).trim().toLowerCase();
    }
  const style = attributeOf(attributes, 'style');
  if (style === undefined) return read;
  // A CSS comment separates as white space does (`display:/**/none`); one left open runs to the end. Then CSS
  // escapes: `\6e ` (hex, one white space after it ending it) and `\o` are the characters they stand for.
  const css = unescapeCss(cssCommentsAsSpace(replaceReferences(style)));
  const important = new Set<string>();
  let from = 0;
  let quote = '';
  let depth = 0;
  for (let at = 0; at <= css.length; at++) {
    const char = css[at];
    if (quote !== '') {
      if (char === quote) quote = '';
      else if (char === '\\') at++;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === undefined || (char === ';' && depth === 0)) {
      const declaration = css.slice(from, at);
      from = at + 1;
      const colon = declaration.indexOf(':');
      if (colon === -1) continue;
      const name = declaration.slice(0, colon).trim().toLowerCase();
      if (!SHOWING.test(name)) continue;
      let value = declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      const bang = /\s*!\s*important$/.exec(value);
      if (bang !== null) value = value.slice(0, bang.index);
      // `all` sets the four (`initial` shows; `inherit`, `unset` and `revert` take the parent's, or show what is
      // not inherited); `font` sets the size, or is no declaration when it names none.
      const set: Array<[string, string]> =
        name === 'all'
          ? [
              ['display', 'inline'],
              ['opacity', '1'],
              ['visibility', value === 'initial' ? 'visible' : 'inherit'],
              ['font-size', value === 'initial' ? 'medium' : 'inherit'],
            ]
          : name === 'font'
            ? [['font-size', fontSizeOf(value)]]
            : [[name, value]];
      for (const [property, to] of set) {
        if (to === '' || (bang === null && important.has(property))) continue;
        if (bang !== null) important.add(property);
        read[property] = to;
      }
    }
  }
  return read;
}

/** CSS escapes read: `\6e ` (hex, one white space after it ending it) and `\o` are the characters they stand for. */
const unescapeCss = (css: string): string =>
  css.replace(/\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-f]))/gi, (_, hex, char) =>
    hex === undefined ? char : decodeReference('', undefined, hex),
  );

/** A `<style>` element's start tag. */
const STYLE_START = /<style(?=[\t\n\f\r />])/gi;
/** Where a `content` declaration's value starts in a rule's block. */
const CONTENT = /(?:^|[\s;{])content\s*:/gi;
/** What draws generated content, at a selector's end: `::before`, `::marker` and `::after` (`:before`, `:after`). */
const PSEUDO = /::?(?:(before|marker)|after)\s*$/i;

/** A rule that draws content: the element name, `#id` and `.class` its subject needs, where, and what it draws. */
interface ContentRule {
  keys: string[];
  before: boolean;
  /** Strings, and attribute names (`attr(x)`) after a NUL. */
  content: string[];
}

/**
 * What the style sheets of `text` (its `<style>` elements) draw before and after an element of name `name` with start
 * tag `attributes`: the strings and `attr()` values of each rule whose selector ends in `::before` or `::after`, tied
 * to the element by its subject's element name, id and classes (anything else a selector says is not read: it may draw
 * where a page does not). Undefined when none draws anything. What it draws is bounded by the length of the text, so
 * reading stays linear.
 */
function readGeneratedContent(
  text: string,
): ((name: string, attributes: string) => [string, string]) | undefined {
  if (!/content/i.test(text)) return undefined;
  // Rules by the first key their subject needs ('' for any element).
  const rules = new Map<string, ContentRule[]>();
  STYLE_START.lastIndex = 0;
  for (let found = STYLE_START.exec(text); found !== null; found = STYLE_START.exec(text)) {
    const end = markupEnd(text, found.index);
    const close = elementEnd(text, 'style', end);
    readRules(cssCommentsAsSpace(text.slice(end, close)), rules);
    STYLE_START.lastIndex = Math.max(end, close);
  }
  if (rules.size === 0) return undefined;
  let budget = text.length;
  return (name, attributes) => {
    const drawn = ['', ''];
    const keys = new Set([name, '']);
    const id = attributeOf(attributes, 'id');
    if (id !== undefined) keys.add(`#${replaceReferences(id)}`);
    for (const name of replaceReferences(attributeOf(attributes, 'class') ?? '').split(/\s+/))
      keys.add(`.${name}`);
    for (const key of keys)
      for (const rule of rules.get(key) ?? []) {
        budget -= rule.keys.length + 1;
        if (budget < 0) return ['', ''];
        if (!rule.keys.every((needed) => keys.has(needed))) continue;
        for (const part of rule.content) {
          const value = part[0] === '\0' ? (attributeOf(attributes, part.slice(1)) ?? '') : part;
          budget -= value.length;
          drawn[rule.before ? 0 : 1] += value;
        }
      }
    return drawn as [string, string];
  };
}

/**
 * Adds the rules of a style sheet (comments read as white space) that draw content to `rules`: each block's selectors
 * read back to the last `{`, `}` or `;` before it (a nested or `@media` rule's own), its `content` declarations'
 * strings and `attr()` names, read up to their `;`. One pass over the sheet.
 */
function readRules(css: string, rules: Map<string, ContentRule[]>): void {
  let start = 0;
  let open = -1;
  let quote = '';
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (quote !== '') {
      if (char === '\\') at++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') {
      if (open !== -1) start = open + 1;
      open = at;
    } else if (char === '}') {
      if (open !== -1) addRules(css.slice(start, open), css.slice(open + 1, at), rules);
      open = -1;
      start = at + 1;
    }
  }
}

function addRules(prelude: string, block: string, rules: Map<string, ContentRule[]>): void {
  const content: string[] = [];
  CONTENT.lastIndex = 0;
  for (let found = CONTENT.exec(block); found !== null; found = CONTENT.exec(block)) {
    let at = CONTENT.lastIndex;
    for (; at < block.length && block[at] !== ';'; at++) {
      const char = block[at]!;
      if (char === '"' || char === "'") {
        const from = at + 1;
        for (at = from; at < block.length && block[at] !== char; at++) if (block[at] === '\\') at++;
        content.push(unescapeCss(block.slice(from, at)));
      } else if (/^attr\(/i.test(block.slice(at, at + 5))) {
        const attribute = /^attr\(\s*([^\s),]+)/i.exec(block.slice(at, at + 300));
        if (attribute !== null) content.push(`\0${attribute[1]!.toLowerCase()}`);
      }
    }
    CONTENT.lastIndex = at;
  }
  if (content.length === 0) return;
  // The selector's subject: its last compound, without attribute selectors and arguments, which are not read.
  for (const selector of prelude.slice(prelude.lastIndexOf(';') + 1).split(',')) {
    const pseudo = PSEUDO.exec(selector);
    if (pseudo === null) continue;
    const subject =
      selector
        .slice(0, pseudo.index)
        .replace(/\[[^[\]]*\]|\([^()]*\)/g, '')
        .split(/[\s>+~]+/)
        .at(-1) ?? '';
    const keys = [/^[A-Za-z][\w-]*/.exec(subject)?.[0].toLowerCase() ?? ''];
    for (const simple of subject.matchAll(/[#.][\w-]+/g)) keys.push(simple[0]);
    const rule = { keys: keys.filter(Boolean), before: pseudo[1] !== undefined, content };
    const first = rule.keys[0] ?? '';
    if (!rules.has(first)) rules.set(first, []);
    rules.get(first)!.push(rule);
  }
}

/**
 * The size a `font` shorthand's value sets: its first word that is a size (`0` in `0/0 a`, `16px` in `italic 16px/1.5
 * serif`), `medium` for a system font (`caption`), the keyword of one that is a keyword alone; '' when it names none.
 */
function fontSizeOf(value: string): string {
  if (/^(?:inherit|initial|unset|revert|revert-layer)$/.test(value))
    return value === 'initial' ? 'medium' : value;
  if (/^(?:caption|icon|menu|message-box|small-caption|status-bar)$/.test(value)) return 'medium';
  for (const word of value.split(/\s+/)) {
    const size = word.split('/')[0]!;
    if (FONT_SIZE_WORD.test(size)) return size;
  }
  return '';
}

/**
 * `value` with each CSS comment one space, a comment left open running to the end: as `.replace(/\/\*.*?(?:\*\/|$)/gs,
 * ' ')` writes it, by `indexOf` and one join. The regex's replace cost ten times as much per character once a value
 * held about half a million comments (V8's builder of the replaced string), so 8 times the text cost 20 times the time.
 */
function cssCommentsAsSpace(value: string): string {
  const kept: string[] = [];
  let from = 0;
  for (let open = value.indexOf('/*'); open !== -1; open = value.indexOf('/*', from)) {
    const close = value.indexOf('*/', open + 2);
    kept.push(value.slice(from, open));
    from = close === -1 ? value.length : close + 2;
  }
  kept.push(value.slice(from));
  return kept.join(' ');
}

/**
 * The elements whose end tag may be left out, and what ends them, as HTML's parser reads it: the start tags that end
 * one (`starts`), and the container it sits in (`container`), whose end tag ends it too. A start tag inside another
 * container of that kind (a list in a list item) ends nothing until that container ends.
 */
const CLOSED_BY = new Map<string, { starts: RegExp; container: RegExp }>([
  [
    'p',
    {
      starts:
        /^(?:address|article|aside|blockquote|details|dialog|div|dl|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|main|menu|nav|ol|p|pre|section|table|ul)$/,
      container:
        /^(?:div|li|td|th|body|html|section|article|aside|blockquote|main|nav|header|footer|details|dialog)$/,
    },
  ],
  ['li', { starts: /^li$/, container: /^(?:[uo]l|menu)$/ }],
  ['dt', { starts: /^d[td]$/, container: /^dl$/ }],
  ['dd', { starts: /^d[td]$/, container: /^dl$/ }],
  ['option', { starts: /^(?:option|optgroup)$/, container: /^(?:select|datalist|optgroup)$/ }],
  ['rt', { starts: /^r[tp]$/, container: /^ruby$/ }],
  ['rp', { starts: /^r[tp]$/, container: /^ruby$/ }],
]);

/**
 * The text a page shows between `from` and `to`, inside an element hidden as `hiding` says (by `visibility` or a zero
 * `font-size`): that of each descendant that shows again (read as `removeMarkup` reads shown text), nothing else.
 */
function shownDescendants(text: string, from: number, to: number, hiding: Hiding): string {
  // Read four such elements deep at most, each reading the text once more: past that, nothing is shown.
  if (hiddenDepth >= 4) return '';
  hiddenDepth++;
  try {
    return readShownDescendants(text, from, to, hiding);
  } finally {
    hiddenDepth--;
  }
}

/** How many elements hidden by inherited properties the reading is inside ({@link shownDescendants}). */
let hiddenDepth = 0;

function readShownDescendants(text: string, from: number, to: number, hiding: Hiding): string {
  const shown: string[] = [];
  TAG_OPENING.lastIndex = from;
  for (let tag = TAG_OPENING.exec(text); tag !== null && tag.index < to; tag = TAG_OPENING.exec(text)) {
    const end = Math.min(to, markupEnd(text, tag.index));
    const name = tag[1]!.toLowerCase();
    const attributes = text.slice(tag.index + 1 + name.length, end);
    const style = readStyle(attributes);
    const next = hidingOf(style, hiding);
    const changed = next.visibility !== hiding.visibility || next.font !== hiding.font;
    // Hidden whatever its descendants set: a hidden element, `display:none`, a zero opacity, a `hidden` attribute.
    const blocked =
      HIDDEN_ELEMENT.test(name) ||
      hiddenByAttribute(attributes, style) ||
      styleHides({ ...style, visibility: '', 'font-size': '' });
    const showsAgain = !(blocked || next.visibility || next.font);
    if (VOID.test(name) || !(changed || blocked)) {
      // An image or input shown again shows its text; any other element is read into.
      if (showsAgain && name === 'img') shown.push(attributeOf(attributes, 'alt') ?? '');
      if (showsAgain && name === 'input') shown.push(inputText(attributes));
      TAG_OPENING.lastIndex = end;
      continue;
    }
    const elementTo = Math.min(to, elementEnd(text, name, end));
    if (showsAgain) shown.push(removeMarkup(text.slice(end, elementTo), true));
    else if (!blocked) shown.push(shownDescendants(text, end, elementTo, next));
    TAG_OPENING.lastIndex = elementTo;
  }
  return shown.join('');
}

/** A start tag's name. */
const TAG_OPENING = /<([A-Za-z][^\t\n\f\r />]*)/g;

/**
 * What an empty `<textarea>` (its start tag's `attributes` ending at `end`) shows: its placeholder. One that holds
 * text (a first line feed aside, which HTML drops) shows that text, read where it stands.
 */
function textareaPlaceholder(text: string, attributes: string, end: number): string {
  if (hides(attributes) || !/^(?:\r?\n)?<\/textarea(?=[\t\n\f\r />]|$)/i.test(text.slice(end, end + 13)))
    return '';
  return attributeOf(attributes, 'placeholder') ?? '';
}

/** What an `<input>` shows: its value, else its placeholder, for the types that show text. */
function inputText(attributes: string): string {
  if (!TEXT_INPUT.test(attributeOf(attributes, 'type') ?? '')) return '';
  return attributeOf(attributes, 'value') ?? attributeOf(attributes, 'placeholder') ?? '';
}

/** What changes a script's state: a comment's start or end, a `<script` or `</script` tag (case ignored). */
const SCRIPT_STATE = /<!--|-->|<(\/?)script(?=[\t\n\f\r />])/gi;

/**
 * Where a `<script>` whose start tag ends at `from` ends, as HTML's tokenizer reads script data: after the first
 * `</script>`, unless a `<!--` escaped it and a `<script` inside double-escaped it (`<script><!--<script></script>x
 * --></script>` holds `x`); a `</script>` then leaves the double escape only, a `-->` every escape. Else the text's end.
 */
function scriptEnd(text: string, from: number): number {
  let escaped = false;
  let double = false;
  SCRIPT_STATE.lastIndex = from;
  for (let found = SCRIPT_STATE.exec(text); found !== null; found = SCRIPT_STATE.exec(text)) {
    const [token, slash] = found;
    if (token === '<!--') escaped ||= true;
    else if (token === '-->') escaped = double = false;
    else if (slash === '') double ||= escaped;
    else if (double) double = false;
    else {
      const close = text.indexOf('>', SCRIPT_STATE.lastIndex);
      return close === -1 ? text.length : close + 1;
    }
  }
  return text.length;
}

/**
 * Where the element `name` whose start tag ends at `from` ends: after its matching end tag (elements of the same
 * name nest; a raw text element such as `<script>` ends at its first end tag), else at the end of the text.
 */
function elementEnd(text: string, name: string, from: number): number {
  if (name === 'script') return scriptEnd(text, from);
  const raw = RAW_TEXT.test(name);
  const closedBy = raw ? undefined : CLOSED_BY.get(name);
  let depth = 1;
  let inner = 0; // containers of its kind opened inside it and not yet closed
  ELEMENT_TAG.lastIndex = from;
  for (let tag = ELEMENT_TAG.exec(text); tag !== null; tag = ELEMENT_TAG.exec(text)) {
    // A tag that ends the element without its end tag (`<p hidden>…<div>`, `<li>…<li>`, `</ul>`) ends it there.
    if (closedBy !== undefined && depth === 1) {
      const tagName = tag[2]!.toLowerCase();
      if (tag[1] === '' && inner === 0 && closedBy.starts.test(tagName)) return tag.index;
      if (closedBy.container.test(tagName)) {
        if (tag[1] === '') inner++;
        else if (inner > 0) inner--;
        else return tag.index;
      }
    }
    if (tag[2]!.toLowerCase() !== name) continue;
    if (tag[1] === '') {
      if (!raw) depth++;
      continue;
    }
    if (--depth > 0) continue;
    const close = text.indexOf('>', ELEMENT_TAG.lastIndex);
    return close === -1 ? text.length : close + 1;
  }
  return text.length;
}

/**
 * `text` with each markdown inline link read as its text and each inline image as its alt text: the `[` (`![`) and
 * the `](destination "title")` dropped. Brackets pair as a stack; a destination's parentheses are paired once per
 * line from its first `](`, so reading is linear. Backslash escapes are read: `\[` opens nothing.
 */
function readLinks(text: string): string {
  // Reference links (`[text][label]`, `[text][]`) render only with a definition of their label; definitions do not
  // show, used or not, and a footnote's text shows at the bottom of the page (GFM), never where it is written.
  const labels = new Set<string>();
  const notes: string[] = [];
  if (text.includes(']:'))
    text = text.replace(DEFINITION, (_, footnote, note, label) => {
      if (footnote === undefined) labels.add(labelOf(label));
      else notes.push(note);
      return '';
    });
  if (notes.length > 0) text += `\n\n${notes.join('\n')}`;
  if (!text.includes('](') && !text.includes('][')) return text;
  const dropped: number[] = []; // start and end offsets, flat
  const brackets: number[] = [];
  const closing = new Map<number, number>();
  let paired = -1; // where the parentheses are paired up to
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '[') brackets.push(at);
    else if (char === ']') {
      const opened = brackets.pop();
      if (opened !== undefined && text[at + 1] === '[' && labels.size > 0) {
        // A label holds no bracket and at most 999 characters: each `][` looks that far at most, so reading is linear.
        const label = /^[^[\]]{0,999}\]/.exec(text.slice(at + 2, at + 1003))?.[0];
        const name = label === undefined ? '' : labelOf(label.slice(0, -1) || text.slice(opened + 1, at));
        if (label !== undefined && labels.has(name)) {
          const close = at + 2 + label.length;
          dropped.push(opened > 0 && text[opened - 1] === '!' ? opened - 1 : opened, opened + 1, at, close);
          at = close - 1;
          continue;
        }
      }
      if (opened === undefined || text[at + 1] !== '(') continue;
      if (paired <= at) paired = pairParentheses(text, at + 1, closing);
      const close = closing.get(at + 1);
      if (close === undefined) continue;
      dropped.push(opened > 0 && text[opened - 1] === '!' ? opened - 1 : opened, opened + 1, at, close + 1);
      at = close;
    }
  }
  // A link's opener comes before those of the links it holds, so the stretches are put in order.
  const stretches: Array<[number, number]> = [];
  for (let k = 0; k < dropped.length; k += 2) stretches.push([dropped[k]!, dropped[k + 1]!]);
  stretches.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of stretches) {
    parts.push(text.slice(from, Math.max(from, start)));
    from = Math.max(from, end);
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** A reference link's label as markdown matches it: case and runs of white space do not count. */
const labelOf = (label: string): string => replaceRuns(label.trim(), WHITESPACE, ' ').toLowerCase();

/** Pairs the parentheses from `from` (a `(`) to the end of its line into `closing`; returns where the line ends. */
function pairParentheses(text: string, from: number, closing: Map<number, number>): number {
  const open: number[] = [];
  let at = from;
  for (; at < text.length && text[at] !== '\n' && text[at] !== '\r'; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '(') open.push(at);
    else if (text[at] === ')' && open.length > 0) closing.set(open.pop()!, at);
  }
  return at;
}

/** Where the markup opened at `at` ends; every scan moves forward, so removing all markup is linear. */
function markupEnd(text: string, at: number): number {
  if (text.startsWith('<!--', at)) {
    // `<!-->` and `<!--->` are whole (empty) comments.
    if (text.startsWith('>', at + 4)) return at + 5;
    if (text.startsWith('->', at + 4)) return at + 6;
    COMMENT_END.lastIndex = at + 4;
    return COMMENT_END.exec(text) === null ? text.length : COMMENT_END.lastIndex;
  }
  // A declaration, a processing instruction or `</` before no letter runs to the next `>`.
  if (
    text[at + 1] !== '/' ? text[at + 1] === '!' || text[at + 1] === '?' : !/[A-Za-z]/.test(text[at + 2] ?? '')
  ) {
    const close = text.indexOf('>', at + 2);
    return close === -1 ? text.length : close + 1;
  }
  // A tag ends at the first `>` outside a quoted attribute value (`<span title="a>b">`), read part by part.
  NAME_REST.lastIndex = at + 2;
  NAME_REST.exec(text);
  TAG_PART.lastIndex = NAME_REST.lastIndex;
  for (let part = TAG_PART.exec(text); part !== null; part = TAG_PART.exec(text))
    if (part[0].endsWith('>')) return TAG_PART.lastIndex;
  return text.length;
}
