import type { QuestionTerms } from './question-term-weights.js';

/** A source sentence the model may quote, with what ranking needs to know about it. */
export interface SentenceCandidate {
  source: number;
  order: number;
  line: string;
  text: string;
  key: string;
  terms: Map<string, number>;
  /** The sentence's content terms in order, for finding the question's word pairs in it. */
  sequence: string[];
  /** Terms of the lead-in a list item completes and of the heading of its section (`2. VERBATIM COPYING`). */
  context: ReadonlySet<string>;
  length: number;
  /** How well the sentence's kind fits the question's form (see `cueWeight`); 1 when cues are off. */
  cue: number;
  /** 1 for the first source, a little less for each later one. */
  sourceWeight: number;
  /** A title or heading rather than a statement (see `sentenceCues`). */
  heading: boolean;
}

const K1 = 1.2;
// Answers are often long sentences (a condition and its consequence); length is normalised only lightly.
const B = 0.3;
// A sentence must score at least this share of the best one, so weak matches do not pad the answer.
const MIN_RELATIVE_SCORE = 0.5;
// A sentence's own words count fully; the words of its list lead-in and section heading count this much.
const CONTEXT_WEIGHT = 0.5;
// A sentence that shares only the condition of a `may I ... if ...` question restates it without answering.
const RESTATEMENT_WEIGHT = 0.6;

function hasAny(terms: ReadonlyMap<string, number>, wanted: ReadonlySet<string>): boolean {
  for (const term of terms.keys()) if (wanted.has(term)) return true;
  return false;
}

const PAIR_WEIGHT = 0.5;
// Words of a pair may stand this far apart in the sentence (`copy and distribute the Document`).
const PAIR_WINDOW = 3;

/** For each of the question's word pairs found within `PAIR_WINDOW` terms in the sentence, a share of their weight. */
function pairBonus(
  sequence: readonly string[],
  pairs: ReadonlySet<string>,
  weights: ReadonlyMap<string, number>,
  idfOf: (term: string) => number,
): number {
  let bonus = 0;
  const found = new Set<string>();
  for (let i = 0; i < sequence.length; i++) {
    for (let j = i + 1; j <= i + PAIR_WINDOW && j < sequence.length; j++) {
      const pair = `${sequence[i]} ${sequence[j]}`;
      if (!pairs.has(pair) || found.has(pair)) continue;
      found.add(pair);
      const a = sequence[i]!;
      const b = sequence[j]!;
      bonus += PAIR_WEIGHT * Math.min(weights.get(a) ?? 0, weights.get(b) ?? 0) * ((idfOf(a) + idfOf(b)) / 2);
    }
  }
  return bonus;
}

/**
 * The candidates worth quoting, best first: BM25 over the question's weighted terms (near-synonyms and the
 * lead-in of a list item included), a bonus for the question's word pairs found together, a discount for later
 * sources and for sentences that only restate the question's condition, times the fit of the sentence's kind to
 * the question's form. A sentence is kept when it scores at least half the best score, or shares at least half
 * as much of the question as the most relevant sentence (and is no heading); repeats are dropped.
 */
export function rankSentences(
  candidates: readonly SentenceCandidate[],
  { weights, asked, premise }: QuestionTerms,
  questionSequence: readonly string[],
): SentenceCandidate[] {
  if (candidates.length === 0) return [];
  // Neighbouring words of the question (`misrepresenting the origin`): finding them together again in a sentence
  // says more than finding each apart.
  const pairs = new Set<string>();
  for (let i = 1; i < questionSequence.length; i++)
    pairs.add(`${questionSequence[i - 1]} ${questionSequence[i]}`);
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.terms.keys()) {
      if (weights.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const count = candidates.length;
  const averageLength = candidates.reduce((sum, candidate) => sum + candidate.length, 0) / count || 1;
  const idfOf = (term: string): number => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  };
  // `relevance` is how much of the question a sentence shares; `score` also weighs how well its kind fits the
  // question's form, and orders the answer.
  const scored: Array<{ candidate: SentenceCandidate; relevance: number; score: number }> = [];
  for (const candidate of candidates) {
    let score = 0;
    const norm = K1 * (1 - B + (B * candidate.length) / averageLength);
    // Walks the sentence's terms, not the question's: the work is linear in what was read.
    for (const [term, frequency] of candidate.terms) {
      const weight = weights.get(term);
      if (weight === undefined) continue;
      score += (weight * idfOf(term) * frequency * (K1 + 1)) / (frequency + norm);
    }
    for (const term of candidate.context) {
      const weight = weights.get(term);
      if (weight === undefined || candidate.terms.has(term)) continue;
      score += (CONTEXT_WEIGHT * weight * idfOf(term) * (K1 + 1)) / (1 + norm);
    }
    if (pairs.size > 0) score += pairBonus(candidate.sequence, pairs, weights, idfOf);
    score *= candidate.sourceWeight;
    if (premise.size > 0 && !hasAny(candidate.terms, asked) && hasAny(candidate.terms, premise)) {
      score *= RESTATEMENT_WEIGHT;
    }
    if (score > 0) scored.push({ candidate, relevance: score, score: score * candidate.cue });
  }
  scored.sort((a, b) => b.score - a.score || a.candidate.order - b.candidate.order);
  // A sentence joins the answer when it scores near the best one, or shares nearly as much of the question as the
  // most relevant one (a part of the question the cues do not favour: `..., and which is compatible with X?`).
  const cutoff = (scored[0]?.score ?? 0) * MIN_RELATIVE_SCORE;
  const relevanceCutoff =
    scored.reduce((max, entry) => Math.max(max, entry.relevance), 0) * MIN_RELATIVE_SCORE;
  const seen = new Set<string>();
  const out: SentenceCandidate[] = [];
  for (const { candidate, score, relevance } of scored) {
    const relevant = score >= cutoff || (relevance >= relevanceCutoff && !candidate.heading);
    if (!relevant || seen.has(candidate.key)) continue;
    seen.add(candidate.key);
    out.push(candidate);
  }
  return out;
}
