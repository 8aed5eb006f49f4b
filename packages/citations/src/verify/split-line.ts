import { wholeRun } from '@gk/internal';
import { isUnicodeSpace } from '../text/is-unicode-space.js';
import { shownCodePoint } from '../text/shown-code-point.js';
import { TRAILING_PUNCTUATION, trimEnd } from '../text/trim-end.js';
import type { Span } from '../types.js';
import { holdsLookAlikePair, QUOTATION_MARK } from './quotation-marks.js';
import {
  type CompiledIdentifierRule,
  foldIdentifierText,
  matchIdentifiers,
  LINK_PATTERN,
  mayHoldLink,
} from './identifier-rules.js';
import { hiddenSpans, lineCodeSpans, type Marker } from './parse-markers.js';
import { autolinkSpans } from './autolink-spans.js';
import { removeMarkers } from './remove-markers.js';
import { reorderingTag } from './reordering-tag.js';
import { isClose, isIgnorable, sentenceStarts, TERMINATOR } from './sentence-starts.js';
import { unitFact, unitFlag } from './unit-fact.js';

// One line of an answer at a time: its list prefix, its sentences, its units. The answer splitter runs these on
// whole lines, and on the part of a line that is still being written once a sentence end in it is certain.

/** One unit of an answer: a sentence (or line) with the markers that belong to it. */
export interface ClaimUnit {
  /** `answer.slice(span.start, span.end)`: the unit with its markers, list bullets and outer spaces removed. */
  text: string;
  span: Span;
  markers: Marker[];
  /** The text with markers (and the spaces before them) removed, trimmed. */
  textWithoutMarkers: string;
  /** Whether anything but markers, spaces, punctuation and layout is left ({@link CONTENT}). */
  hasContent: boolean;
}

/**
 * The units of lines in an HTML block, which read no markdown (their backticks and links' destinations show as typed):
 * the support check reads them so too. A mark on the unit, out of its visible shape ({@link unitFlag}).
 */
export const HTML_BLOCK_UNITS = unitFlag('html block');

/**
 * The units of lines in a fenced code block, which a page shows as typed: their tags open and close no element, so the
 * support check reads no element a snippet leaves open (`<iframe src={src} />`) as hiding the claims after it.
 */
export const CODE_UNITS = unitFlag('code');

/**
 * The block (paragraph, list item) each unit of a finished line belongs to, numbered in answer order: a blank line or
 * a list item starts the next. A strikethrough or a TeX phantom that a unit leaves open is read into the units after
 * it by the support check only while they are in its block, as a page shows it (no inline span crosses a block).
 */
export const BLOCK_OF = unitFact<number>('block');

/**
 * The units (and source-list entries) that start a line a page does not join to the line before it: one after a blank
 * line, a heading or no paragraph, and one that opens a block of its own (a heading, a list item, a block quote). A
 * soft line break joins the others to the line before (`[1][\n3]` shows `[1][ 3]`).
 */
export const PARAGRAPH_STARTS = unitFlag('paragraph start');

/**
 * The units (and source-list entries) that end their line with a backslash hard line break: a backslash no backslash
 * escapes, right before the line break, outside an HTML block or code. A page shows `[\` there as `[<br>`.
 */
export const HARD_BREAK_ENDS = unitFlag('hard break end');

/**
 * A list bullet or number (group `item`: the line is a list item), heading hashes or a block-quote mark at the start
 * of a line, and the spaces after it. The spaces are read whole in pieces (`wholeRun`): `[ \t\u00a0]*` kept a
 * backtrack entry per space once V8 compiles patterns without optimizations (millions of them overflowed its stack).
 */
export const LIST_PREFIX = /* @__PURE__ */ (() =>
  new RegExp(
    `^(?:${wholeRun('[ \\t\\u00a0]')})?(?:(?:(?<item>[-*+\\u2022\\u2023\\u25e6\\u25aa\\u2043]|\\d{1,3}[.)]|[a-zA-Z][.)])|#{1,6}|>)` +
      `${wholeRun('[ \\t\\u00a0]')})?`,
  ))();
