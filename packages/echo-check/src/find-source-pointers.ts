import { replaceRuns, runClass, shortenRuns, wholeRun } from '@gk/internal';
import { toAsciiDigits } from './ascii-digits.js';
import { removeMarkup, renderMarkup } from './decode-for-reader.js';
import { removeMarksOnNumbers } from './remove-marks-on-numbers.js';
import { reverseOverrides } from './reverse-overrides.js';

/** A run of 1-based source numbers a text points at, `first` to `last` inclusive (one number when equal). */
export interface SourcePointer {
  first: number;
  last: number;
  /**
   * A dagger citation, read one- and zero-based (`【2†L1-L5】` names 2 or 3): it names one of `first` and `last`, not
   * both.
   */
  either?: true;
  /**
   * Numbers alone in round parentheses (`(2)`, `(1, 2)`, `(2024)`): a pointer to a source the reader was shown, but
   * also how prose writes a year or a count, so no pointer to a number past the passages.
   */
  bare?: true;
}

// The tables built by a call are built in calls marked pure (`/* @__PURE__ */ (() => …)()`), so a bundle that reads
// no pointer (`containsMarker` alone) drops them: a bundler keeps a call it cannot prove free of side effects.
// Any bracket: open and close punctuation (`[`, `(`, `【`, `⦅`, `❨`, `⌈` and the rest of Unicode's Ps and Pe, full-width
// forms too, but not the low quotation marks `„` `‚` `⹂` that open a German quotation), and the single angle quotation
// marks. A bracketed group holds no bracket and at most 120 characters: each opener scans only to the next bracket.
const GROUP = /(?![„‚⹂])[\p{Ps}‹]([^\p{Ps}\p{Pe}‹›]{0,120})[\p{Pe}›]/gu;
/** Words that name a source before its number (`[Source 2]`, `[S2]`, `(see ref. 2)`, `#cite_note-2`). */
const LABELS = /* @__PURE__ */ (() =>
  new Set(
    (
      'source sources src s ref refs reference references cite cited citation citations doc docs document ' +
      'documents d passage passages p context ctx result results search excerpt excerpts snippet snippets chunk ' +
      'chunks fn fnref footnote footnotes note notes n no nr number id index idx see also cf and or to through thru'
    ).split(' '),
  ))();
/** Words after which a number is a place in a source, not a source (`[2, pp. 4-5]`, `【2†L1-L5】`). */
const LOCATORS = /* @__PURE__ */ (() => new Set('page pages pp pg para line lines l ll at'.split(' ')))();
const RANGE_WORDS = new Set(['to', 'through', 'thru']);
/** A label word in prose, then its number or list (`Source 2`, `sources 1 and 2`, `passage no. 2`). */
const LABEL_NAMES =
  'sources?|passages?|documents?|docs?|references?|refs?|citations?|excerpts?|snippets?|footnotes?';
const NUMBER_AFTER = '(?![.,]\\d|\\d|\\p{L})';
// Each number is whole (no decimal, no letters after it), so `source 2.0` is no pointer; a list reads 33 numbers at most.
// A number is at most 64 digits (a longer one names no source): under `u`, in a text that is not Latin-1, V8 keeps a
// backtrack entry per digit of `\d+`, and `Source 1111…` of millions of digits overflowed its stack (RangeError).
const LIST_STEP = /* @__PURE__ */ (() =>
  `(?:\\s{0,3}(?:[,;&/+]|and|or|to|through|thru|[-–—−~])\\s{0,3}(?:(?:${LABEL_NAMES})\\s{0,3})?#?\\d{1,64}${NUMBER_AFTER})`)();
// The label may be joined to its number (`Source2`, `Source-2`, `doc_2`), but not run on into a longer word.
const PROSE_LABEL = /* @__PURE__ */ (() =>
  new RegExp(
    `\\b(?:${LABEL_NAMES})(?!\\p{L})\\.?[\\s_-]{0,3}(?:(?:#|no\\.?|number|nr\\.?|:)\\s{0,3})?#?\\d{1,64}${NUMBER_AFTER}${LIST_STEP}{0,32}`,
    'gu',
  ))();
const WORD_NUMBERS = /* @__PURE__ */ (() => 'one two three four five six seven eight nine ten'.split(' '))();
const ORDINALS = /* @__PURE__ */ (() =>
  'first second third fourth fifth sixth seventh eighth ninth tenth'.split(' '))();
