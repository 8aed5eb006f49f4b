import { stem, tokenizeWithOffsets } from './match-terms.js';
import { relatedTerms } from './related-words.js';
import { FORM_WORDS, type QuestionForm } from './sentence-cues.js';

// A question term that names the document the sources come from (a word of their heading, its acronym, the
// version after it) is what every sentence of that document is about: it tells sentences apart far less than
// the question's other terms.
const TOPIC_WEIGHT = 0.2;
// In `may I still distribute it if a court imposes conditions?` the answer says what may be done; sentences that
// only restate the condition share its words without answering.
const PREMISE_WEIGHT = 0.5;
// `require`, `allowed`, `let` in a `may I` / `must I` question: the question's form, which the cues weigh.
const FORM_WORD_WEIGHT = 0.3;
// A near-synonym (`retain` for `keep`) counts for this share of the question's own word.
const RELATED_WEIGHT = 0.4;

const VERSION_WORDS: ReadonlySet<string> = new Set(['version', 'v', 'ver', 'release', 'edition']);
const PREMISE = /\b(?:if|when|whenever|once|after|unless|in case)\b[^,;?]*/g;

/** The weighted terms of a question, and which of them it asks about and which only set its condition. */
export interface QuestionTerms {
  /** Each content term's weight, its near-synonyms included (see `relatedTerms`). */
  weights: Map<string, number>;
  /** The question's terms that say what it asks (not the document's name, not only its condition), and their near-synonyms. */
  asked: Set<string>;
  /** The question's own terms that only occur in its condition (`if ...`). */
  premise: Set<string>;
}

/**
 * The weight of each content term of a question when ranking source sentences: 1 for what the question asks,
 * less for the name of the document it is about (matched against the sources' headings) and, for `may I` /
 * `must I` questions, for the condition it sets (`if ...`). A term keeps its highest weight.
 */
export function questionTermWeights(
  question: string,
  headings: readonly string[],
  form: QuestionForm | null,
  stopWords: ReadonlySet<string>,
): QuestionTerms {
  // How many headings name each term (or acronym): a question word that names the document of every source shown
  // tells its sentences apart hardly at all; one that names only some sources still picks between them.
  const namedBy = new Map<string, number>();
  for (const heading of headings) {
    const words = tokenizeWithOffsets(heading).tokens.map(({ token }) => token);
    const set = new Set<string>();
    for (const word of words) if (!stopWords.has(word)) set.add(stem(word));
    addAcronyms(words, set);
    for (const term of set) namedBy.set(term, (namedBy.get(term) ?? 0) + 1);
  }
  const topicShare = (token: string): number => {
    if (headings.length === 0) return 0;
    // `gplv3`, `lgpl2`: an acronym with its version glued on.
    const name = withoutVersion(token) || token;
    const count = Math.max(namedBy.get(stem(token)) ?? 0, namedBy.get(token) ?? 0, namedBy.get(name) ?? 0);
    return count / headings.length;
  };
  const { normalized, tokens } = tokenizeWithOffsets(question);
  const premise: Array<[number, number]> = [];
  const normative = form === 'permission' || form === 'obligation';
  if (normative) {
    for (const match of normalized.matchAll(PREMISE))
      premise.push([match.index, match.index + match[0].length]);
  }
  // The name of the document, grown over the version that follows or precedes it (`GNU GPL version 3`): one
  // pass each way, so the work stays linear.
  const topic = tokens.map(({ token }) => topicShare(token));
  const versionLike = tokens.map(({ token }) => VERSION_WORDS.has(token) || /^v?[0-9]/.test(token));
  for (let i = 1; i < tokens.length; i++) if (versionLike[i]) topic[i] = Math.max(topic[i]!, topic[i - 1]!);
  for (let i = tokens.length - 2; i >= 0; i--)
    if (versionLike[i]) topic[i] = Math.max(topic[i]!, topic[i + 1]!);
  const weights = new Map<string, number>();
  const asked = new Set<string>();
  const inCondition = new Set<string>();
  let range = 0;
  tokens.forEach(({ token, start }, i) => {
    while (range < premise.length && premise[range]![1] <= start) range++;
    if (stopWords.has(token)) return;
    const inPremise = range < premise.length && start >= premise[range]![0];
    const share = topic[i]!;
    const formWord = normative && FORM_WORDS.has(token);
    const weight =
      share > 0
        ? 1 - (1 - TOPIC_WEIGHT) * share
        : formWord
          ? FORM_WORD_WEIGHT
          : inPremise
            ? PREMISE_WEIGHT
            : 1;
    const term = stem(token);
    if (share < 0.5 && !formWord) (inPremise ? inCondition : asked).add(term);
    weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  });
  const own = new Set(weights.keys());
  const premiseTerms = new Set([...inCondition].filter((term) => !asked.has(term)));
  const askedOrRelated = new Set(asked);
  for (const [term, weight] of [...weights]) {
    for (const other of relatedTerms(term)) {
      if (own.has(other)) continue;
      weights.set(other, Math.max(weights.get(other) ?? 0, weight * RELATED_WEIGHT));
      // A sentence that says `retain` for the question's `keep` answers what was asked.
      if (asked.has(term)) askedOrRelated.add(other);
    }
  }
  return { weights, asked: askedOrRelated, premise: premiseTerms };
}

/** Initials of every run of two to six words of a heading: `GNU General Public License` gives `gpl`, `ggpl`. */
function addAcronyms(words: readonly string[], into: Set<string>): void {
  const letters = words.filter((word) => /^\p{L}/u.test(word)).map((word) => word.charAt(0));
  for (let from = 0; from < letters.length; from++) {
    for (let length = 2; length <= 6 && from + length <= letters.length; length++) {
      into.add(letters.slice(from, from + length).join(''));
    }
  }
}

/**
 * `token` without the version glued to its end (`gplv3` → `gpl`, `lgpl2.1` → `lgpl`): what `/v?[0-9][0-9.]*$/` removed,
 * found from the end (the pattern tried each start of a run of digits to its end: 40,000 digits before a letter took a
 * second).
 */
function withoutVersion(token: string): string {
  let start = token.length;
  while (start > 0 && /[0-9.]/.test(token[start - 1]!)) start--;
  let digit = start;
  while (digit < token.length && token[digit] === '.') digit++;
  if (digit === token.length) return token;
  return token.slice(0, digit === start && token[start - 1] === 'v' ? start - 1 : digit);
}
