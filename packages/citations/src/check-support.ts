import { normalizeForComparison } from './normalize-text.js';

/** Options for the lexical support check. */
export interface SupportOptions {
  /** Share of the claim's content tokens that must occur in its cited passages (default 0.66). */
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

/** A passage prepared once per verification: its normalised text and its token set. */
export interface PreparedPassage {
  normalized: string;
  tokens: Set<string>;
}

/** The default English stop words. */
export const DEFAULT_STOP_WORDS: readonly string[] = (
  'a about above after again against all also am an and any are as at be because been before being below ' +
  'between both but by can could did do does doing down during each either few for from further had has have ' +
  'having he her here hers herself him himself his how i if in into is it its itself just may me might more ' +
  'most must my myself neither no nor not now of off on once only or other our ours ourselves out over own ' +
  'same she should so some such than that the their theirs them themselves then there these they this those ' +
  'through to too under until up upon us very was we were what when where whether which while who whom whose ' +
  'why will with would you your yours yourself yourselves'
).split(' ');

export const DEFAULT_MIN_COVERAGE = 0.66;

// Han, kana and Thai are written without spaces: each character is a token there.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
const TOKEN = new RegExp(`[${CJK}]|[[\\p{L}\\p{N}\\p{M}]--[${CJK}]]+`, 'gv');
const TRAILING = /[\s.!?;:,]+$/u;

/** Unicode-aware tokens of an already normalised text. */
export function tokenize(normalized: string): string[] {
  return normalized.match(TOKEN) ?? [];
}

/** Normalises a passage and collects its tokens. */
export function preparePassage(text: string): PreparedPassage {
  const normalized = normalizeForComparison(text);
  return { normalized, tokens: new Set(tokenize(normalized)) };
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
  const normalized = normalizeForComparison(claim).replace(TRAILING, '');
  if (normalized !== '' && passages.some((passage) => passage.normalized.includes(normalized))) {
    return { supported: true, contained: true, coverage: 1 };
  }
  const content = new Set(tokenize(normalized).filter((token) => !stopWords.has(token)));
  if (content.size === 0) return { supported: false, contained: false, coverage: null };
  let found = 0;
  for (const token of content) {
    if (passages.some((passage) => passage.tokens.has(token))) found++;
  }
  const coverage = found / content.size;
  return { supported: coverage >= minCoverage, contained: false, coverage };
}
