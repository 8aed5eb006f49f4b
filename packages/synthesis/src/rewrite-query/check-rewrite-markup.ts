import { type RunClass, runClass, stripInvisible } from '@gk/internal';
import { type OneByteView, oneByteView, shortenView } from './one-byte-view.js';
import { oneSpace } from './one-space.js';
import { QueryRewriteError } from './query-rewrite-error.js';

// A reply is the query alone: markup anywhere in it is the model's formatting or reasoning, not the user's words, and
// so are several queries joined in one line. Each is refused unless the query holds the same, so a user's own tag,
// fence, list number, citation or semicolon stays.

// A closing tag (`</think>`, `</b>`), a self-closing one (`<br/>`), one with an attribute (`<span class="x">`), an HTML
// comment, a chat template's token (`<|im_end|>`). An opening tag alone (`<div> centering css`, `List<String>`) is
// how queries name tags and types, so it stays; but the tags and tokens of reasoning and chat templates are refused
// opening or closing, in any spacing (`<think>`, `< /think>`, `<end_of_turn>`, `<<SYS>>`, `[/INST]`, `<s>`). Each
// reads to the next angle bracket at most, and the text is read with each run of spaces one: linear.
const TAG = new RegExp(
  [
    '<\\/[a-z][\\w.:-]*\\s*>',
    '<[a-z][\\w.:-]*(?:\\s[^<>]*)?\\/>',
    '<[a-z][\\w.:-]*\\s+[\\w.:-]+\\s*=',
    '<!--',
    '<\\|[^|<>\\s]{1,40}\\|>',
    '<<? ?\\/? ?(?:think|thinking|reasoning|reflection|im_start|im_end|im_sep|start_of_turn|end_of_turn|eot_id|' +
      'begin_of_text|end_of_text|start_header_id|end_header_id|bos|eos|s|sys|inst) ?\\/? ?>>?',
    '\\[ ?\\/? ?(?:inst|sys) ?\\]',
  ].join('|'),
  'giu',
);
// A code fence: three or more backticks or tildes.
const FENCE = /`{3,}|~{3,}/gu;
// A citation marker where no name indexes with it (`[3]`, `2019[3]`, `[^1]`, `[1, 2]`, `[1-3]`, `[1234]`, `【3†source】`;
// not `a[3]`, `f()[0]` or `[0]`, since sources are numbered from 1).
// Read as a bracket of digits and list signs, its list then checked by `isCitationList`: V8 keeps a backtrack entry per
// iteration of a quantified group, so a group repeated over a long list (`[1,1,1…`) would overflow its stack.
// TAG, FENCE and CITATION read the one-byte view (see `markupCharacter`), where `DIGIT` stands for a decimal digit
// beyond ASCII, `DASH` for an en or em dash, `DAGGER` for †, and `OPEN_LENS` and `CLOSE_LENS` for 【 and 】.
const DIGIT = '\u00b9';
const DASH = '\u00af';
const DAGGER = '\u00a6';
const OPEN_LENS = '\u00ab';
const CLOSE_LENS = '\u00bb';
const CITATION = new RegExp(
  `(?<![\\p{L}_][\\p{L}\\p{N}_]*|[\\])])\\[\\^?(?!0+\\])[\\p{Nd}${DIGIT}][\\p{Nd}${DIGIT} ,${DASH}-]*\\]|` +
    `${OPEN_LENS}[\\p{Nd}${DIGIT}]{1,3}(?:[:${DAGGER}][^${OPEN_LENS}${CLOSE_LENS}]{0,40})?${CLOSE_LENS}`,
  'gu',
);
// One item of a citation list after the first: a comma or dash between items, with at most one space either side.
const LIST_ITEM = new RegExp(` ?[,${DASH}-] ?[\\p{Nd}${DIGIT}]+`, 'uy');
const LIST_START = new RegExp(`\\[\\^?[\\p{Nd}${DIGIT}]+`, 'uy');
// A JSON array of strings or objects opening the reply (`["refund policy", "returns"]`).
const ARRAY = /^\[ ?["'\u201c\u2018{]/u;
// A markdown heading or a list number or bullet opening the reply, before a space (`# refund`, `1. refund`, `- refund`).
const OPENER = /^(?:#{1,6}|\p{Nd}{1,3}[.)]|[-*+\u2022\u2023\u2043\u25e6])(?= )/u;
// A semicolon that parts queries: before a space or at the end (`refund policy; return policy`), not `(;;)` nor the one
// that ends an HTML character reference (`&amp;`, `&nbsp;`, `&#39;`, `&#x27;`).
const PARTING_SEMICOLON = /(?<!&(?:[a-z][a-z\d]{1,31}|#\d{1,7}|#x[\da-f]{1,6}));(?= |$)/u;
// The character references of angle brackets, read as the brackets (`&lt;/think&gt;` is `</think>`).
const ANGLE_REFERENCE = /&(?:(lt)|gt|#0*(60)|#0*62|#x0*(3c)|#x0*3e);/gu;
// Angle bracket look-alikes NFKC leaves (it folds the full-width and small ones, `＜` and `﹤`): single angle quotation
// marks, mathematical and CJK angle brackets (`‹/think›` is `</think>`), as the judge's prompt reads them.
const ANGLE_OPENERS = /[\u2039\u27e8\u3008\u2329]/gu;
const ANGLE_CLOSERS = /[\u203a\u27e9\u3009\u232a]/gu;
// The characters beyond ASCII that the view names one by one; the rest stand for their kind.
const STANDS_FOR: ReadonlyMap<number, string> = new Map([
  [0x017f, 's'], // ſ and the Kelvin sign fold to ASCII letters, so a tag's name reads them
  [0x212a, 'k'],
  [0x2013, DASH],
  [0x2014, DASH],
  [0x2020, DAGGER],
  [0x3010, OPEN_LENS],
  [0x3011, CLOSE_LENS],
]);

/**
 * The Latin-1 character a code point beyond ASCII stands as in the view the markup patterns read: V8 keeps a backtrack
 * entry per character a repeated class reads in a string beyond Latin-1, so a run of millions overflows its stack there,
 * not in a one-byte string. White space is a tab, a letter ª, a decimal digit `DIGIT`, another number ², the rest ¿.
 */
function markupCharacter(codePoint: number): number {
  const sign = STANDS_FOR.get(codePoint);
  if (sign !== undefined) return sign.charCodeAt(0);
  const character = String.fromCodePoint(codePoint);
  if (/\s/u.test(character)) return 0x09;
  if (/\p{L}/u.test(character)) return 0xaa;
  if (/\p{Nd}/u.test(character)) return DIGIT.charCodeAt(0);
  return /\p{N}/u.test(character) ? 0xb2 : 0xbf;
}

// Runs of one kind of character in the view: white space, letters, decimal digits. A pattern here counts at most 40 of
// them (`{1,3}`, `[^【】]{0,40}`, `{1,40}`) or reads a run whole, so a run longer than 256 reads the same cut to its
// first and last 128 (`shortenView`); cut, none is long enough to overflow V8's backtrack stack where it does not
// optimize a repeated class (`<a ` and millions of letters, `[` and millions of digits).
const PURE_RUNS: readonly RunClass[] = [runClass('\\s'), runClass('A-Za-z\\xaa'), runClass(`0-9${DIGIT}`)];
const shortRuns = (view: OneByteView): OneByteView =>
  PURE_RUNS.reduce((shortened, runs) => shortenView(shortened, runs, 128), view);

/** The text compared: invisible characters out, NFKC, lower case, one space for each run. */
function flat(text: string): string {
  return oneSpace(stripInvisible(text).normalize('NFKC').toLowerCase());
}

/** `text` (flat) with the character references and look-alikes of angle brackets read as the brackets, for the tags. */
function angles(text: string): string {
  return text
    .replace(ANGLE_REFERENCE, (_, ...opening: unknown[]) =>
      opening.slice(0, 3).some((group) => group !== undefined) ? '<' : '>',
    )
    .replace(ANGLE_OPENERS, '<')
    .replace(ANGLE_CLOSERS, '>');
}

/** A tag as compared: without spaces, so `<br />` is `<br/>` and `< /think>` is `</think>`. */
const unspaced = (tag: string): string => tag.replaceAll(' ', '');

/**
 * Refuses a rewrite holding markup the query does not hold (`markup`: a tag, a code fence, a citation marker, a JSON
 * array, a markdown heading or list marker opening it), or several queries parted by a semicolon when the query holds
 * none (`multiple_lines`). The query's own markers are gathered once, each in a set: linear in both.
 */
export function checkRewriteMarkup(query: string, rewritten: string): void {
  const q = flat(query);
  const r = flat(rewritten);
  // Signs alone (`- -`) are no query at all: `checkRewriteContent` refuses them as `not_a_query`.
  if (!/[\p{L}\p{N}]/u.test(r)) return;
  const opener = OPENER.exec(r);
  const array = ARRAY.exec(r);
  const added = (pattern: RegExp, query = q, rewrite = r, key = (found: string) => found): boolean => {
    const read = (text: string) => {
      const view = shortRuns(oneByteView(text, markupCharacter));
      return Array.from(view.text.matchAll(pattern))
        .filter(([found]) => pattern !== CITATION || isCitationList(found))
        .map(({ 0: found, index }) => text.slice(view.original(index), view.original(index + found.length)));
    };
    const own = new Set(read(query).map(key));
    return read(rewrite).some((found) => !own.has(key(found)));
  };
  if (
    added(TAG, angles(q), angles(r), unspaced) ||
    added(FENCE) ||
    added(CITATION) ||
    (array !== null && !q.includes(array[0])) ||
    (opener !== null && !` ${q} `.includes(` ${opener[0]} `))
  ) {
    throw new QueryRewriteError(
      'markup',
      'The query rewrite holds markup (a tag, a code fence, a citation marker, a JSON array, a heading or a list marker); expected the query alone.',
    );
  }
  if (PARTING_SEMICOLON.test(r) && !q.includes(';')) {
    throw new QueryRewriteError(
      'multiple_lines',
      'The query rewrite joins several queries with a semicolon; expected one query.',
    );
  }
}

/**
 * Whether a bracket `CITATION` read in the view (`[1, 2]`, `[1-3]`, `【3†source】`) lists its numbers as a citation does: digits, then
 * digits after each comma or dash with at most one space either side (not `[1,,2]` or `[1 2]`). A loop over the items,
 * so a list of any length is read in linear time.
 */
function isCitationList(found: string): boolean {
  if (!found.startsWith('[')) return true;
  LIST_START.lastIndex = 0;
  if (!LIST_START.test(found)) return false;
  let at = LIST_START.lastIndex;
  for (LIST_ITEM.lastIndex = at; LIST_ITEM.test(found); LIST_ITEM.lastIndex = at) at = LIST_ITEM.lastIndex;
  return at === found.length - 1;
}