/**
 * A letter, a digit, or a symbol past ASCII (an emoji, an arrow, a sign: `💊 ➡️ 👶 ☠️`) but a box-drawing or block
 * character or a bullet: what makes a unit's text a statement. ASCII symbols are markdown's layout (`---`, `|`, `>`,
 * `+`, `~~~`, `===`), and so are rules drawn with `─` or `═`. A modifier letter or symbol (`ʺ`, `ˮ`, `´`, `˝`, a
 * skin tone) says nothing alone: `cancer.ʺ [1]` has no statement after its full stop.
 */
export const CONTENT =
  /(?![\u02b0-\u02ff])[\p{L}\p{N}]|(?![\0-\x7f\u2500-\u259f\u25aa\u25e6])(?!\p{Sk})[\p{S}\p{Extended_Pictographic}\u20e3]/u;
// Abbreviations that do not end a sentence: titles before a name and Latin ones that introduce more. Any other
// abbreviation (etc., Inc., Ltd., al., Jr., No., months) may end one, and when in doubt the sentence ends there: a
// false no_marker is visible, while a merged claim would hide an uncited sentence behind a cited one.
const NON_FINAL = new Set(
  'mr mrs ms mx dr prof rev hon gen col lt sgt capt cmdr st mt ft sen rep gov pres supt fr e.g i.e cf vs viz'.split(
    ' ',
  ),
);
const ENDS_BEFORE_OPENER = new Set(['ft', 'st', 'mt']);
// Words that open a sentence far more often than they continue a name: after one of these, a boundary the segmenter
// found after an abbreviation or an initial stands ("Acme Inc. The tower", "the U.S. In 2020").
const SENTENCE_OPENERS = new Set(
  (
    'a all also although an and as at because before both but by despite during each either every few for from ' +
    'furthermore he her here hers his how however i if in instead it its many meanwhile more moreover most my ' +
    'neither no nor not of on one only or our overall she since so some such than that the their them then there ' +
    'these they this those thus to today under unlike we what when where whereas which while who why with yet you'
  ).split(' '),
);
const maskUrl = (url: string): string => {
  const core = trimEnd(url, TRAILING_PUNCTUATION);
  return 'x'.repeat(core.length) + url.slice(core.length);
};
const segmenters = new Map<string, Intl.Segmenter>();
/** What may end a sentence: a terminator, NEL, or a character reference (`&excl;`, `&#46;`). */
const SPLITS = new RegExp(`${TERMINATOR.source}|[&\\u0085]`, 'u');
// A character reference, as CommonMark reads one: decimal, hexadecimal or named.
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));/g;
/**
 * A character reference as the sentence scan reads it: the character it shows, then soft hyphens (which sentence
 * rules skip) to its length, so that its name is no word (`cancer.&nbsp;Water`, `cancer. &ldquo;Water`). Named ones
 * are read by their shape: a space (`nbsp`, `emsp13`, `ThinSpace`, `NewLine`, `Tab`; a line break written as a number
 * too, as it renders in a paragraph), a quotation mark (`quot`, `ldquo`, `apos`; one that only closes for `rdquo`,
 * `raquo`, `rsquo`, `rsaquo`, which French typography sets after a space: `X.&nbsp;&raquo; [1]`), `!`,
 * `?` or `.` (`excl`, `quest`, `period`), a capital (`Eacute`: its initial), or else nothing (`eacute`, `mdash`).
 */
const shown = (whole: string, decimal?: string, hex?: string, name = ''): string => {
  const char =
    decimal || hex
      ? String.fromCodePoint(shownCodePoint(decimal ? +decimal : Number.parseInt(hex!, 16))).replace(
          /[\n\r\u2028\u2029]/,
          ' ', // in a paragraph, a space
        )
      : /sp(?:1[34])?$|Space$|^(?:NewLine|Tab)$/.test(name)
        ? ' '
        : /quot?$|^apos$/.test(name)
          ? /^r.*quo$/.test(name)
            ? '\u201d'
            : '"'
          : /^(?:excl|quest|period)$/.test(name)
            ? '!?.'[name.length - 4]! // by length: excl, quest, period
            : /^[A-Z]/.test(name)
              ? name[0]!
              : '';
  return char + '\u00ad'.repeat(whole.length - char.length);
};

/** The sentence segmenter for a locale, cached. */
export function sentenceSegmenter(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    if (segmenters.size < 32) segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** What `String.prototype.trim` removes: ASCII and Unicode spaces, line breaks and the BOM. */
export const isSpaceCode = (code: number): boolean =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code >= 0x80 && (isUnicodeSpace(code) || code === 0xfeff));

