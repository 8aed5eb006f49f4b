import { matchRuns } from '../match-runs.js';
import { runClass } from '@gk/internal';
import { oneByteView, shortenView } from './one-byte-view.js';
import { oneSpace } from './one-space.js';

// The patterns read a one-byte view of the reply (`oneByteView`), where ASCII stands as written and every other code
// point stands for its kind, so a run of millions of spaces, stars or letters is read without overflowing V8's
// backtrack stack. The characters that stand for the patterns' own signs beyond ASCII:
const FULL_COLON = '\u00a6'; // U+FF1A FULLWIDTH COLON, U+FE55 SMALL COLON
const ARROW = '\u00ac'; // → ⇒ ⟶
const DASH = '\u00af'; // the dashes from U+2010 to U+2015, U+2212 MINUS SIGN and the small and full-width hyphen-minus
const OPEN_QUOTE = '\u00ab'; // “ ‘
const CLOSE_QUOTE = '\u00bb'; // ”
const APOSTROPHE = '\u00b4'; // ’
const FOLDS_TO_LETTER = '\u00a7'; // U+0345, a mark that `\p{L}` reads under the `i` flag (it folds to ι)
const LETTER = 0xaa; // any other letter or number: ª
const SPACE = 0x09; // any other white space: a tab
const OTHER = 0xbf; // anything else: ¿
const STANDS_FOR: ReadonlyMap<number, string> = new Map([
  [0x017f, 's'], // ſ and the Kelvin sign fold to ASCII letters, so a keyword reads them
  [0x212a, 'k'],
  [0x2022, '+'], // a bullet, as a list sign
  [0xff1d, '='],
  [0x3010, '['],
  [0x3014, '['],
  [0x3011, ']'],
  [0x3015, ']'],
  [0x0345, FOLDS_TO_LETTER],
  [0x2018, OPEN_QUOTE],
  [0x201c, OPEN_QUOTE],
  [0x201d, CLOSE_QUOTE],
  [0x2019, APOSTROPHE],
  [0xff1a, FULL_COLON],
  [0xfe55, FULL_COLON],
  ...[0x2192, 0x21d2, 0x27f6].map((code): [number, string] => [code, ARROW]),
  ...[0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58, 0xfe63, 0xff0d].map(
    (code): [number, string] => [code, DASH],
  ),
]);

/** The Latin-1 character a code point beyond ASCII stands as in the patterns' view. */
function labelCharacter(codePoint: number): number {
  const sign = STANDS_FOR.get(codePoint);
  if (sign !== undefined) return sign.charCodeAt(0);
  const character = String.fromCodePoint(codePoint);
  if (/\s/u.test(character)) return SPACE;
  return /[\p{L}\p{N}]/u.test(character) ? LETTER : OTHER;
}

// Labels naming what the reply is, which the instructions forbid; each is refused unless the query itself holds it
// (`"search query: syntax"`), since then it is the query's own words. A query's own words before a colon or a dash
// (`ls output: formatting`, `World Cup 2022 results - group stage`, `Final exam results - Harvard`) are no label: a
// label is made of label words only, or opens with words that announce a rewrite.
// What names a reply: a query, a search, a question, an output, an answer, a result and their kin.
const KEYWORD =
  '(?:query|queries|search|keywords?|terms?|phrase|string|rewrite|rewritten|question|output|answer|result|results)';
// Words that may stand in a label beside a keyword (`Here is the rewritten standalone search query:`).
const LABEL_WORD = `(?:${KEYWORD}|here|here's|here${APOSTROPHE}s|the|is|my|your|a|an|rewritten|standalone|suggested|improved|revised|reformulated|optimi[sz]ed)`;
// Decoration and a list number or bullet before a label (`**`, `#`, `1.`, `- `). One space after the number, then any
// spaces and marks: `\s+[*_\s]*` reads the same, but tries each split of a run of spaces, in quadratic time.
const LEAD = '^[*_#>\\s]*(?:(?:\\d{1,3}[.)]|[-+])\\s[*_\\s]*)?';
// What ends a label: a colon, an equals sign, an arrow, or a dash of any width with a space after it.
const SEPARATOR = `(?:[:${FULL_COLON}=]|->|${ARROW}|[-${DASH}](?=\\s|$))`;
// What ends a label that goes on past its keyword: a colon or an arrow (a dash there parts a query's own words).
const COLON = `(?:[:${FULL_COLON}]|->|${ARROW})`;
// A label's end in the view, and for a tag where its words are.
interface Found {
  end: number;
  inside?: [number, number];
}
const byPattern =
  (pattern: RegExp) =>
  (view: string): Found | undefined => {
    const found = pattern.exec(view);
    return found === null ? undefined : { end: found[0].length };
  };
