import { replaceRuns, runClass, wholeRun } from '@gk/internal';
import { indexOfItems, trimSeparators, wordSequence } from '../text/word-sequence.js';
import { type CompiledIdentifierRule, foldIdentifierText, matchIdentifiers } from './identifier-rules.js';
import type { PassageIndex } from './passage-index.js';
import { startsOfWords } from './starts-of-words.js';

// The words of a heading that opens a source list the model writes itself (`Sources:`, `## References`,
// `**Bibliography**`, ...), in English and a few other languages, as patterns.
const HEADING_WORDS = [
  'source',
  'sources',
  'source used',
  'sources used',
  'source cited',
  'sources cited',
  'source list',
  'reference',
  'references',
  'reference list',
  'references list',
  'bibliography',
  'works cited',
  'citation',
  'citations',
  'further reading',
  'literatur',
  'literature',
  'quellen',
  'r[ée]f[ée]rences',
  'fuentes',
  'referencias',
  'bibliograf[ií]a',
  'fonti',
  'bronnen',
  '参考文献',
  '出典',
  '来源',
  '參考資料',
];
const EMPHASIS = '(?:\\*\\*?|__?)?';
// A heading word with or without a colon, with markdown emphasis around it. Matched on a line of at most 60
// characters with its markers removed, so the pattern never sees long input. Unicode case folding: `ſources` (U+017F)
// and `Wor\u212As cited` (the Kelvin sign) are headings too.
const SOURCE_HEADING = RegExp(
  `^${EMPHASIS}\\s*(?:${HEADING_WORDS.join('|')})\\s*${EMPHASIS}\\s*[:：]?\\s*${EMPHASIS}$`,
  'iu',
);
/** A source-list heading is at most this long; a line whose content is four times longer heads no list. */
export const MAX_HEADING_LENGTH = 60;

/** Whether a line's content (list prefix and markers removed) is the heading of a source list. */
export function isSourceHeading(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_HEADING_LENGTH && SOURCE_HEADING.test(trimmed);
}

// A start of a heading, or a heading word with only emphasis, spaces and a colon after it: read with SOURCE_HEADING's
// words and flags, so that whatever case folding makes a heading also makes each of its starts one. The emphasis and
// spaces before it are taken whole (a lookahead and a back reference), so a failed match tries each word once.
const MAY_BE_HEADING = RegExp(
  `^(?=([\\s*_]*))\\1(?:${startsOfWords(HEADING_WORDS)}|(?:${HEADING_WORDS.join('|')})[\\s*_:：]*)$`,
  'iu',
);

/**
 * Whether `content`, the start of a line's content that is still being written (list prefix removed, no marker yet),
 * may still become a source-list heading: it is a start of one (`Refer`, `**Sources`) or one with only emphasis,
 * spaces and a colon after it. When false, no text that follows can make the line a heading.
 */
export function mayBeSourceHeading(content: string): boolean {
  return content.length <= 4 * MAX_HEADING_LENGTH && MAY_BE_HEADING.test(content);
}

/**
 * Whether the text of a source-list entry (its markers removed) names the passage and nothing else: it holds the
 * passage's title, uri or document id as whole words (after normalisation), and every identifier the rules find
 * in it is one the same rules find in that title, uri or document id. An entry with no text names only its number.
 * `prose` is the entry's text read for words of its own (without quotations already found in its source).
 */
export function namesPassage(
  entry: string,
  passage: PassageIndex,
  rules: readonly CompiledIdentifierRule[],
  prose: string = entry,
): boolean {
  const words = trimSeparators(wordSequence(entry).items);
  if (words.length === 0) return true;
  if (!passage.names.some((name) => indexOfItems(words, name) !== -1)) return false;
  const folded = foldIdentifierText(entry);
  for (const rule of rules) {
    for (const value of matchIdentifiers(folded, rule))
      if (!passage.identifiers(rule, true).has(value)) return false;
  }
  return !saysMore(prose, passage);
}

// What a reference writes besides names: joining words, where and when it was found, parts of a work.
const REFERENCE_WORDS = new Set(
  'and et al in of from on at by to for with retrieved accessed available online pp vol no ed eds edn page pages p ch chapter sec section see also via updated published last version edition official documentation'.split(
    ' ',
  ),
);
// Identifiers, paths and file names: each run of non-space that holds `/`, `@`, `:` or a `.` before a word character, what
// `/\S*(?:[/@:]|\.\w)\S*/g` matched, read run by run (the pattern tried each start of a long run to its end: a word of
// 80,000 letters took 6 s). A prose word's letters are read whole in pieces (`wholeRun`), as a repeated class kept a
// backtrack entry per letter once V8 compiles patterns without optimizations.
const NOT_SPACE = /* @__PURE__ */ runClass('\\S');
const PATH_SIGN = /[/@:]|\.\w/;
const PROSE_WORD = /* @__PURE__ */ (() =>
  new RegExp(`(?<![\\p{L}\\p{M}])\\p{Ll}${wholeRun("[\\p{L}\\p{M}'\\u2019-]")}|\\p{Lo}`, 'gu'))();
/** At this many words of prose an entry says something of its own. */
const MAX_PROSE_WORDS = 3;

/**
 * Whether an entry says more than a source: at least `MAX_PROSE_WORDS` lower-case words (two letters or more) that
 * are no word of a reference's usual wording, outside the passage's names (its title, uri and document id, each
 * where the entry first writes it as whole words) and outside identifiers, paths and file names (`the tower was
 * sold`); each character of a script without case (`塔被卖掉了`) counts half a word. A name's words written again
 * elsewhere are prose: `Vaccines do not cause autism, vaccines cause autism` says more than its title.
 */
function saysMore(entry: string, passage: PassageIndex): boolean {
  const { items, start, end } = wordSequence(entry);
  const names: number[][] = [];
  for (const name of passage.names) {
    const at = indexOfItems(items, name);
    if (at !== -1) names.push([start[at]!, end[at + name.length - 1]!]);
  }
  names.sort((a, b) => a[0]! - b[0]!);
  let rest = '';
  let at = 0;
  for (const [from, to] of names) {
    rest += `${entry.slice(at, Math.max(at, from!))} `;
    at = Math.max(at, to!);
  }
  let prose = 0;
  const words = replaceRuns(rest + entry.slice(at), NOT_SPACE, (run) => (PATH_SIGN.test(run) ? ' ' : run));
  for (const [word] of words.matchAll(PROSE_WORD)) {
    if (!REFERENCE_WORDS.has(word.toLowerCase())) prose += /^\p{Lo}$/u.test(word) ? 0.5 : 1;
  }
  return prose >= MAX_PROSE_WORDS;
}