/**
 * Splits `answer[start, end)`, the content of a line (or the rest of it after a certain sentence end), into its
 * sentences and adds them to `units`. `markers` are the markers there, in order. With `lookaheadEnd` past `end`
 * (the text after `end` that has arrived), `end` must be a sentence end: when the sentence before it goes on past
 * an abbreviation or an initial, `units` is left as it was and the result is false. `html`: the line is in an HTML
 * block (it reads no markdown).
 */
export function splitSentences(
  units: ClaimUnit[],
  answer: string,
  segmenter: Intl.Segmenter,
  start: number,
  end: number,
  markers: readonly Marker[],
  lookaheadEnd: number = end,
  html = false,
): boolean {
  if (start >= end) return true;
  if (!SPLITS.test(answer.slice(start, end))) {
    pushUnit(
      units,
      answer,
      start,
      end,
      markers.filter((marker) => marker.start < end),
    ); // one sentence
    return true;
  }
  const masked = maskLine(answer, start, lookaheadEnd, markers, html);
  const scanned = lookaheadEnd === end ? masked : masked.slice(0, end - start);
  const starts = unglued(
    masked,
    pastClosingMarks(scanned, answer, start, sentenceStarts(scanned, segmenter)),
  );
  const before = units.length;
  let pendingStart = -1;
  let markerIndex = 0;
  for (let k = 0; k < starts.length; k++) {
    const segmentStart = pendingStart === -1 ? start + starts[k]! : pendingStart;
    const segmentEnd = k + 1 < starts.length ? start + starts[k + 1]! : end;
    if (segmentEnd < lookaheadEnd && continuesAfterAbbreviation(masked, starts[k]!, segmentEnd - start)) {
      if (segmentEnd === end) {
        units.length = before;
        return false;
      }
      pendingStart = segmentStart;
      continue;
    }
    pendingStart = -1;
    const first = markerIndex;
    while (markerIndex < markers.length && markers[markerIndex]!.start < segmentEnd) markerIndex++;
    pushUnit(units, answer, segmentStart, segmentEnd, markers.slice(first, markerIndex));
  }
  return true;
}

const isAsciiAlnum = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
const isAsciiTerminator = (code: number): boolean => code === 0x2e || code === 0x21 || code === 0x3f;

/**
 * `starts` without the boundaries that fall inside an identifier-like word: letters and digits that only ASCII
 * terminators break, in a word (no space) holding `:`, `/`, `-`, `_`, `=`, `#` or `@` (`ECLI:NL:HR:2020:1234.AB5`,
 * `10.1000/abc1?Evil=1`, `C-1234.Evil`, where the segmenter ends a sentence). An identifier cut there would be checked
 * in two pieces that each pass; elsewhere (`Item 3.Dr. Smith`) a full stop with no space still ends a sentence.
 * Each word is read once, whatever its number of boundaries.
 */
function unglued(text: string, starts: number[]): number[] {
  let wordEnd = -1; // the word read last: [wordStart, wordEnd), and whether it is identifier-like
  let identifierLike = false;
  const glued = (start: number): boolean => {
    if (!isAsciiAlnum(text.charCodeAt(start))) return false;
    let before = start;
    while (before > 0 && isAsciiTerminator(text.charCodeAt(before - 1))) before--;
    if (before === start || before === 0 || !isAsciiAlnum(text.charCodeAt(before - 1))) return false;
    if (start >= wordEnd) {
      let from = before;
      while (from > 0 && !isSpaceCode(text.charCodeAt(from - 1))) from--;
      wordEnd = start;
      while (wordEnd < text.length && !isSpaceCode(text.charCodeAt(wordEnd))) wordEnd++;
      identifierLike = /[:/_=#@-]/.test(text.slice(from, wordEnd));
    }
    return identifierLike;
  };
  return starts.filter((start) => !glued(start)); // in order: a word's boundaries one after another
}

const isEmphasis = (code: number): boolean => code === 0x2a || code === 0x5f || code === 0x7e; // * _ ~
// A mark that only closes, which French typography (and some others) sets after a space: `« X. » [1]`. A straight
// quote after a space may as well open a quotation.
const SPACED_CLOSE = /[\p{Pe}\p{Pf}]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * `starts` (of `text`, the masked line from `answer[offset]`) with each start that falls on the marks closing the
 * sentence before it moved past them and the spaces after them (dropped when the text ends there): the segmenter
 * cuts after a full stop before markdown emphasis closers (`**X.** [1]`, `_X._`, `~~X.~~`), and before a closing
 * mark set after a space (`« X. » [1]`, `“X. ”`), which a reader sees close the sentence, so the marker after them
 * cites it. Only marks move: a run that holds anything else, or is glued to the word after it (`X.**Y**`,
 * `X. »Y«`), stays where it was, and so does emphasis after a space, which opens or stands alone (`X. * Y`).
 */
function pastClosingMarks(text: string, answer: string, offset: number, starts: number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < starts.length; k++) {
    const at = starts[k]!;
    const moved = at === 0 ? at : closingMarksEnd(text, answer, offset, at);
    if (moved === at) out.push(at);
    else if (moved < text.length && moved < (starts[k + 1] ?? text.length)) out.push(moved);
  }
  return out;
}

