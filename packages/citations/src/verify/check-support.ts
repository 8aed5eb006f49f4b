import { StringSet } from '@gk/internal';
import { foldText } from '../text/normalize-text.js';
import { SEPARATOR, trimSeparators, wordSequence } from '../text/word-sequence.js';
import type { PassageIndex } from './passage-index.js';

/** Options for the lexical support check. */
export interface SupportOptions {
  /** Share of the claim's content tokens that must occur in its cited passages (default 0.55, {@link DEFAULT_MIN_COVERAGE}). */
  minCoverage?: number;
  /** Words ignored when counting coverage (default: a short English list, {@link DEFAULT_STOP_WORDS}). */
  stopWords?: readonly string[];
}

/** Outcome of the support check for one claim. */
export interface SupportResult {
  supported: boolean;
  /**
   * Whether the claim was found verbatim in a cited passage: as written (looked for first, a scan) or as whole words
   * (looked for only where the coverage falls short, as the search may index the whole passage); false when not
   * looked for.
   */
  contained: boolean;
  /** Share of content tokens found in the cited passages; null when the claim has no content tokens. */
  coverage: number | null;
}

/**
 * The default English stop words, with the fragments an apostrophe leaves after tokenisation (`it's` → `it`
 * `s`, `don't` → `don` `t`; also `d`, `ll`, `m`, `re`, `ve`): a passage holding any possessive or contraction
 * would otherwise match them. The stems of negated contractions (`don`, `isn`, `won`) stay content words.
 */
export const DEFAULT_STOP_WORDS: readonly string[] = (
  'a about above after again against all also am an and any are as at be because been before being below ' +
  'between both but by can could d did do does doing down during each either few for from further had has ' +
  'have having he her here hers herself him himself his how i if in into is it its itself just ll m may me ' +
  'might more most must my myself neither no nor not now of off on once only or other our ours ourselves out ' +
  'over own re s same she should so some such t than that the their theirs them themselves then there these ' +
  'they this those through to too under until up upon us ve very was we were what when where whether which ' +
  'while who whom whose why will with would you your yours yourself yourselves'
).split(' ');

/**
 * The default `minCoverage`: chosen on expert support labels of real answers (docs/real-data.md, ADR 0009),
 * where it kept the precision of the original 0.66 and accepted far more of the supported claims.
 */
export const DEFAULT_MIN_COVERAGE = 0.55;

/**
 * The claim from its first letter or digit to its last, when that part is printable ASCII and everything around it
 * is ASCII punctuation or spaces (so no other word is cut off): found so in a passage, the claim is contained.
 */
function plainCore(claim: string): string | undefined {
  let first = 0;
  let last = claim.length - 1;
  while (first <= last && !isAsciiWord(claim.charCodeAt(first)))
    if (!isAscii(claim.charCodeAt(first++))) return;
  while (last >= first && !isAsciiWord(claim.charCodeAt(last)))
    if (!isAscii(claim.charCodeAt(last--))) return;
  if (first > last) return;
  for (let i = first; i <= last; i++) {
    const code = claim.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return;
  }
  return claim.slice(first, last + 1);
}

const isAscii = (code: number): boolean => code < 0x80;
const isAsciiWord = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);

// Scripts written without spaces between words, whose characters `wordSequence` reads as a token each: Thai, Lao,
// Khmer and Myanmar, whose characters are sounds (class 3); Han (1) and kana (2), whose characters are syllables or
// morphemes. The long vowel mark `ー` is kana.
const LETTERS_WITHOUT_SPACES = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{scx=Hira}\p{scx=Kana}]/u;
const unspacedClass = (token: string | undefined): number =>
  token === undefined || token.charCodeAt(0) < 0xe00
    ? 0
    : LETTERS_WITHOUT_SPACES.test(token)
      ? 3
      : HAN.test(token)
        ? 1
        : KANA.test(token)
          ? 2
          : 0;

