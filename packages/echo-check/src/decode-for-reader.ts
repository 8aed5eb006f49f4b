import { toAsciiDigits } from './ascii-digits.js';

const REFERENCE =
  /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));?|&([A-Za-z][A-Za-z0-9]{0,31})(;?)|%([0-9a-fA-F]{2})/g;
const MAY_CHANGE = /&#|&[A-Za-z]|%[0-9a-fA-F]{2}|<[A-Za-z!?/]|(?![0-9])\p{Nd}|[\u{E0020}-\u{E007E}]/u;
const TAG = /[\u{E0020}-\u{E007E}]/gu;
/** A `<` that opens markup: a start or end tag, a comment, a declaration or a processing instruction. */
const MARKUP = /<[A-Za-z!?/]/g;
/** Elements a page shows apart from their neighbours, so the words on either side stay apart (`Osprey<br>Q47`). */
const BLOCK =
  /^<\/?(?:br|p|div|li|[uo]l|d[ldt]|t[rdh]|h[1-6r]|table|blockquote|pre|section|article|header|footer)\b/i;
const COMMENT_END = /--!?>/g;
/** What ends a tag, or starts a quoted attribute value in which a `>` ends nothing. */
const TAG_END = />|=\s*(["'])/g;
/** HTML names decoded without their `;`, as browsers do (`&shy` before a letter is a soft hyphen). */
const LEGACY = /^(?:nbsp|shy|amp|AMP|lt|LT|gt|GT|quot|QUOT|ordf|sup[123]|frac(?:12|14|34))/;
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
    'shy ZeroWidthSpace NegativeVeryThinSpace NegativeThinSpace NegativeMediumSpace NegativeThickSpace NoBreak zwj zwnj lrm rlm af ApplyFunction it InvisibleTimes ic InvisibleComma',
  ],
  [
    ' ',
    'nbsp NonBreakingSpace ensp emsp emsp13 emsp14 numsp puncsp thinsp ThinSpace hairsp VeryThinSpace MediumSpace ThickSpace Tab NewLine',
  ],
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
]) {
  for (const name of names!.split(' ')) NAMED.set(name, shown!);
}

/**
 * `text` as a page or a link shows it: HTML markup removed (tags, `<wbr>` and `<b></b>` included, comments,
 * declarations and processing instructions; a block element's tag such as `<br>` or `<p>` is read as a line break,
 * and an unclosed tag or comment hides the rest, as in a browser), character references decoded once (numeric
 * ones with or without their `;`, and named ones: see `decodeNamed`), percent-escapes (`%61`) decoded, decimal
 * digits of other scripts (`٠`, `०`) written as ASCII digits, and tag characters (U+E0020–U+E007E, invisible, but
 * read by programs and models) as the ASCII they stand for. Null when there is nothing to decode. A leak is
 * searched in this reading as well as in the text as written, since decoding can also join or part characters
 * that the written text shows in a row. Linear in the length of the text.
 */
export function decodeForReader(text: string): string | null {
  if (!MAY_CHANGE.test(text)) return null;
  return toAsciiDigits(removeMarkup(text).replace(REFERENCE, decodeReference)).replace(TAG, (tag) =>
    String.fromCharCode(tag.codePointAt(0)! - 0xe0000),
  );
}

function decodeReference(
  reference: string,
  decimal?: string,
  hex?: string,
  name?: string,
  semicolon?: string,
  percent?: string,
): string {
  if (name !== undefined) return decodeNamed(name, semicolon === ';') ?? reference;
  const code = Number.parseInt(decimal ?? hex ?? percent!, decimal === undefined ? 16 : 10);
  // A reference to no character (past U+10FFFF, or a surrogate) shows as U+FFFD; keep it as written instead.
  return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : reference;
}

/**
 * What a named reference shows: a name of `NAMED`, a mathematical letter or a fraction; a legacy name before other
 * letters, with or without a `;` after them (`&shyab` shows a soft hyphen, then `ab`), as HTML reads it; any other
 * name with its `;` shows one character a marker does not hold (`&eacute;`), read as U+FFFD, unless it is made of
 * hex digits only (no HTML name outside `NAMED` is), which a page shows as written. Null to keep it as written.
 */
function decodeNamed(name: string, closed: boolean): string | null {
  const form = LETTER_OR_FRACTION.exec(name);
  const known = NAMED.get(name) ?? (form === null ? undefined : (form[1] ?? `${form[2]}⁄${form[3]}`));
  if (closed && known !== undefined) return known;
  // Of the legacy names, only `lt` and `gt` begin longer names (`&ltimes;`, `&gtrsim;`).
  const legacy = LEGACY.exec(name)?.[0];
  if (legacy !== undefined && !(closed && /^[lg]t/i.test(legacy))) {
    return decodeNamed(legacy, true) + name.slice(legacy.length) + (closed ? ';' : '');
  }
  return closed && !/^[0-9a-f]+$/i.test(name) ? '\ufffd' : null;
}

/** `text` without its markup, a block element's tag read as a line break (see `decodeForReader`). */
function removeMarkup(text: string): string {
  const parts: string[] = [];
  let from = 0;
  MARKUP.lastIndex = 0;
  for (let open = MARKUP.exec(text); open !== null; open = MARKUP.exec(text)) {
    parts.push(text.slice(from, open.index), BLOCK.test(text.slice(open.index, open.index + 13)) ? '\n' : '');
    from = MARKUP.lastIndex = markupEnd(text, open.index);
  }
  parts.push(text.slice(from));
  return parts.join('');
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
  // A tag ends at the first `>` outside a quoted attribute value (`<span title="a>b">`).
  TAG_END.lastIndex = at + 2;
  for (let end = TAG_END.exec(text); end !== null; end = TAG_END.exec(text)) {
    if (end[1] === undefined) return TAG_END.lastIndex;
    const close = text.indexOf(end[1], TAG_END.lastIndex);
    if (close === -1) return text.length;
    TAG_END.lastIndex = close + 1;
  }
  return text.length;
}