const READERS: ReadonlyArray<(view: string) => Found | undefined> = [
  // Label words only, ending in a keyword right before the separator (`Query:`, `Here is the rewritten standalone
  // search query:`, `The rewritten query is:`, `Search string:`, `Query ‒`, `Search query →`).
  byPattern(
    new RegExp(
      `${LEAD}(?:${LABEL_WORD}\\s+){0,7}?${KEYWORD}(?:\\s+(?:is|are|would be|will be|could be|should be|reads))?[*_\\s]*${SEPARATOR}`,
      'iu',
    ),
  ),
  // A lead that says it introduces something and names a query on the way (`Here is the query I would use:`).
  byPattern(
    new RegExp(
      `${LEAD}(?:here|here's|here${APOSTROPHE}s|below|following)\\b[^:\\n]{0,80}?\\b${KEYWORD}\\b[^:\\n]{0,80}?${COLON}`,
      'iu',
    ),
  ),
  // A rewrite's adjective, label words to a keyword, then anything to a colon (`Standalone search query for the
  // document search engine:`, `Final search query:`; not `Final exam results: Harvard`).
  byPattern(
    new RegExp(
      `${LEAD}(?:rewritten|standalone|suggested|optimi[sz]ed|improved|final|revised|reformulated)\\s+(?:${LABEL_WORD}\\s+){0,6}?${KEYWORD}\\b[^:\\n]{0,80}?${COLON}`,
      'iu',
    ),
  ),
  readTag,
  readKey,
];

// What each Latin-1 character is to a tag's words: no part of them (0), a letter, number or apostrophe (ATOM), a
// joiner that may stand in a word or between words (`_`, `-`), or white space.
const ATOM = 1;
const JOINER = 2;
const SPACE_KIND = 3;
const KINDS = Uint8Array.from({ length: 0x100 }, (_, code) => {
  const character = String.fromCharCode(code);
  if (character === '_' || character === '-') return JOINER;
  if (/\s/u.test(character)) return SPACE_KIND;
  return new RegExp(`^[\\p{L}\\p{N}'${APOSTROPHE}${FOLDS_TO_LETTER}]$`, 'iu').test(character) ? ATOM : 0;
});
const kind = (view: string, at: number): number => KINDS[view.charCodeAt(at)] ?? 0;
const LEAD_ONLY = new RegExp(LEAD, 'iu');
const KEYWORD_ONLY = new RegExp(`^${KEYWORD}$`, 'iu');
const MOST_WORDS = 3;

/**
 * A bracketed or tagged label (`[Query]`, `(query)`, `【Search query】`, `<query>`, `<search_query>`): after the lead, an
 * opening bracket, then words to the first closing one, as `[[(<{]\s*((?:WORD[\s_-]+){0,3}?KEYWORD(?:[\s_-]+WORD){0,3})
 * \s*[\])>}]` reads them, WORD being `[\p{L}\p{N}'’_-]+`. That pattern tries every split of a run of `_` or `-` between
 * words and separators, which takes exponential time; here the fewest words before each place are counted once from
 * each end, and a keyword is any whole run of letters with at most three words on either side: linear. One whose every
 * word the query holds names the query's own thing (`<output> element HTML` for `html output element`).
 */
function readTag(view: string): Found | undefined {
  const open = LEAD_ONLY.exec(view)![0].length;
  if (!'[(<{'.includes(view[open] ?? '|')) return undefined;
  let close = open + 1;
  while (close < view.length && kind(view, close) !== 0) close++;
  if (!'])>}'.includes(view[close] ?? '|')) return undefined;
  let start = open + 1;
  let end = close;
  while (start < end && kind(view, start) === SPACE_KIND) start++;
  while (end > start && kind(view, end - 1) === SPACE_KIND) end--;
  const before = fewestWords(view, start, end, 1);
  const after = fewestWords(view, end - 1, start - 1, -1);
  for (let at = start; at < end; ) {
    if (kind(view, at) !== ATOM) {
      at++;
      continue;
    }
    let past = at;
    while (past < end && kind(view, past) === ATOM) past++;
    const wordsBefore = at === start ? 0 : before[at - start]!;
    const wordsAfter = past === end ? 0 : after[end - past]!;
    if (wordsBefore <= MOST_WORDS && wordsAfter <= MOST_WORDS && KEYWORD_ONLY.test(view.slice(at, past))) {
      return { end: close + 1, inside: [start, end] };
    }
    at = past;
  }
  return undefined;
}

