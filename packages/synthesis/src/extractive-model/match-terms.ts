import { matchRuns } from '../match-runs.js';

// Capped, its pieces joined by `matchRuns`: an uncapped run overflows V8's stack at millions of characters.
const TOKEN = /[\p{L}\p{N}\p{M}]{1,65536}/gu;

// Runs of a script written without spaces between words, as the verifier's support check reads them: Han and kana
// apart (a Japanese particle parts two words), each read in overlapping pairs; Thai, Lao, Khmer and Myanmar, whose
// letters are sounds, in threes.
const UNSPACED =
  /(\p{Script=Han}{1,65536})|([\p{scx=Hira}\p{scx=Kana}]{1,65536})|([\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]{1,65536})/gu;
const HAS_UNSPACED =
  /[\p{Script=Han}\p{scx=Hira}\p{scx=Kana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Lowercased Unicode word tokens. A run of a script written without spaces is no word: it reads as its overlapping
 * n-grams (see `UNSPACED`; a shorter run whole), so `您可以出售软件` meets `出售软件` as search engines read them.
 */
export function tokenize(text: string): string[] {
  return tokenizeWithOffsets(text).tokens.map(({ token }) => token);
}

/** The tokens `tokenize` reads, with their offsets in `normalized` (the NFKC, lower-cased text). */
export function tokenizeWithOffsets(text: string): {
  normalized: string;
  tokens: Array<{ token: string; start: number; end: number }>;
} {
  const normalized = text.normalize('NFKC').toLowerCase();
  const tokens: Array<{ token: string; start: number; end: number }> = [];
  for (const { index, text: word } of matchRuns(normalized, TOKEN)) {
    if (HAS_UNSPACED.test(word)) grams(word, index, tokens);
    else tokens.push({ token: word, start: index, end: index + word.length });
  }
  return { normalized, tokens };
}

/** The tokens of a word that holds runs of a script written without spaces: each run's n-grams, the rest whole. */
function grams(
  word: string,
  offset: number,
  into: Array<{ token: string; start: number; end: number }>,
): void {
  let end = 0;
  const push = (from: number, to: number) =>
    into.push({ token: word.slice(from, to), start: offset + from, end: offset + to });
  for (const match of matchRuns(word, UNSPACED)) {
    if (match.index > end) push(end, match.index);
    end = match.index + match.text.length;
    // Code point starts, so a character outside the BMP (CJK extension B) stays whole.
    const starts: number[] = [];
    for (let at = match.index; at < end; at += word.codePointAt(at)! > 0xffff ? 2 : 1) starts.push(at);
    starts.push(end);
    const size = Math.min(match.group === 3 ? 3 : 2, starts.length - 1);
    for (let k = 0; k + size < starts.length; k++) push(starts[k]!, starts[k + size]!);
  }
  if (end < word.length) push(end, word.length);
}

/**
 * A crude English suffix strip for matching only, so that `licenses`, `licence` and `license`, `copies` and
 * `copy`, `violation` and `violate` meet; output stays verbatim.
 */
export function stem(token: string): string {
  // `pets` and `pet`, `uses` and `use`; not `this`, `less` or `plus`.
  if (token.length === 4 && /^[a-z]{3}s$/.test(token) && !/(?:ss|us|is)$/.test(token))
    return token.slice(0, 3);
  // Not `^[a-z]+$`: a loop kept a backtrack entry per letter once V8 compiles patterns without optimizations.
  if (token.length < 5 || /[^a-z]/.test(token)) return token;
  // One suffix at most, the first rule that applies.
  let stripped: string;
  if (/ie[sd]$/.test(token)) stripped = `${token.slice(0, -3)}y`.replace(/y$/, '');
  else if (/ions?$/.test(token)) stripped = token.replace(/ions?$/, '');
  // British and American spellings meet: licence and license, defence and defense.
  else if (/ce[sd]?$/.test(token)) stripped = token.replace(/ce[sd]?$/, 's');
  else stripped = token.replace(/(?:ing|ed|es|s|e|y)$/, '');
  return stripped.length >= 3 ? stripped : token;
}

/**
 * Content terms of a text: tokens minus stop words, stemmed. A word written with `non` glued on also counts
 * as the word itself (`noncommercial` as `commercial` too): a sentence that rules something out is about it.
 */
export function terms(text: string, stopWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (stopWords.has(token)) continue;
    out.push(stem(token));
    if (token.length >= 7 && token.startsWith('non')) out.push(stem(token.slice(3)));
  }
  return out;
}