/**
 * The tokens token coverage counts in a sequence's items: its words, except that a run of characters of one class
 * written without spaces (neighbours in `wordSequence`) counts as its overlapping n-grams, as search engines read such
 * scripts: any one character of them occurs in nearly every passage of the script, so single characters would cover
 * any claim. Han and kana runs (apart, so a Japanese particle parts two words) count in pairs; Thai, Lao, Khmer and
 * Myanmar, whose letters are sounds, in threes; a run shorter than that counts whole. A passage's tokens (`claim`
 * false) also hold each run's pairs, so a claim's run of two letters is found inside a longer one.
 */
export function coverageTokens(items: readonly string[], claim = false): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.startsWith(SEPARATOR)) continue;
    const kind = unspacedClass(item);
    if (kind === 0) {
      tokens.push(item);
      continue;
    }
    const run = [item];
    for (; items[i + 1] === SEPARATOR && unspacedClass(items[i + 2]) === kind; i += 2)
      run.push(items[i + 2]!);
    const longest = Math.min(kind === 3 ? 3 : 2, run.length);
    for (let n = longest; n >= (claim ? longest : Math.min(2, longest)); n--)
      for (let k = 0; k + n <= run.length; k++) tokens.push(run.slice(k, k + n).join(''));
  }
  return tokens;
}

/** Stop words, folded: a StringSet, as tokens past 16,383 units of one length all collide in a Set. */
export type StopWords = Pick<StringSet, 'has'>;

/** Stop words normalised the way tokens are (lower-cased, NFKD), so a stop word matches the token it spells. */
export function normalizeStopWords(words: readonly string[]): StopWords {
  return new StringSet(words.map(foldText));
}

/**
 * Lexical support: the claim is supported when at least `minCoverage` of its content tokens (stop words left out)
 * are tokens of the passages taken together, or when, read as whole words (normalised, punctuation around it left
 * out), it occurs verbatim in one of the passages (looked for only where the coverage falls short). Each passage is indexed once ({@link PassageIndex});
 * the check costs time proportional to the claim's length per cited passage.
 */
export function checkSupport(
  claim: string,
  passages: readonly PassageIndex[],
  minCoverage: number,
  stopWords: StopWords,
  aside = '',
): SupportResult {
  // Words markup holds (`aside`: an alt text, a title, an attribute's value, a comment) may be shown, or not: they
  // count as content no passage holds, so they can lower the coverage and never raise it.
  const asideCount =
    aside === ''
      ? 0
      : new StringSet(
          coverageTokens(wordSequence(aside).items, true).filter((token) => !stopWords.has(token)),
        ).size;
  // The claim as written, between its first and last letter or digit: found so in a passage, it is found (before
  // the claim is read as words, which costs more than the look-up).
  const core = asideCount === 0 ? plainCore(claim) : undefined;
  if (core !== undefined && passages.some((passage) => passage.containsVerbatim(core))) {
    return { supported: true, contained: true, coverage: 1 };
  }
  const { items } = wordSequence(claim);
  // Whether the claim's words occur in a passage as written, asked only where the coverage falls short: the search
  // may index the whole passage, which the coverage's vocabulary look-ups do not need.
  const contained = (): boolean => {
    if (asideCount > 0) return false;
    const words = trimSeparators(items);
    return words.length > 0 && passages.some((passage) => passage.locate(words) !== null);
  };
  const distinct = new StringSet();
  const content = coverageTokens(items, true).filter(
    (token) => !distinct.has(token) && distinct.add(token) && !stopWords.has(token),
  );
  let found = 0;
  for (const token of content) if (passages.some((passage) => passage.hasToken(token))) found++;
  const coverage = content.length + asideCount === 0 ? null : found / (content.length + asideCount);
  if (coverage !== null && coverage >= minCoverage) return { supported: true, contained: false, coverage };
  if (contained()) return { supported: true, contained: true, coverage: 1 };
  return { supported: false, contained: false, coverage };
}