/**
 * For each length n of a stretch of `view` read from `from` towards `to` (by `step`), the fewest words it parts into
 * as word, separator, word, separator (capped at `MOST_WORDS + 1`), a word being letters and joiners, a separator
 * joiners and white space, the stretch ending inside a separator; read backwards, the stretch is separator, word, ...
 */
function fewestWords(view: string, from: number, to: number, step: 1 | -1): Uint8Array {
  const none = MOST_WORDS + 1;
  const fewest = new Uint8Array(Math.abs(to - from) + 1).fill(none);
  let inWord = none;
  let inSeparator = none;
  for (let at = from, length = 1; at !== to; at += step, length++) {
    const kindHere = kind(view, at);
    const wordCharacter = kindHere === ATOM || kindHere === JOINER;
    const separatorCharacter = kindHere === JOINER || kindHere === SPACE_KIND;
    const nextWord =
      at === from ? (wordCharacter ? 1 : none) : wordCharacter ? Math.min(inWord, inSeparator + 1) : none;
    const nextSeparator = at === from ? none : separatorCharacter ? Math.min(inSeparator, inWord) : none;
    inWord = Math.min(nextWord, none);
    inSeparator = Math.min(nextSeparator, none);
    fewest[length] = inSeparator;
  }
  return fewest;
}

const JSON_KEY = new RegExp(
  `^\\{\\s*["'${OPEN_QUOTE}]?[\\p{L}\\p{N}_ -]{1,40}["'${CLOSE_QUOTE}${APOSTROPHE}]?\\s*:`,
  'u',
);
// How far the 40 characters of a key may reach into the white space beside it, with a quotation mark.
const KEY_REACH = 41;

/**
 * A JSON object's key (`{"query": ...}`, `{'q': ...}`), as `^\s*\{\s*["'“‘]?[\p{L}\p{N}_ -]{1,40}["'”’]?\s*:` reads it.
 * A key holds spaces, so that pattern tries each split of a run of spaces between the white space and the key, in
 * quadratic time; the key reaches at most 41 characters into the runs beside it, so the pattern reads only those.
 */
function readKey(view: string): Found | undefined {
  let brace = 0;
  while (brace < view.length && kind(view, brace) === SPACE_KIND) brace++;
  if (view[brace] !== '{') return undefined;
  const colon = view.indexOf(':', brace + 1);
  if (colon === -1) return undefined;
  let start = brace + 1;
  let end = colon;
  while (start < end && kind(view, start) === SPACE_KIND) start++;
  while (end > start && kind(view, end - 1) === SPACE_KIND) end--;
  // White space alone is a key when it holds a plain space.
  if (start === end) return view.slice(brace + 1, colon).includes(' ') ? { end: colon + 1 } : undefined;
  if (end - start > KEY_REACH + 1) return undefined;
  const near = view.slice(Math.max(brace + 1, start - KEY_REACH), Math.min(colon, end + KEY_REACH));
  return JSON_KEY.test(`{${near}:`) ? { end: colon + 1 } : undefined;
}

// The readers count at most 80 characters of a run of white space (`[^:\n]{0,80}?`) or read it whole (`\s+`): a run
// longer than 256 reads the same cut to its first and last 128 (`shortenView`), and none is then long enough to
// overflow V8's backtrack stack where it does not optimize a repeated class (`final`, millions of spaces, `query:`).
const SPACES = runClass('\\s');

/**
 * Whether `text` (one line) starts with a label (see `READERS`) that the query does not hold itself (compared in lower
 * case, each run of spaces one). Each reader is anchored at the start and reads the one-byte view: linear.
 */
export function startsWithLabel(text: string, query: string): boolean {
  const flat = (value: string) => oneSpace(value.toLowerCase());
  const words = (value: string) => matchRuns(flat(value), /[\p{L}\p{N}]{1,65536}/gu).map(({ text }) => text);
  const view = shortenView(oneByteView(text, labelCharacter), SPACES, 128);
  let queryWords: ReadonlySet<string> | undefined;
  for (const read of READERS) {
    const found = read(view.text);
    if (found === undefined) continue;
    if (found.inside !== undefined) {
      const [start, end] = found.inside;
      queryWords ??= new Set(words(query));
      const inside = words(text.slice(view.original(start), view.original(end)));
      if (inside.every((word) => queryWords!.has(word))) continue;
    }
    const label = flat(text.slice(0, view.original(found.end))).trim();
    if (!flat(query).includes(label)) return true;
  }
  return false;
}