/** Where the closing marks at `at` and the spaces after them end, when they close a sentence; else `at`. */
function closingMarksEnd(text: string, answer: string, offset: number, at: number): number {
  let before = at;
  while (before > 0) {
    const code = text.charCodeAt(before - 1);
    if (!(isSpaceCode(code) || isIgnorable(code) || isClose(code) || isEmphasis(code))) break;
    before--;
  }
  if (before === 0 || !TERMINATOR.test(text[before - 1]!)) return at;
  let end = at;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (!(isSpaceCode(code) || isIgnorable(code) || closes(text, answer, offset, end))) break;
  }
  return end === text.length || (end > at && isSpaceCode(text.charCodeAt(end - 1))) ? end : at;
}

/**
 * Whether the mark at `at` of `text` closes what stands before it: emphasis glued to it as written (a tag masked as
 * spaces may stand between), a closing mark glued to it, or, after a space, a mark that only closes and is not glued
 * to a word after it.
 */
function closes(text: string, answer: string, offset: number, at: number): boolean {
  const code = text.charCodeAt(at);
  if (isEmphasis(code)) return !isSpaceCode(answer.charCodeAt(offset + at - 1));
  let before = at; // what a reader never sees aside (a reference's padding: `&nbsp;&laquo;`)
  while (before > 0 && isIgnorable(text.charCodeAt(before - 1))) before--;
  if (!isSpaceCode(text.charCodeAt(before - 1))) return isClose(code);
  return SPACED_CLOSE.test(text[at]!) && !WORD_CHARACTER.test(text[at + 1] ?? '');
}

/**
 * Whether the sentence `text[from, to)` goes on past its end, which the segmenter took for a sentence boundary: it
 * ends with a title (`Dr.`) or a Latin abbreviation that introduces more (`e.g.`), or with an initialism (`U.S.`)
 * or a single initial after a capitalised word, another initial or nothing (`John F.`, `J. K.`, not `vitamin C.`)
 * that no sentence opener (`The`, `In`) follows. Anything else ends the sentence: when in doubt, split.
 */