const NOUNS = 'source|passage|document|doc|excerpt|reference|snippet|result|context|citation';
const ORDINAL_NOUN = /* @__PURE__ */ (() =>
  new RegExp(`\\b(${ORDINALS.join('|')}|\\d{1,4}(?:st|nd|rd|th))\\s+(?:${NOUNS})s?\\b`, 'g'))();
const NOUN_WORD = /* @__PURE__ */ (() =>
  new RegExp(`\\b(?:${NOUNS})\\s+(${WORD_NUMBERS.join('|')})\\b`, 'g'))();
// Leading zeros are read by a loop of one character and the rest as at most 16 digits (2^53 has 16): a number with more
// names no source, as before. `(\d+)` kept a backtrack entry per digit once V8 compiles patterns without
// optimizations, and `#source1111…` of millions of digits overflowed its stack (RangeError).
const ANCHOR =
  /#(?:source|src|reference|ref|cite[-_]?note|cite[-_]?ref|citation|cite|fnref|footnote|fn|note|document|doc|passage|s|p)[-_:]?0*(\d{1,16})(?!\d)/g;
/**
 * White space, whose runs past 256 characters are cut to their first and last 128 where `ORDINAL_NOUN` and `NOUN_WORD`
 * read them (whole, with `\s+`, which kept a backtrack entry per character once V8 compiles patterns without
 * optimizations: `source` and millions of spaces overflowed its stack).
 */
const SPACES = /* @__PURE__ */ runClass('\\s');
/** Roman numerals I to XXXIX alone in square brackets (`[ii]`, `[Ⅱ]` after NFKC); a lone `[x]` is a checkbox. */
const ROMAN = /\[\s{0,3}([ivx]{1,7})\s{0,3}\]/gu;
const ROMAN_NUMERAL = /^(x{0,3})(ix|iv|v?i{0,3})$/u;
/** `<2>`, `<1, 2>` with nothing spaced inside the brackets (`x < 2 > y` is a comparison). */
const ANGLE = /<(?!\s)([^<>\n]{0,120})(?<!\s)>/gu;
// `Notes` heads remarks, not sources: it is no source heading.
// Their runs are read whole in pieces (`wholeRun`): what follows each cannot start with one of its characters, and
// `[\s#*_>]*` or `(\d+)` kept a backtrack entry per character once V8 compiles patterns without optimizations (a
// heading or entry of millions of spaces or digits overflowed its stack).
const SOURCES_HEADING = /* @__PURE__ */ (() =>
  new RegExp(
    `^(?:${wholeRun('[\\s#*_>]')})?(?:sources?|references?|citations?|bibliography|works cited|cited sources|footnotes?)` +
      `(?:${wholeRun('\\s')}(?:used|cited))?(?:${wholeRun('[\\s*_]')})?(?::(?:${wholeRun('[\\s*_]')})?)?$`,
  ))();
/** `lead`, `first` (and `last`) number, `end`: what a source list's entry starts with. */
const LIST_ENTRY = /* @__PURE__ */ (() =>
  new RegExp(
    `^(?<lead>(?:${wholeRun('[\\s>*+•·–—-]')})?[([]?)(?<first>${wholeRun('\\d')})` +
      `(?:(?:${wholeRun('\\s')})?[-–—](?:${wholeRun('\\s')})?(?<last>${wholeRun('\\d')}))?(?<end>[.)\\]:–—-]|\\s|$)`,
  ))();
/** What a reader does not see: default-ignorable code points (zero-width spaces, joiners, soft hyphens) and bidi controls. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
/**
 * HTML character references: numeric ones (with any number of leading zeros, as browsers read `&#00000050;`), and the
 * few named ones that render as brackets, digits or list marks.
 */
