import { replaceRuns, runClass, stripInvisible } from '@gk/internal';
import { toAsciiDigits } from './ascii-digits.js';
import type { EchoCase } from './build-echo-case.js';
import { decodeForReader, renderForReader } from './decode-for-reader.js';
import { laidOutReadings, layOutRightToLeft } from './lay-out-right-to-left.js';
import { removeMarksOnNumbers } from './remove-marks-on-numbers.js';
import { reverseOverrides } from './reverse-overrides.js';

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
/**
 * Letters of scripts that write numbers against words (`需要646克`, `57分です`, `57นาที`, `시간은57분`): a digit next to
 * one starts or ends a number as a space would. A letter of any other script glued to a digit is part of a name
 * (`X23`, `Q27` hold no number).
 */
const SPACELESS =
  '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Bopomofo}\\p{scx=Yi}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}\\p{scx=Tibetan}\\p{scx=Tai_Tham}\\p{scx=New_Tai_Lue}\\p{scx=Javanese}\\p{scx=Balinese}';
/** A character a number may not be glued to: a digit, or a letter of a script that spaces its words. */
const GLUED_EDGE = `(?:\\p{N}|[^\\P{L}${SPACELESS}])`;
// Digit groups joined by one mark each, with no letter or digit right before (`X23`, `a23` are no number); a unit
// may follow (`450g`, `45min`). Each mark is followed by a digit, so matching is linear. At most 65 groups are read
// as one number: an unbounded group kept one backtracking entry per group, and a list of millions of numbers
// (`1,2,3,…`) overflowed the stack (RangeError); a longer run is read in pieces, as no value has that many groups.
// A group is at most 1,024 digits, for the same reason: under `u`, in a text that is not Latin-1, V8 keeps a backtrack
// entry per digit of `\d+`; a longer run is read as its first 1,024 digits, the rest glued to them and so no number.
// Built in a call marked pure, so a bundle that does not score decoys (`containsMarker` alone) drops it.
const NUMBER = /* @__PURE__ */ (() =>
  new RegExp(`(?<!${GLUED_EDGE})\\d{1,1024}(?:[${GROUPING_ONLY}${EITHER}]\\d{1,1024}){0,64}`, 'gu'))();
// A whole number: digits and marks, starting and ending with a digit, no two marks together. Three single-class
// tests, not one group repeated per digit group, which overflowed V8's stack on millions of groups (RangeError).
const NUMBER_CHARACTERS = /* @__PURE__ */ (() => new RegExp(`^\\d[\\d${GROUPING_ONLY}${EITHER}]*$`))();
const TWO_MARKS = /* @__PURE__ */ (() => new RegExp(`[${GROUPING_ONLY}${EITHER}]{2}`))();
const isWholeNumber = (text: string): boolean =>
  NUMBER_CHARACTERS.test(text) && /\d$/.test(text) && !TWO_MARKS.test(text);
/**
 * Where what holds no value starts: a run of 16 or more hex digits (a marker, whole or in part), a bracketed citation
 * marker and a numeric character reference, all its digits (`it&#39;s` and `it&#0000039;s` show no 39; the shown
 * reading decodes them); a link's text is no marker (`[91](https://…)` shows 91). A run and a reference are matched by
 * their start and followed in code (`blankNotValues`): under `u`, in a text that is not Latin-1, V8 keeps a backtrack
 * entry per character of `[0-9a-f]*` or `\d+`, and a run of millions overflowed its stack (RangeError).
 */