export function continuesAfterAbbreviation(text: string, from: number, to: number): boolean {
  let end = to;
  // Soft hyphens pad character references (`Dr.&nbsp;Smith`).
  while (end > from && (isSpaceCode(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === 0xad)) end--;
  if (end === from || text.charCodeAt(end - 1) !== 0x2e) return false;
  let begin = end - 1;
  while (begin > from) {
    const code = text.charCodeAt(begin - 1) | 0x20;
    if (!((code >= 0x61 && code <= 0x7a) || code === 0x2e)) break;
    begin--;
  }
  if (begin === end - 1) return false;
  const word = text.slice(begin, end - 1).toLowerCase();
  // `ft.`, `st.` and `mt.` also end sentences (feet, street, mount): before a sentence opener they end one.
  if (NON_FINAL.has(word)) return !(ENDS_BEFORE_OPENER.has(word) && opensSentence(text, to));
  if (!/^(?:[a-z]\.)*[a-z]$/.test(word) || opensSentence(text, to)) return false;
  if (word.length > 1) return true; // an initialism: U.S., U.S.A.
  // One initial: part of a name when another initial follows (`J. K.`), or when what comes before it is a
  // capitalised word, an initial, or nothing (`John F.`).
  if (/^[A-Z]\./.test(text.slice(to, to + 2))) return true;
  let previousEnd = begin;
  while (previousEnd > from && isSpaceCode(text.charCodeAt(previousEnd - 1))) previousEnd--;
  if (previousEnd === from) return true;
  let previousStart = previousEnd;
  while (previousStart > from && NAME_CHARACTER.test(text[previousStart - 1]!)) previousStart--;
  if (text.charCodeAt(previousEnd - 1) === 0x2e) return true; // J. K.
  // A name in any script: `Jürgen K.`, `Émile K.`, `Łukasz K.` as well as `John F.`.
  return previousStart < previousEnd && CAPITAL.test(text[previousStart]!);
}

/** A letter or combining mark of a word (one UTF-16 unit: a lone surrogate is none). */
const NAME_CHARACTER = /^[\p{L}\p{M}]$/u;
const CAPITAL = /^[\p{Lu}\p{Lt}]$/u;
const isLetterCode = (lower: number): boolean => lower >= 0x61 && lower <= 0x7a;

/** Whether the word after `at` (past spaces, quotes and brackets) is a capitalised sentence opener (`The`, `In`). */
function opensSentence(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && /[\s"'([\u2018\u201c\u00ab]/.test(text[i]!)) i++;
  const first = text.charCodeAt(i);
  if (!(first >= 0x41 && first <= 0x5a)) return false;
  let end = i + 1;
  while (end < text.length && end - i < 16 && isLetterCode(text.charCodeAt(end) | 0x20)) end++;
  return SENTENCE_OPENERS.has(text.slice(i, end).toLowerCase());
}

/**
 * `answer[start, end)` as the sentence scan reads it (`markers` are those inside it): markers become spaces (so a group after a full stop trails the
 * sentence before it) and links letters (the segmenter would otherwise end a sentence at a `?` or `.` inside one).
 */
export function maskLine(
  answer: string,
  start: number,
  end: number,
  markers: readonly Marker[],
  html = false,
): string {
  let masked = '';
  let cursor = start;
  for (const marker of markers) {
    masked += answer.slice(cursor, marker.start) + ' '.repeat(marker.end - marker.start);
    cursor = marker.end;
  }
  masked += answer.slice(cursor, end);
  if (masked.includes('&')) masked = masked.replace(REFERENCE, shown);
  // Raw HTML shows nothing of itself: a sentence end before a tag or a comment is read against the word after it
  // (`cancer. <br> It`), and none ends inside one (`<!doctype …>`, `<?…?>`). Nor does an image (`cancer.
  // ![chart](x.png) Water`) or a link's destination and title. A comment open before the line is not known here:
  // whole and streamed lines read the same. A code span shows its text, but as code: no sentence ends inside it, so
  // that cutting a rejected sentence never leaves half of one (whose other backticks would then show its `[n]`).
  const raw = answer.slice(start, end);
  const code = lineCodeSpans(raw, html); // none on a line in an HTML block: its backticks show
  const hidden = hiddenSpans(raw, '', code, html).spans;
  if (hidden.length > 0) {
    let out = '';
    let at = 0;
    let c = 0;
    for (let k = 0; k < hidden.length; k += 2) {
      const from = hidden[k]!;
      const to = hidden[k + 1]!;
      while (c < code.length && code[c]! < from) c += 2;
      const isCode = code[c] === from && code[c + 1] === to; // a code span, not one inside a comment
      out += masked.slice(at, from) + (isCode ? asCode(raw.slice(from, to)) : ' '.repeat(to - from));
      at = to;
    }
    masked = out + masked.slice(at);
  }
  // `![` before an image's text is no `!` that ends a sentence, whatever else the line holds (a piece of a line read
  // alone must split as it does in its line), nor are the `!` and `?` of `<!` and `<?`, which may open raw HTML.
  return (mayHoldLink(masked) ? masked.replace(LINK_PATTERN, maskUrl) : masked)
    .replaceAll('![', ' [')
    .replace(/<[!?]/g, '< ');
}

// A code span's terminators, and what would read as a reference or raw HTML; a terminator that ends a text.
const CODE_STOP = new RegExp(`${TERMINATOR.source}|[&<\u0085]`, 'gu');
const TERMINATOR_END = new RegExp(`${TERMINATOR.source}$`, 'u');

/**
 * A code span (backticks included) as the sentence scan reads it: as long, none of its characters a terminator, but
 * for the terminators that end its text, read after its closing backticks (`` `make test.` Then ``: the sentence ends
 * after the span, which stays whole in it).
 */
function asCode(span: string): string {
  let ticks = span.length;
  while (span[ticks - 1] === '`') ticks--;
  let text = ticks;
  for (let found = TERMINATOR_END.exec(span.slice(text - 2, text)); found && text > 1; ) {
    text -= found[0].length;
    found = TERMINATOR_END.exec(span.slice(Math.max(1, text - 2), text));
  }
  const code = span.slice(0, text).replace(CODE_STOP, (stop) => 'x'.repeat(stop.length));
  return code + span.slice(ticks) + span.slice(text, ticks);
}

/** Adds `answer[start, end)`, trimmed, as a unit, unless it is blank or bare punctuation without markers. */
export function pushUnit(
  units: ClaimUnit[],
  answer: string,
  start: number,
  end: number,
  markers: readonly Marker[],
): void {
  let from = start;
  let to = end;
  while (from < to && isSpaceCode(answer.charCodeAt(from))) from++;
  while (to > from && isSpaceCode(answer.charCodeAt(to - 1))) to--;
  if (from === to) return;
  const text = answer.slice(from, to);
  const textWithoutMarkers = removeMarkers(answer, from, to, markers);
  const hasContent = CONTENT.test(textWithoutMarkers);
  if (!hasContent && markers.length === 0) return; // a rule, a fence, bare punctuation or bullets: not a claim
  units.push({ text, span: { start: from, end: to }, markers: [...markers], textWithoutMarkers, hasContent });
}

const LEAD_IN_END = /[:：][\s*_]*$/;

/**
 * Whether `unit`, the last unit of a line that ends at `lineEnd` in `text`, could introduce a list of cited items: it
 * has no marker, ends with a colon (emphasis aside), and nothing but spaces follows it on its line. Whether it does
 * depends on the lines after it.
 */
export function mayLeadIn(text: string, lineEnd: number, unit: ClaimUnit): boolean {
  return (
    unit.markers.length === 0 &&
    LEAD_IN_END.test(unit.text) &&
    text.slice(unit.span.end, lineEnd).trim() === ''
  );
}

/**
 * The unit's text with each marker replaced by a space and its closing bracket, for reading identifiers: a marker
 * inside one (`https://example.org/rep[1]ort`) cuts it where the answer did, rather than gluing its pieces into
 * another, and a marker written as a link (`[1](javascript:...)`) still reads as one. A marker inside an autolink
 * (`<javascript:[1]+alert(1)>`) is kept as written: markdown reads none there, and the link runs through it (cut,
 * it left `javascript:` with nothing after its colon, no link, and the rest unread).
 */
export function identifierText(unit: ClaimUnit): string {
  const autolinks = autolinkSpans(unit.text);
  let out = '';
  let at = unit.span.start;
  let k = 0;
  for (const marker of unit.markers) {
    const start = marker.start - unit.span.start;
    while (k < autolinks.length && autolinks[k + 1]! <= start) k += 2;
    if (k < autolinks.length && autolinks[k]! < start) continue;
    out += `${unit.text.slice(at - unit.span.start, start)} ]`;
    at = marker.end;
  }
  return out + unit.text.slice(at - unit.span.start);
}

/**
 * Whether a unit holds a quotation mark, an identifier the rules read or markup that reorders what is shown (a
 * browser reopens `<b dir=rtl>` in the list after it): then a lead-in or a table's header row is checked as a claim.
 */
export function holdsSomethingToCheck(unit: ClaimUnit, rules: readonly CompiledIdentifierRule[]): boolean {
  const text = unit.textWithoutMarkers;
  if (QUOTATION_MARK.test(text) || holdsLookAlikePair(text)) return true;
  if (!CODE_UNITS.has(unit) && reorderingTag(unit.text, HTML_BLOCK_UNITS.has(unit)).tag !== null) return true;
  const folded = foldIdentifierText(text);
  return rules.some((rule) => matchIdentifiers(folded, rule).length > 0);
}
