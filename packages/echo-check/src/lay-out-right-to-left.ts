import { replaceRuns, runClass } from '@gk/internal';
import { reverseOverrides } from './reverse-overrides.js';

/**
 * A strong right-to-left character: a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and the
 * others of U+0590–U+08FF, their presentation forms, and those past U+10800), a right-to-left mark or an Arabic letter
 * mark. Its digits (`٤٥`) are numbers, not letters.
 */
const RTL =
  '(?=\\p{L})[\\u0590-\\u08ff\\ufb1d-\\ufdff\\ufe70-\\ufefc\\u{10800}-\\u{10fff}\\u{1e800}-\\u{1efff}]|[\\u200f\\u061c]';
/** Whether a text may hold one: a plain class of code units (surrogates too), which a long text is scanned by fast. */
const MAY_HOLD_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u061c\ud802\ud803\ud83a\ud83b]/;
/** The strong right-to-left characters between which a run is laid out in reverse order (captured, for `split`). */
const BETWEEN = /* @__PURE__ */ (() => new RegExp(`(${RTL})`, 'u'))();
/** What a left-to-right stretch is read by: strong right-to-left characters, numbers and other letters (strong left). */
const STOPS = /* @__PURE__ */ (() => new RegExp(`(${RTL})|(\\p{N})|[\\p{L}\\u200e]`, 'gu'))();
/** The same, and isolates, which the first strong character of a paragraph is not looked for in (UAX #9, P2). */
const FIRST_STRONG = /* @__PURE__ */ (() => new RegExp(`(${RTL})|[\\p{L}\\u200e\\u2066-\\u2069]`, 'gu'))();
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which open and close runs. */
const EXPLICIT = /[\u202a-\u202e\u2066-\u2069]/g;
/**
 * A paragraph: the text between paragraph ends, which the bidi algorithm lays out on its own. Read by searches: as
 * `[^…]+` it overflowed V8's stack on a paragraph of millions of characters where V8 does not optimize a regular
 * expression (in a process that has compiled many).
 */
const PARAGRAPH = runClass('^\\n\\r\\u2029\\u001c-\\u001e\\u0085');

/**
 * `text` with its right-to-left runs written in the order a page shows them, as far as a reading without a full bidi
 * algorithm (UAX #9) can tell: a run's pieces between strong right-to-left characters are laid out in reverse order,
 * each piece keeping its own, as a page shows left-to-right words and numbers in a right-to-left context
 * (`\u2067cd\u200fab\u2069` shows `abcd`; `5\u200f9\u200f7` after a right-to-left mark shows 795). A run is a
 * right-to-left embedding or isolate (U+202B, U+2067, or U+2068 whose first strong character is right-to-left) up to
 * its PDF or PDI, a paragraph whose first strong character is right-to-left, and elsewhere what follows a strong
 * right-to-left character up to the last one or the last number before a left-to-right letter. Read beside the text,
 * never instead (an over-approximation: neutrals between numbers, nested left-to-right isolates and `dir` attributes
 * are not modelled). Null when `text` holds no character of a right-to-left script. Linear in the length of the text.
 */
export function layOutRightToLeft(text: string): string | null {
  if (!MAY_HOLD_RTL.test(text)) return null;
  return replaceRuns(text, PARAGRAPH, layOutParagraph);
}

function layOutParagraph(paragraph: string): string {
  if (startsRightToLeft(paragraph)) return reverseRuns(paragraph);
  let laidOut = '';
  let from = 0;
  // Embeddings and isolates open in the current right-to-left run (0: none).
  let depth = 0;
  // The next strong character at or after `strongAt`'s search start: each FSI reuses it, so reading stays linear.
  let strongAt = -1;
  let strongIsRtl = false;
  for (const { 0: char, index } of paragraph.matchAll(EXPLICIT)) {
    if (depth > 0) {
      depth += char === '\u202c' || char === '\u2069' ? -1 : 1;
      if (depth > 0) continue;
      laidOut += reverseRuns(paragraph.slice(from, index));
      from = index;
    } else if (char === '\u202b' || char === '\u2067' || (char === '\u2068' && nextIsRtl(index))) {
      laidOut += leftToRight(paragraph.slice(from, index + 1));
      from = index + 1;
      depth = 1;
    }
  }
  return laidOut + (depth > 0 ? reverseRuns : leftToRight)(paragraph.slice(from));

  function nextIsRtl(index: number): boolean {
    if (strongAt <= index) {
      STOPS.lastIndex = index;
      let found = STOPS.exec(paragraph);
      while (found?.[2] !== undefined) found = STOPS.exec(paragraph);
      strongAt = found === null ? paragraph.length : found.index;
      strongIsRtl = found?.[1] !== undefined;
    }
    return strongIsRtl;
  }
}

/** Whether the first strong character of `paragraph` outside isolates is right-to-left. */
function startsRightToLeft(paragraph: string): boolean {
  let isolates = 0;
  for (const { 0: char, 1: rtl } of paragraph.matchAll(FIRST_STRONG)) {
    if (char >= '\u2066' && char <= '\u2068') isolates++;
    else if (char === '\u2069') isolates -= isolates > 0 ? 1 : 0;
    else if (isolates === 0) return rtl !== undefined;
  }
  return false;
}

/** A left-to-right stretch with each run from a strong right-to-left character to the last such or number reversed. */
function leftToRight(text: string): string {
  let laidOut = '';
  let from = 0;
  let start = -1;
  let end = -1;
  for (const { 0: char, 1: rtl, 2: number, index } of text.matchAll(STOPS)) {
    if (rtl !== undefined || (number !== undefined && start !== -1)) {
      if (start === -1) start = index;
      end = index + char.length;
    } else if (number === undefined && start !== -1) {
      laidOut += text.slice(from, start) + reverseRuns(text.slice(start, end));
      from = end;
      start = -1;
    }
  }
  if (start !== -1) laidOut += text.slice(from, start) + reverseRuns(text.slice(start, end));
  return laidOut + text.slice(start === -1 ? from : end);
}

/** The pieces between strong right-to-left characters in reverse order, each keeping its own. */
const reverseRuns = (text: string): string => text.split(BETWEEN).reverse().join('');

/**
 * The readings of `readings` as a page lays out their bidirectional text: with what right-to-left overrides govern
 * reversed (see `reverseOverrides`), with right-to-left runs laid out (see `layOutRightToLeft`), and both; only
 * those that differ from the reading they come from, which are searched beside them.
 */
export function laidOutReadings(readings: ReadonlyArray<string | null>): string[] {
  const laidOut: string[] = [];
  for (const reading of readings) {
    if (reading === null) continue;
    const reversed = reverseOverrides(reading);
    for (const turned of [reversed, layOutRightToLeft(reading), reversed && layOutRightToLeft(reversed)])
      if (turned !== null) laidOut.push(turned);
  }
  return laidOut;
}