const NOT_A_VALUE = /(?<![\p{L}\p{N}])[0-9a-f]{16}|\[[\d\s,;–—-]{1,64}\](?!\()|&#(?:\d|x[0-9a-f])/giu;
const HEX_DIGIT = /^[0-9a-f]$/i;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/** `text` with each run of hex digits, bracketed citation marker and numeric reference (`NOT_A_VALUE`) a space. Linear. */
function blankNotValues(text: string): string {
  let out = '';
  let kept = 0;
  for (const match of text.matchAll(NOT_A_VALUE)) {
    if (match.index < kept) continue;
    let end = match.index + match[0].length;
    const first = match[0][0];
    if (first !== '[') {
      // A run of hex digits, or a reference's digits (`&#39`, `&#x27`).
      const digit = first === '&' && !/x/i.test(match[0][2]!) ? /^\d$/ : HEX_DIGIT;
      while (end < text.length && digit.test(text[end]!)) end++;
      if (first === '&') {
        if (text[end] === ';') end++;
      } else if (end < text.length && LETTER_OR_NUMBER.test(String.fromCodePoint(text.codePointAt(end)!))) {
        continue; // a run glued to a letter or a number after it is no marker
      }
    }
    out += `${text.slice(kept, match.index)} `;
    kept = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}
/**
 * Markdown emphasis and code delimiters, which a page does not show (`**5**5` shows 55), in runs read by searches (a
 * repeated class overflowed V8's stack on millions where it does not optimize a regular expression).
 */
const EMPHASIS = runClass('*_~`');
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
    const shown = replaceRuns(reading, EMPHASIS, '').replace(OTHER_NUMBER, (number) =>
      number.normalize('NFKC'),
    );
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

// Read by searches (`replaceRuns`): where V8 does not optimize a repeated class (under the `u` flag in a text that is not
// Latin-1, or in a process that has compiled many regular expressions) it keeps a backtrack entry per character, and
// millions of spaces overflowed its stack.
const SPACES_IN_LINE = runClass('^\\S\\n\\r\\u2028\\u2029');

/**
 * Whether an answer states `value` (the positive's), read more strictly than the decoy's: a generous reading of the
 * decoy's value errs toward refusing, of the positive's toward accepting. So the value is looked for only in what a
 * page shows (`shownReading`: hidden elements, comments and a closed `<details>` dropped, right-to-left text laid
 * out; never the text as written), and a number only as a whole number token (`wholeNumberAt`): `53 000`, `1 53`,
 * `10:53`, `2026-01-53`, `-53`, `53.5`, a list number (`53. I don't know`) and a value joined to another number as a
 * hedge or range (`53 or 40`, `40-53`) state no 53. Linear in the length of the text.
 */
export function statesValue(text: string, value: string): boolean {
  const shown = shownReading(text);
  if (!isWholeNumber(toAsciiDigits(stripInvisible(value)))) return statesWords(shown, value);
  if (spelledAt(words(shown), value, true)) return true;
  // One space for each run of spaces within a line, so a hedge is read however it is spaced.
  const readable = replaceRuns(
    blankNotValues(toAsciiDigits(removeMarksOnNumbers(stripInvisible(shown)))),
    SPACES_IN_LINE,
    ' ',
  );
  return wholeNumberAt(readable, toAsciiDigits(stripInvisible(value))) !== undefined;
}

/**
 * Whether the question or the positive's subject of a case states its positive's value, read as generously as the
 * decoy's value is (`Kestrel Q27` states 27): an answer echoing the question would seem to state the value.
 */
export function caseStatesValue({ question, positive }: EchoCase): boolean {
  const shown = readingsOf(`${question}\n${positive.subject}`, false);
  const states = matcherFor(positive.value);
  return shown.some(
    (text) => states(text, positive.value, true) || spelledAt(words(text), positive.value, false),
  );
}

const ONES = /* @__PURE__ */ (() =>
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  ))();
const TENS = /* @__PURE__ */ (() =>
  ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' '))();
const NUMBER_WORDS = /* @__PURE__ */ (() =>
  new Set([
    ...ONES,
    ...TENS.slice(2),
    'hundred',
    'thousand',
    'million',
    'billion',
    'point',
    'minus',
    'negative',
  ]))();
const JOINING_WORDS = /* @__PURE__ */ (() => new Set(['and', 'or', 'to']))();

/** The English words of a whole number 0–999 (`twenty six`, `one hundred and five`, `one hundred five`), or none. */
function spelled(value: string): string[] {
  const n = /^\d{1,3}$/.test(value) ? Number(value) : -1;
  if (n < 0) return [];
  const below100 = (m: number): string =>
    m < 20 ? ONES[m]! : `${TENS[Math.floor(m / 10)]}${m % 10 ? ` ${ONES[m % 10]}` : ''}`;
  if (n < 100) return [below100(n)];
  const hundreds = `${ONES[Math.floor(n / 100)]} hundred`;
  const rest = n % 100;
  return rest === 0 ? [hundreds] : [`${hundreds} and ${below100(rest)}`, `${hundreds} ${below100(rest)}`];
}

/**
 * Whether `text` (its `words`) spells `value` (0–999) in English words; `whole` reads them only as a whole number:
 * no number word or digit right before or after (`twenty` in `twenty six`, `six` in `one hundred and six`, `minus
 * six`), nor one joined to them by `and`, `or` or `to` (`twenty or thirty`). Linear in the text.
 */