const ENTITY = /&(?:#0*(\d{1,7})|#x0*([0-9a-f]{1,6})|([a-z]{2,8}\d?));/gi;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lsqb: '[',
  lbrack: '[',
  rsqb: ']',
  rbrack: ']',
  lpar: '(',
  rpar: ')',
  lcub: '{',
  lbrace: '{',
  rcub: '}',
  rbrace: '}',
  lt: '<',
  gt: '>',
  amp: '&',
  num: '#',
  hat: '^',
  comma: ',',
  sup1: '¹',
  sup2: '²',
  sup3: '³',
  dagger: '†',
  ndash: '–',
  mdash: '—',
  nbsp: ' ',
};
/** A markdown backslash escape renders the punctuation alone (`\\[2\\]` shows `[2]`). */
const ESCAPE = /\\([!-/:-@[-`{-~])/gu;
/** An HTML superscript with its content, tags spaced or not (`< sup>2</ sup>`); `<sup-x>` is another element. */
const SUP_ELEMENT = /<\s{0,8}sup(?=[\s/>])[^<>]{0,64}>([^<>]{0,64})<\s{0,8}\/\s{0,8}sup\s{0,8}>/giu;
/** Stands for an exponent (`10²`, `10^2`, `10<sup>2</sup>`): no reader takes it for a number or a bracket. */
const EXPONENT = '\u{E000}';
// Superscript digits and the signs between them, each run read in `superscriptRuns`: a digit, then digits, each perhaps
// after one sign. Matched as one character class and split in code, since a regex that repeats a group per digit keeps
// a backtrack entry per digit and overflows V8's stack on millions of them. The expressions here that need no Unicode
// property go without the `u` flag: in a text that is not Latin-1, V8 keeps a backtrack entry per character of even a
// single class repeated under `u`, and a run of millions (`²⁻²⁻…`, digits after `^`) overflowed its stack (RangeError).
// What `[⁰¹²³⁴-⁹][,˒⸴⁻‐-—\-⁰¹²³⁴-⁹]*` matches: in each run of the signs of a stretch, from its first superscript digit
// to the run's end, the run read by searches (as a repeated class it overflowed V8's stack on millions of superscripts
// where V8 does not optimize a regular expression).
const STRETCH_SIGNS = runClass(',˒⸴⁻‐-—\\-⁰¹²³⁴-⁹');
const FIRST_SUPERSCRIPT_DIGIT = /[⁰¹²³⁴-⁹]/g;

/** `text` with each superscript stretch replaced by what `replace` returns for it and where it starts. */
function replaceStretches(text: string, replace: (stretch: string, offset: number) => string): string {
  return replaceRuns(text, STRETCH_SIGNS, (run, start) => {
    FIRST_SUPERSCRIPT_DIGIT.lastIndex = 0;
    const first = FIRST_SUPERSCRIPT_DIGIT.exec(run)?.index;
    return first === undefined ? run : run.slice(0, first) + replace(run.slice(first), start + first);
  });
}
const SUPERSCRIPT_DIGIT = /[⁰¹²³⁴-⁹]/u;
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const UNITS = new Set(['m', 'cm', 'mm', 'km', 'dm', 'nm', 'µm', 'μm', 'ft', 'in', 'yd', 'mi', 's']);
/**
 * Markdown emphasis and code delimiters, which a page does not show (`[*2*]` shows `[2]`), in runs read by searches (a
 * repeated class overflowed V8's stack on millions where it does not optimize a regular expression).
 */
const EMPHASIS = runClass('*_~`');
const CIRCLED = /[\u2460-\u2473\u24f5-\u24fe\u2776-\u2793]/gu;

/**
 * Every place a text points at a source number in citation-like syntax, whatever its form: bracketed numbers,
 * lists and ranges in any bracket (`[1-2]`, `(1, 2)`, `【2】`, `［２］`), superscripts (`²`, `¹˒²`, `<sup>2</sup>`),
 * footnotes (`[^2]`, `^2`), labels (`[S2]`, `(Source 2)`, `Source 2`, `the second passage`), tool citations
 * (`【4:1†source】`, `【2†L1-L5】`, `[†2]`), link anchors (`#source-2`), Roman numerals in square brackets (`[ii]`)
 * and the entries of a numbered source list. The text is read as written and as it renders: invisible characters
 * removed, markdown escapes undone, HTML references decoded; and once more with its markup removed, hidden elements
 * dropped, links read as their text and markdown emphasis removed (`[<b></b>2]`, `[2<!-- -->]`, `[*2*]`,
 * `<sup><span hidden>x</span>2</sup>`; see `renderForReader`), `<sup>` kept. A superscript or caret after a digit, a unit or a formula is an exponent
 * (`10²`, `E = mc²`), not a footnote. It reads a possible pointer as one: the echo check is strict. Linear in the
 * length of the text.
 */
export function findSourcePointers(text: string): SourcePointer[] {
  const pointers: SourcePointer[] = [];
  readPointers(normalize(text), pointers);
  // Markup removed, but character references left for `normalize` to decode once (`&amp;#91;` shows `&#91;`).
  const rendered = replaceRuns(renderMarkup(text, true) ?? removeMarkup(text), EMPHASIS, '');
  if (rendered !== text) readPointers(normalize(rendered), pointers);
  // What a right-to-left override (U+202E, `<bdo dir="rtl">`) governs shows reversed, as the leak search reads it:
  // `\u202e]2[\u202c` shows `[2]`.
  for (const reading of rendered === text ? [text] : [text, rendered]) {
    const turned = reverseOverrides(reading);
    if (turned !== null) readPointers(normalize(turned), pointers);
  }
  return pointers;
}

/** Adds the pointers of a normalized text (see `findSourcePointers`). */
function readPointers(normalized: string, pointers: SourcePointer[]): void {
  for (const match of normalized.matchAll(GROUP)) readGroup(match[1]!, pointers, match[0].startsWith('('));
  for (const match of normalized.matchAll(PROSE_LABEL)) readGroup(match[0], pointers);
  const spaced = shortenRuns(normalized, SPACES, 128);
  for (const match of spaced.matchAll(ORDINAL_NOUN)) {
    const word = match[1]!;
    const n = ORDINALS.includes(word) ? ORDINALS.indexOf(word) + 1 : Number.parseInt(word, 10);
    pointers.push({ first: n, last: n });
  }
  for (const match of spaced.matchAll(NOUN_WORD)) {
    const n = WORD_NUMBERS.indexOf(match[1]!) + 1;
    pointers.push({ first: n, last: n });
  }
  for (const { start, end } of caretNumbers(normalized)) {
    const digits = normalized.slice(start + 1, end);
    push(pointers, digits, digits);
  }
  for (const match of normalized.matchAll(ANCHOR)) push(pointers, match[1]!, match[1]!);
  for (const match of normalized.matchAll(ANGLE)) readGroup(match[1]!, pointers);
  for (const match of normalized.matchAll(ROMAN)) {
    const roman = ROMAN_NUMERAL.exec(match[1]!);
    if (roman && match[1] !== 'x') {
      const ones = roman[2]!;
      const n =
        10 * roman[1]!.length +
        (ones === 'ix'
          ? 9
          : ones === 'iv'
            ? 4
            : (ones.startsWith('v') ? 5 : 0) + ones.replace('v', '').length);
      pushNumber(pointers, n);
    }
  }
  readSourceList(normalized, pointers);
}

/** Whether a pointer of `text` names `source`. */
export function pointsAtSource(text: string, source: number): boolean {
  return findSourcePointers(text).some((pointer) => pointer.first <= source && source <= pointer.last);
}

const CARET_DIGIT = /\^\d/g;
const NOT_DIGIT = /\D/g;

/**
 * Each `^` with the ASCII digits after it (what `\^\d+` matches) in `text`: where it starts and ends. The digits are
 * read to their end by a search: a repeated class keeps a backtrack entry per digit where V8 does not optimize it (in
 * a process that has compiled many regular expressions), and millions of digits overflowed its stack.
 */
function caretNumbers(text: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  CARET_DIGIT.lastIndex = 0;
  for (let caret = CARET_DIGIT.exec(text); caret !== null; caret = CARET_DIGIT.exec(text)) {
    NOT_DIGIT.lastIndex = caret.index + 2;
    const end = NOT_DIGIT.exec(text)?.index ?? text.length;
    found.push({ start: caret.index, end });
    CARET_DIGIT.lastIndex = end;
  }
  return found;
}

/** `text` with each caret number ({@link caretNumbers}) replaced by what `replace` returns for it and where it starts. */
function replaceCaretNumbers(text: string, replace: (caret: string, offset: number) => string): string {
  let out = '';
  let at = 0;
  for (const { start, end } of caretNumbers(text)) {
    out += text.slice(at, start) + replace(text.slice(start, end), start);
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The text as a reader sees it: HTML character references decoded (`&#91;` → `[`), then what is invisible removed
 * and markdown escapes undone (`\\[` → `[`). Then superscripts, carets and `<sup>` elements after an exponent base
 * (a digit, a unit, a formula: `10²`, `10^2`, `m²`, `mc²`) become one exponent mark, and the others footnote groups
 * (`²` → `[^2]`); circled digits become bracketed numbers; then NFKC (full-width forms, `𝟐`, `Ⅱ`), lower case, and
 * ASCII digits for every other decimal digit.
 */
function normalize(text: string): string {
  const elements = removeMarksOnNumbers(text.replace(ENTITY, decodeEntity).replace(INVISIBLE, ''))
    .replace(ESCAPE, '$1')
    .replace(SUP_ELEMENT, (_element, content: string, offset: number, whole: string) =>
      afterExponentBase(whole, offset) ? EXPONENT : ` [^${content}] `,
    );
  const carets = replaceCaretNumbers(elements, (caret, offset) =>
    afterExponentBase(elements, offset) ? EXPONENT : caret,
  );
  const normalized = replaceStretches(carets, (stretch, offset) =>
    superscriptRuns(stretch, (run, at) =>
      afterExponentBase(carets, offset + at) ? EXPONENT : ` [^${superscriptNumbers(run)}] `,
    ),
  )
    .replace(CIRCLED, (digit) => ` [${circledValue(digit.charCodeAt(0))}] `)
    .replace(/<\s{0,8}sup(?=[\s/>])[^<>]{0,64}>/giu, ' [^')
    .replace(/<\s{0,8}\/\s{0,8}sup\s{0,8}>/giu, '] ')
    .normalize('NFKC')
    .toLowerCase();
  return toAsciiDigits(normalized);
}

/**
 * `stretch` (see `replaceStretches`) with each run of superscript digits, one sign perhaps between two of them
 * (`¹˒²`, `¹⁻³`), replaced by `read(run, where it starts in the stretch)`; signs outside runs (`¹,,²`) kept. Linear.
 */
function superscriptRuns(stretch: string, read: (run: string, at: number) => string): string {
  const isDigit = (index: number) => index < stretch.length && SUPERSCRIPT_DIGIT.test(stretch[index]!);
  let out = '';
  let index = 0;
  while (index < stretch.length) {
    if (!isDigit(index)) {
      out += stretch[index];
      index += 1;
      continue;
    }
    const start = index;
    index += 1;
    while (isDigit(index) || (index + 1 < stretch.length && isDigit(index + 1) && !isDigit(index))) {
      index += isDigit(index) ? 1 : 2;
    }
    out += read(stretch.slice(start, index), start);
  }
  return out;
}

/** `¹²` names 12, or 1 and 2 (both are read); `¹˒²` 1 and 2; `¹⁻³` 1 to 3. */
function superscriptNumbers(run: string): string {
  let out = '';
  for (const char of run) {
    const digit = SUPERSCRIPT_DIGITS.indexOf(char);
    out += digit >= 0 ? String(digit) : char === '⁻' || /[‐-—-]/u.test(char) ? '-' : ',';
  }
  // Two digits or more (`^\d{2,}$`, read by a search: a repeated class overflowed V8's stack on millions where it does
  // not optimize a regular expression).
  return out.length >= 2 && !/\D/.test(out) ? `${out},${out.split('').join(',')}` : out;
}

function circledValue(code: number): number {
  if (code <= 0x2473) return code - 0x2460 + 1;
  if (code <= 0x24fe) return code - 0x24f5 + 1;
  return ((code - 0x2776) % 10) + 1;
}

/** The character a numeric or named reference stands for; an unknown or invalid one is left as written. */
function decodeEntity(entity: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : entity;
}

/**
 * Whether the superscript or caret at `offset` raises what comes before it to a power, so is no footnote: it
 * follows a digit (`10²`, `10^2`) or an exponent sign (`10⁻³`), a unit (`m²`, `cm^3`), a single letter (`x²`,
 * `πr²` with a Greek letter), an upper-case symbol of two or three letters (`CO²`), or two or three letters after a
 * digit or an operator (`2ab³`, `E = mc²`). A longer word (`flour²`) keeps its footnote.
 */
function afterExponentBase(text: string, offset: number): boolean {
  const before = text[offset - 1] ?? '';
  if (/[\p{Nd}⁻⁺]/u.test(before)) return true;
  let start = offset;
  while (start > 0 && offset - start < 4 && /[\p{L}µμ]/u.test(text[start - 1]!)) start--;
  const run = text.slice(start, offset);
  if (run === '' || run.length > 3 || (start > 0 && /\p{L}/u.test(text[start - 1]!))) return false;
  if (UNITS.has(run.toLowerCase()) || run.length === 1 || /^\p{Lu}+$/u.test(run) || /\p{sc=Greek}/u.test(run))
    return true;
  let operator = start;
  while (operator > 0 && start - operator < 3 && text[operator - 1] === ' ') operator--;
  return /[\p{Nd}=+\-−×·*/(^]/u.test(text[operator - 1] ?? '');
}

/**
 * Reads one group: only numbers, label and linking words, locators and list or range punctuation (so `(2 copies)`,
 * `(clause 2)` and `(2.0)` are no pointer). A dagger group names the number before it (`【2†L1-L5】`), or after the
 * colon (`【4:1†source】`, a result index): read one-based and zero-based, since either is written.
 */
function readGroup(content: string, pointers: SourcePointer[], round = false): void {
  const dagger = content.search(/[†‡]/u);
  if (dagger !== -1) {
    const before = content.slice(0, dagger);
    const head = /^\s*(?:\d+\s*:\s*)?(\d+)\s*$/u.exec(before);
    if (head) push(pointers, head[1]!, String(Number(head[1]) + 1), true);
    // A dagger before the number (`[†2]`) marks the group as a note: the rest is read as a group.
    else if (before.trim() === '') readGroup(content.slice(dagger + 1), pointers);
    return;
  }
  const tokens = content.match(/\d+|\p{L}+|\.{2,}|\S/gu) ?? [];
  const found: SourcePointer[] = [];
  let located = false;
  // A label or a footnote sign makes a group a pointer to any number (`(Source 7)`, `(^7)`); numbers alone in round
  // parentheses may be a year or a count.
  let marked = !round;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (/^\d/u.test(token)) {
      const rangeEnd = rangeAt(tokens, i + 1);
      const last = rangeEnd === -1 ? token : tokens[rangeEnd]!;
      if (!located) push(found, token, last);
      if (rangeEnd !== -1) i = rangeEnd;
      continue;
    }
    if (/^\p{L}/u.test(token)) {
      const isLocator = LOCATORS.has(token) || (token === 'p' && tokens[i + 1] === '.');
      if (!isLocator && !LABELS.has(token)) return;
      located = isLocator;
      marked ||= !isLocator;
      if (tokens[i + 1] === '.') i++;
      continue;
    }
    if (token === ',' || token === ';') located = false;
    else if (!/^(?:[\^#@:&/+|、・\-_–—−~〜]|\.{2,}|…)$/u.test(token)) return;
    else marked ||= /^[\^#@]$/u.test(token);
  }
  for (const pointer of found) {
    if (!marked) pointer.bare = true;
    pointers.push(pointer);
  }
}

/** The index of a range's last number when a range separator and a number follow `i`, else -1. */
function rangeAt(tokens: readonly string[], i: number): number {
  const separator = tokens[i];
  if (separator === undefined || !/^(?:[-–—−~〜]|\.{2,}|…|to|through|thru)$/u.test(separator)) return -1;
  if (/^\p{L}/u.test(separator) && !RANGE_WORDS.has(separator)) return -1;
  return /^\d/u.test(tokens[i + 1] ?? '') ? i + 1 : -1;
}

/**
 * After a line that heads a source list, each line that starts with a number names that source. Blank lines may
 * come before the first entry; the list then runs over its entries and their indented continuation lines, and ends
 * at a line that is no entry, or at a blank line unless the next entry is marked as the one before it (`1.` then
 * `2.`: a loose list), so `2 samples were taken.` after the list is prose.
 */
function readSourceList(text: string, pointers: SourcePointer[]): void {
  let state: 'out' | 'heading' | 'list' | 'gap' = 'out';
  let style = '';
  for (const line of text.split(/\r\n|[\n\r\u2028\u2029\v\f\u0085]/u)) {
    if (SOURCES_HEADING.test(line)) {
      state = 'heading';
      continue;
    }
    if (state === 'out') continue;
    if (line.trim() === '') {
      if (state === 'list') state = 'gap';
      continue;
    }
    const entry = LIST_ENTRY.exec(line)?.groups;
    const entryStyle = entry ? `${entry['lead']!.trim()}|${entry['end']!.trim()}` : '';
    if (entry && (state !== 'gap' || (entryStyle === style && !entryStyle.endsWith('|')))) {
      push(pointers, entry['first']!, entry['last'] ?? entry['first']!);
      style = entryStyle;
      state = 'list';
    } else if (state === 'list' && /^(?: {2}|\t)/u.test(line)) continue;
    else state = 'out';
  }
}

function pushNumber(pointers: SourcePointer[], n: number): void {
  pointers.push({ first: n, last: n });
}

/**
 * Adds `first`-`last` (either order; with `either`, one of the two); a number past 2^53 names nothing a passage list
 * could hold.
 */
function push(pointers: SourcePointer[], first: string, last: string, either = false): void {
  const a = Number(first);
  const b = Number(last);
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return;
  const pointer: SourcePointer = { first: Math.min(a, b), last: Math.max(a, b) };
  if (either) pointer.either = true;
  pointers.push(pointer);
}
