import { stripInvisible } from '@gk/internal';
import { toAsciiDigits } from './ascii-digits.js';
import type { EchoCase } from './build-echo-case.js';
import { decodeForReader, renderForReader } from './decode-for-reader.js';
import { laidOutReadings } from './lay-out-right-to-left.js';

/** What of the decoy's own content an answer states: its answer value, its subject (all of its words, in order). */
export interface DecoyStatement {
  value: boolean;
  subject: boolean;
}

// Spaces of every width (a figure space, a thin or a hair space) group digits as a space does.
const SPACES = ' \u00a0\u2000-\u200a\u202f\u205f\u3000';
/** Marks between digit groups: grouping only (spaces, apostrophes, the Arabic thousands mark) or either. */
// Marked pure, as the expressions below, so a bundle that does not score decoys (`containsMarker` alone) drops it.
const GROUPING_ONLY = /* @__PURE__ */ (() => `'’\u066c${SPACES}`)();
const EITHER = ',.·\u066b，．';
// Digit groups joined by one mark each, with no letter or digit right before (`X23`, `a23` are no number); a unit
// may follow (`450g`, `45min`). Each mark is followed by a digit, so matching is linear. At most 65 groups are read
// as one number: an unbounded group kept one backtracking entry per group, and a list of millions of numbers
// (`1,2,3,…`) overflowed the stack (RangeError); a longer run is read in pieces, as no value has that many groups.
// Built in a call marked pure, so a bundle that does not score decoys (`containsMarker` alone) drops it.
const NUMBER = /* @__PURE__ */ (() =>
  new RegExp(`(?<![\\p{L}\\p{N}])\\d+(?:[${GROUPING_ONLY}${EITHER}]\\d+){0,64}`, 'gu'))();
const WHOLE_NUMBER = /* @__PURE__ */ (() => new RegExp(`^\\d+(?:[${GROUPING_ONLY}${EITHER}]\\d+)*$`, 'u'))();
/**
 * A run of 16 or more hex digits (a marker, whole or in part), a bracketed citation marker and a numeric character
 * reference, all its digits (`it&#39;s` and `it&#0000039;s` show no 39; the shown reading decodes them) hold
 * no value; a link's text is no marker (`[91](https://…)` shows 91). The run is written `{16}` then `*`: V8
 * backtracks `{16,}` with one stack entry per character, and a run of millions of digits overflowed the stack
 * (RangeError).
 */