function spelledAt(text: string, value: string, whole: boolean): boolean {
  const isNumber = (word: string | undefined): boolean =>
    word !== undefined && (NUMBER_WORDS.has(word) || /^\d/.test(word));
  for (const form of spelled(toAsciiDigits(stripInvisible(value)))) {
    const wanted = ` ${form} `;
    for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
      if (!whole) return true;
      const before = text
        .slice(Math.max(0, at - 48), at)
        .split(' ')
        .slice(-2);
      const after = text
        .slice(at + wanted.length, at + wanted.length + 48)
        .split(' ')
        .slice(0, 2);
      const [far, near] = before.length === 2 ? before : [undefined, before[0]];
      if (isNumber(near) || (JOINING_WORDS.has(near ?? '') && isNumber(far))) continue;
      if (isNumber(after[0]) || (JOINING_WORDS.has(after[0] ?? '') && isNumber(after[1]))) continue;
      return true;
    }
  }
  return false;
}

/** `text` as a page shows it: rendered (or decoded), emphasis removed, right-to-left overrides and runs laid out. */
function shownReading(text: string): string {
  const rendered = renderForReader(text) ?? decodeForReader(text) ?? text;
  const shown = replaceRuns(rendered, EMPHASIS, '').replace(OTHER_NUMBER, (number) =>
    number.normalize('NFKC'),
  );
  const reversed = reverseOverrides(shown) ?? shown;
  return layOutRightToLeft(reversed) ?? reversed;
}

/**
 * A hedge or range word or dash between two numbers (`53 or 40`, `10 to 53`, `40-53`), also as scripts without spaces
 * write them against the numbers (`40至53`, `40或53`, `40～53`, `40から53`, `40หรือ53`).
 */
const HEDGE =
  '(?:or|to|and|[-\u2010-\u2015\u2212~\u301c\uff5e\u81f3\u6216\u5230\u8ddf\u548c]|\u304b\u3089|\u304b|\u307e\u305f\u306f|\ub610\ub294|\uc5d0\uc11c|\u0e2b\u0e23\u0e37\u0e2d|\u0e16\u0e36\u0e07)';
const HEDGE_BEFORE = new RegExp(`(?:^|(?!${GLUED_EDGE})[^])\\p{N}+ ?${HEDGE} ?$`, 'u');
const HEDGE_AFTER = new RegExp(`^ ?${HEDGE} ?\\p{N}`, 'u');
/** Before a number: a sign, or a digit and a time, date or decimal mark (`-53`, `10:53`, `01-53`, `1/53`). */
const JOINED_BEFORE = /(?:[-+±\u2212]|\p{N}[:/\-.,\u2010-\u2015])$/u;
/** After a number: a time or date mark and a digit (`53:10`, `53-01`). */
const JOINED_AFTER = /^[:\-\u2010-\u2015]\p{N}/u;
/** A list number: at a line's start, then `.` or `)` and white space (`53. I don't know`). */
const LIST_NUMBER_AFTER = /^[.)]\s/u;

/**
 * Where `text` (ASCII digits) first holds `value` (ASCII digits) as a whole number token: the whole token read as
 * one number, its groups only as thousands (`1,825`, `1.825`, `1 825`) or a last group as a decimal (`53.0`), never
 * one spaced group of it; not signed, not part of a time or date, not a line-start list number, not joined to another
 * number by a hedge or range word; as its offsets, undefined when there is none. Each look-around is bounded, so linear in the text.
 */
export function wholeNumberAt(text: string, value: string): [number, number] | undefined {
  const wanted = readCompact(value.replace(new RegExp(`[${SPACES}]`, 'gu'), "'"), [], false);
  for (const match of text.matchAll(NUMBER)) {
    const at = match.index;
    const end = at + match[0].length;
    const before = text.slice(Math.max(0, at - 32), at);
    const after = text.slice(end, end + 16);
    if (JOINED_BEFORE.test(before) || JOINED_AFTER.test(after)) continue;
    if (HEDGE_BEFORE.test(before) || HEDGE_AFTER.test(after)) continue;
    if (LIST_NUMBER_AFTER.test(after) && /(?:^|[\n\r\u2028\u2029]) ?$/u.test(before)) continue;
    const readings = readCompact(match[0].replace(new RegExp(`[${SPACES}]`, 'gu'), "'"), [], false);
    if (readings.some((reading) => wanted.includes(reading))) return [at, end];
  }
  return undefined;
}

function matcherFor(phrase: string): (text: string, phrase: string, inNames?: boolean) => boolean {
  return isWholeNumber(toAsciiDigits(stripInvisible(phrase))) ? statesNumber : statesWords;
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
  let readable = blankNotValues(toAsciiDigits(removeMarksOnNumbers(stripInvisible(text))));
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

function readCompact(written: string, readings: number[], eachGroup = true): number[] {
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
  if (eachGroup && readings.length === before) for (const group of groups) readings.push(Number(group));
  return readings;
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
