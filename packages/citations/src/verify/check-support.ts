import { DROPPED, normalizeForComparison } from '../text/normalize-text.js';
import { trimEnd } from '../text/trim-end.js';

const SENTENCE_END = '.!?;:,';

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
  /** Whether the normalised claim occurs verbatim in a cited passage. */
  contained: boolean;
  /** Share of content tokens found in the cited passages; null when the claim has no content tokens. */
  coverage: number | null;
}

/** A passage prepared once per verification: its text, and its normalised text computed on first use. */
export interface PreparedPassage {
  readonly text: string;
  readonly normalized: string;
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

// Han, kana and Thai are written without spaces: each character is a token there.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
const TOKEN_CJK = new RegExp(`^[${CJK}]$`, 'v');
const TOKEN = new RegExp(`[${CJK}]|[[\\p{L}\\p{N}\\p{M}]--[${CJK}]]+`, 'gv');

/** Unicode-aware tokens of an already normalised text. */
export function tokenize(normalized: string): string[] {
  return normalized.match(TOKEN) ?? [];
}

/** Wraps a passage text for the support check; its normalised form is computed on first use. */
export function preparePassage(text: string): PreparedPassage {
  return new LazyPassage(text);
}

class LazyPassage implements PreparedPassage {
  #normalized: string | undefined;
  constructor(readonly text: string) {}
  get normalized(): string {
    this.#normalized ??= normalizeForComparison(this.text);
    return this.#normalized;
  }
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isWordChar = (text: string, index: number): boolean => {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
  const char = text[index]!;
  return WORD_CHAR.test(char) && !TOKEN_CJK.test(char); // a CJK character is a token of its own: no boundary needed
};

/**
 * Whether `needle` occurs in `text` without cutting a word at either end. In raw text (`raw`), a hit next to a
 * character normalisation drops is left to the normalised check: the prompt never showed that separator.
 */
function containsWhole(text: string, needle: string, raw = false): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (raw && (isDropped(text, at - 1) || isDropped(text, at + needle.length))) continue;
    if (
      !(isWordChar(text, at - 1) && isWordChar(needle, 0)) &&
      !(isWordChar(text, at + needle.length) && isWordChar(needle, needle.length - 1))
    ) {
      return true;
    }
  }
  return false;
}

const isDropped = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index); // NaN outside the text
  return !(code >= 0x20 && code < 0x7f) && DROPPED.test(text[index] ?? '');
};

/** Whether `token` occurs in `text` as a whole token (a single CJK character may sit inside a run). */
function hasToken(text: string, token: string): boolean {
  const single = token.length <= 2 && TOKEN_CJK.test(token);
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    if (single || (!isWordChar(text, at - 1) && !isWordChar(text, at + token.length))) return true;
  }
  return false;
}

/**
 * Lexical support: the claim is supported when, normalised, it occurs verbatim in one of the passages, or
 * when at least `minCoverage` of its content tokens occur in the passages taken together.
 */
export function checkSupport(
  claim: string,
  passages: readonly PreparedPassage[],
  minCoverage: number,
  stopWords: ReadonlySet<string>,
): SupportResult {
  // Verbatim in the raw text (between visible separators) is verbatim after normalisation too: the cheap test first.
  const raw = trimEnd(claim, SENTENCE_END, true).trim();
  if (raw !== '' && passages.some((passage) => containsWhole(passage.text, raw, true))) {
    return { supported: true, contained: true, coverage: 1 };
  }
  const normalized = trimEnd(normalizeForComparison(claim), SENTENCE_END, true);
  if (normalized !== '' && passages.some((passage) => containsWhole(passage.normalized, normalized))) {
    return { supported: true, contained: true, coverage: 1 };
  }
  const content = new Set(tokenize(normalized).filter((token) => !stopWords.has(token)));
  if (content.size === 0) return { supported: false, contained: false, coverage: null };
  let found = 0;
  for (const token of content) {
    if (passages.some((passage) => hasToken(passage.normalized, token))) found++;
  }
  const coverage = found / content.size;
  return { supported: coverage >= minCoverage, contained: false, coverage };
}