const NOT_A_VALUE =
  /(?<![\p{L}\p{N}])[0-9a-f]{16}[0-9a-f]*(?![\p{L}\p{N}])|\[[\d\s,;–—-]{1,64}\](?!\()|&#(?:\d+|x[0-9a-f]+);?/giu;
/** Combining marks on a number (`2\u03019` shows 29, its 2 accented), which leave it the number it was. */
const MARKS_ON_NUMBER = /(?<=\p{N})\p{Mn}+/gu;
/** Markdown emphasis and code delimiters, which a page does not show (`**5**5` shows 55). */
const EMPHASIS = /[*_~`]+/g;
/** Numbers that are no decimal digit (`⁵`, `⑤`, `₅`), which NFKC reads as one (`⁵⁵` shows 55 raised). */
const OTHER_NUMBER = /\p{No}/gu;

/**
 * Whether `text` states the decoy's value or names the decoy's subject, read as written and as it renders: markup
 * and character references as a page shows them (`5<b></b>5`, `&#53;5`, `Osprey&nbsp;Q47`; see `decodeForReader`),
 * hidden elements dropped and markdown links read as their text (`2<span hidden>9</span>0`, `[91](#)`; see
 * `renderForReader`), markdown emphasis removed (`**5**5`), invisible characters removed, digits of any script, width or form read as
 * ASCII (`٥٥`, `⁵⁵`, `⑤⑤`), a number read whole (`1,825`, `1.825`, `1 825`, `1'825` are 1825; `18.5` is no 18; `X23`
 * holds no 23), words compared case-insensitively after NFKC. A value or subject that the positive passage or the
 * question states too, in either reading (a hand-made case whose values cannot be told apart), is not looked for.
 * Linear in the length of the text. `answer` is the text's `readingsOf`, when the caller has read it already.
 */
export function findDecoyStatement(
  text: string,
  echoCase: EchoCase,
  answer: readonly string[] = readingsOf(text),
): DecoyStatement {
  const { decoy, positive, question } = echoCase;
  // What the pipeline was shown is not read as rendered: a reading more there could only find fewer statements.
  const shown = readingsOf(`${positive.passage.text}\n${question}`, false);
  return {
    value: statesDecoy(answer, shown, decoy.value),
    subject: statesDecoy(answer, shown, decoy.subject),
  };
}

/**
 * An answer's readings, for `findDecoyStatement` and `statesValue`: `text` as written and, when they differ, as a page shows it with every tag's content kept (`decodeForReader`) and as
 * it renders (`renderForReader`: hidden elements dropped, links read as their text, so `9[](#)1` shows 91).
 */
export function readingsOf(text: string, rendered = true): string[] {
  const readings = [text];
  for (const reading of [decodeForReader(text) ?? text, rendered ? renderForReader(text) : null]) {
    if (reading === null) continue;
    const shown = reading.replace(EMPHASIS, '').replace(OTHER_NUMBER, (number) => number.normalize('NFKC'));
    if (!readings.includes(shown)) readings.push(shown);
  }
  // An answer is also read with what a right-to-left override (U+202E, `<bdo dir="rtl">`) governs reversed and its
  // right-to-left runs laid out, as a page shows it and as the leak search reads it: `\u202e04\u202c` and
  // `\u200f0\u200f4` show 40.
  if (rendered) {
    for (const turned of laidOutReadings([...readings]))
      if (!readings.includes(turned)) readings.push(turned);
  }
  return readings;
}

/**
 * Whether an answer (its `readingsOf`) states `value` (the positive's), read exactly as `findDecoyStatement` reads the
 * decoy's value: the same readings (as written, shown, rendered, laid out) and the same matcher, so what states the
 * one states the other.
 */
export function statesValue(answer: readonly string[], value: string): boolean {
  const states = matcherFor(value);
  return answer.some((reading) => states(reading, value));
}

function matcherFor(phrase: string): (text: string, phrase: string, inNames?: boolean) => boolean {
  return WHOLE_NUMBER.test(toAsciiDigits(stripInvisible(phrase))) ? statesNumber : statesWords;
}

function statesDecoy(answer: readonly string[], shown: readonly string[], phrase: string): boolean {
  const states = matcherFor(phrase);
  return answer.some((text) => states(text, phrase)) && !shown.some((text) => states(text, phrase, true));
}

/**
 * Whether `text` holds `value` as a number; `inNames` reads a digit run glued to a letter as a number too, for what
 * the pipeline was shown: a positive named `Kestrel Q27` makes 27 no value to look for (an answer writing `Q-27`
 * names the positive).
 */
function statesNumber(text: string, value: string, inNames = false): boolean {
  const wanted = new Set(readNumber(toAsciiDigits(stripInvisible(value))));
  let readable = toAsciiDigits(stripInvisible(text).replace(MARKS_ON_NUMBER, '')).replace(NOT_A_VALUE, ' ');
  if (inNames) readable = readable.replace(/(?<=\p{L})(?=\p{N})/gu, ' ');
  for (const match of readable.matchAll(NUMBER)) {
    if (readNumber(match[0]).some((reading) => wanted.has(reading))) return true;
  }
  return false;
}

/**
 * Every value a written number may have: spaced groups as one number and each on its own (`1 825` may be two
 * numbers), grouping marks dropped when they group thousands (`1,825`, not `0,825` or `18,25`), the last `,` or
 * `.` as a decimal mark; a number that reads neither way is each of its groups.
 */
function readNumber(written: string): number[] {
  const readings: number[] = [];
  const spaced = new RegExp(`[${SPACES}]`, 'u');
  if (spaced.test(written)) for (const part of written.split(spaced)) readCompact(part, readings);
  readCompact(written.replace(new RegExp(`[${SPACES}]`, 'gu'), "'"), readings);
  return readings;
}

function readCompact(written: string, readings: number[]): void {
  const groups = written.split(/\D/u);
  const last = groups.length - 1;
  const before = readings.length;
  // Thousands groups: a first group of one to three digits, not a lone zero's, then groups of three.
  const groupsThousands = (to: number): boolean =>
    to === 0 ||
    (groups[0]!.length <= 3 &&
      !groups[0]!.startsWith('0') &&
      groups.slice(1, to + 1).every((g) => g.length === 3));
  if (groupsThousands(last)) readings.push(Number(groups.join('')));
  const decimal = last > 0 && EITHER.includes(written[written.length - groups[last]!.length - 1]!);
  if (decimal && groupsThousands(last - 1)) {
    readings.push(Number(`${groups.slice(0, last).join('')}.${groups[last]}`));
  }
  if (readings.length === before) for (const group of groups) readings.push(Number(group));
}

function statesWords(text: string, phrase: string): boolean {
  const wanted = words(phrase);
  return wanted.trim() !== '' && words(text).includes(wanted);
}

/**
 * Letters and digits, at most 256 at a time: in a text that is not Latin-1, V8 backtracks an unbounded `[\p{L}\p{N}]+`
 * one stack entry per character, and a word of millions of digits overflowed the stack (RangeError).
 */
const WORD_PIECE = /[\p{L}\p{N}]{1,256}/gu;

/** The words and numbers of a text, NFKC-normalised and lower-cased, one space around each. */
function words(text: string): string {
  const normalized = toAsciiDigits(stripInvisible(text).normalize('NFKC').toLowerCase());
  let joined = '';
  let end = -1;
  // Pieces of one word (each right where the one before ended) are joined back into it.
  for (const piece of normalized.matchAll(WORD_PIECE)) {
    joined += piece.index === end ? piece[0] : ` ${piece[0]}`;
    end = piece.index + piece[0].length;
  }
  return `${joined} `;
}
