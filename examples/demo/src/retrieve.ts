import type { Passage } from '@gk/citations';
import type { LicenceIndex } from './build-index.js';
import { expandTerms } from './expand-terms.js';
import { licenceFamily } from './licence-family.js';
import type { LicenceIntent } from './question-intents.js';
import { readLicenceQuestion } from './read-licence-question.js';
import { tokenizeTerms } from './tokenize-terms.js';

/** Options for {@link retrievePassages}. */
export interface RetrieveOptions {
  /** How many passages to return (default 5). */
  topK?: number;
  /** How many flexsearch candidates to re-rank when no licence is named (default: all it finds). */
  candidates?: number;
  /**
   * When no licence is named, the share of the question's terms (weighted by how rare each is in the corpus) a
   * passage must contain (default 0.4), so that a question the corpus does not address retrieves nothing instead
   * of passages sharing one common word. A term found only through a related word counts half. When no passage
   * holds that much, a passage holding `fallbackTermShare` (default 0.3) and at least two of the question's own words
   * is enough: a question that describes a licence in other words than it uses shares less of it.
   */
  minTermShare?: number;
  /** See `minTermShare`. */
  fallbackTermShare?: number;
}

/** The passages found for one question, best first, with how they were found. */
export interface RetrieveResult {
  passages: Passage[];
  /** Licence ids named in the question, in order of mention. */
  mentionedLicences: string[];
  /**
   * The licence whose passages were ranked: the first one the question names (what it is about; the names of the
   * others are search terms), or none when it names none and the whole corpus was searched.
   */
  searchedLicences: string[];
  /** BM25 score of each returned passage, same order. */
  scores: number[];
  /** The share of the question's terms (weighted by rarity) each returned passage contains, same order. */
  coverage: number[];
  /**
   * When no licence is named: the licence families that fit the question best, best first (each by its best
   * passage, a passage shared word for word by several licences counting for each), at most five; empty otherwise.
   */
  licenceRanking: RankedLicence[];
  /**
   * When no licence is named: the other families that fit about as well as the best one (their best passage scores
   * within 10% of its), so the question does not settle which licence is meant; empty otherwise.
   */
  ambiguousWith: string[];
  /**
   * When the question names a licence and asks about kinds of clause that licence has nothing of (neither the clause
   * nor a word of the topic: `MIT: do I get a patent licence?`), their names (`patent`), and no passage is returned:
   * the licence does not address the question. Empty otherwise.
   */
  unaddressed: string[];
  ms: number;
}

/** A licence family and how well its best passage fits the question. */
export interface RankedLicence {
  /** The family (`GPL-3.0` for `GPL-3.0-only` and `GPL-3.0-or-later`). */
  family: string;
  /** Its licences that hold that passage, in id order. */
  ids: string[];
  score: number;
}

const K1 = 1.2;
const B = 0.75;
// A related word (`retain` for `keep`) finds a passage, but counts for half of the word itself.
const RELATED_WEIGHT = 0.5;
// Across the corpus, a name the question writes with a capital inside a sentence (`arbitration in Finland`, `the
// FreeType developers`, `under the GPL`) says which licence it is about more than any common word does.
const PROPER_WEIGHT = 2;
// A licence's preamble says what it is for, its appendix how to apply it; what it permits and requires is in its
// terms, which rank first.
const OUTSIDE_TERMS_WEIGHT = 0.5;
// Families whose best passage scores at least this share of the best family's are as good an answer.
const AMBIGUOUS_SHARE = 0.9;
const RANKED_LICENCES = 5;

interface QueryTerm {
  term: string;
  weight: number;
  /** The question's own term this one stands for (itself, or the term it is related to). */
  for: string;
}

/**
 * Lexical retrieval over the licence corpus. When the question names licences (`Apache-2.0`, `GPLv3`, `the
 * 3-clause BSD licence`) only the passages of the first one named are ranked (the names of the others are words of
 * the question); otherwise flexsearch proposes candidates among the distinct passages, and the licence families
 * are ranked by their best passage. Either way the ranking is BM25 over the question's terms and, at half weight,
 * words related to them (`keep` finds `retain`) and the licence wording of what the question asks (`make money`
 * finds `commercial`; see `questionIntents`); a passage of a licence's preamble or appendix scores half (see
 * `preambleOf`, `appendixOf`). A passage matching no term is never returned; without a named licence a passage
 * must contain enough of the question (`minTermShare`), and its score is multiplied by the share it contains.
 */
export function retrievePassages(
  index: LicenceIndex,
  question: string,
  options: RetrieveOptions = {},
): RetrieveResult {
  const began = performance.now();
  const topK = Math.max(1, Math.floor(options.topK ?? 5));
  // The first licence named is the one the question is about (`EUPL: can I combine it with a GPL project?`); the
  // names of the others stay in the query, since the subject's own text may name them (`compatible with the GPL`).
  const { mentions, withoutSubject: query, intents } = readLicenceQuestion(question, index.names);
  const subject = mentions[0];
  const own = [...new Set(tokenizeTerms(query))];
  const ownSet = new Set(own);
  const proper = properTerms(query);
  const related = new Map<string, string>();
  for (const term of own)
    for (const other of expandTerms([term])) if (!ownSet.has(other)) related.set(other, term);
  // The wording of the clause that answers what the question asks (`make money`: `commercial`, `fee`); a passage
  // holding it covers the words that asked, at half weight.
  for (const { intent, cueText } of intents) {
    const source = tokenizeTerms(cueText).find((term) => ownSet.has(term)) ?? '';
    for (const term of tokenizeTerms(intent.wording))
      if (!ownSet.has(term) && !related.has(term)) related.set(term, source);
  }
  const queryTerms: QueryTerm[] = [
    ...own.map((term) => ({
      term,
      weight: subject === undefined && proper.has(term) ? PROPER_WEIGHT : 1,
      for: term,
    })),
    ...[...related].map(([term, source]) => ({ term, weight: RELATED_WEIGHT, for: source })),
  ];

  // A named licence that has nothing of any kind of clause the question asks about does not address it.
  const unaddressed = subject === undefined ? [] : unaddressedIntents(index, subject.id, intents);
  let candidates: number[];
  if (unaddressed.length > 0) {
    candidates = [];
  } else if (subject !== undefined) {
    candidates = [...(index.passagesByDocument.get(subject.id) ?? [])];
  } else if (own.length === 0) {
    candidates = [];
  } else {
    const limit = Math.max(topK, options.candidates ?? index.distinctPassages);
    const found = index.search.search(queryTerms.map((entry) => entry.term).join(' '), {
      limit,
      suggest: true,
    }) as number[];
    candidates = found.map(Number);
  }

  const minShare = mentions.length > 0 ? 0 : (options.minTermShare ?? 0.4);
  const idfOf = (term: string): number => idf(index, index.documentFrequency.get(term) ?? 0);
  const totalIdf = own.reduce((sum, term) => sum + idfOf(term), 0);
  const scored = candidates
    .map((position) => {
      const entry = bm25(index, position, queryTerms);
      let covered = 0;
      let ownWords = 0;
      for (const term of own) {
        const found = entry.found.get(term) ?? 0;
        covered += found * idfOf(term);
        if (found === 1) ownWords++;
      }
      const weight = index.outsideTerms[position] === 1 ? OUTSIDE_TERMS_WEIGHT : 1;
      const share = totalIdf === 0 ? 0 : covered / totalIdf;
      // Across the corpus, a passage that holds more of the question ranks higher: BM25 alone lets one rare word
      // outweigh the rest of the question.
      return {
        position,
        score: entry.score * weight * (subject === undefined ? share : 1),
        coverage: share,
        ownWords,
      };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position);
  let ranked = scored.filter((entry) => entry.coverage >= minShare);
  // A question in other words than the licence's shares less of its passage; two of its own words still tie them.
  if (ranked.length === 0 && subject === undefined) {
    const fallback = options.fallbackTermShare ?? 0.3;
    ranked = scored.filter((entry) => entry.coverage >= fallback && entry.ownWords >= 2);
  }

  const licenceRanking = subject === undefined ? rankLicences(index, ranked) : [];
  const top = licenceRanking[0];
  const ambiguousWith =
    top === undefined
      ? []
      : licenceRanking
          .slice(1)
          .filter((entry) => entry.score >= top.score * AMBIGUOUS_SHARE)
          .map((entry) => entry.family);
  // Across the corpus, the answer comes from the licence that fits best (and those that fit as well): passages of
  // licences that fit less would let the model quote a sentence of a licence the question is not about.
  const answering = top === undefined ? null : new Set([top.family, ...ambiguousWith]);
  const passages: Passage[] = [];
  const scores: number[] = [];
  const coverage: number[] = [];
  const seenTexts = new Set<string>();
  for (const entry of ranked) {
    if (passages.length >= topK) break;
    const passage = index.passages[entry.position];
    if (passage === undefined || seenTexts.has(passage.text)) continue;
    if (answering !== null && !heldBy(index, entry.position).some((id) => answering.has(licenceFamily(id))))
      continue;
    seenTexts.add(passage.text);
    passages.push(passage);
    scores.push(entry.score);
    coverage.push(entry.coverage);
  }
  return {
    passages,
    licenceRanking,
    ambiguousWith,
    mentionedLicences: mentions.map((mention) => mention.id),
    searchedLicences: subject === undefined ? [] : [subject.id],
    unaddressed,
    scores,
    coverage,
    ms: performance.now() - began,
  };
}

// Topics a licence answers only by saying something about them: a licence silent on patents, trademarks, the law
// that governs it, reinstatement or technological measures does not address a question about them. (A question about
// commercial, network or closed-source use is answered by a grant that never names it: `without restriction`.)
const ANSWERED_ONLY_BY_THEIR_CLAUSE: ReadonlySet<string> = new Set([
  'patent',
  'patent-retaliation',
  'trademark',
  'governing-law',
  'reinstatement',
  'technological-measures',
  'circumvention',
]);

/**
 * The kinds of clause a question asks about when they are all topics a licence answers only by naming them (see
 * `ANSWERED_ONLY_BY_THEIR_CLAUSE`) and the licence has nothing of any of them: neither a sentence of the kind nor a
 * word of the topic anywhere in its text. Empty otherwise.
 */
function unaddressedIntents(
  index: LicenceIndex,
  id: string,
  intents: ReadonlyArray<{ intent: LicenceIntent }>,
): string[] {
  const kinds = intents.map(({ intent }) => intent).filter((intent) => intent.clause !== undefined);
  if (kinds.length === 0 || !kinds.every((intent) => ANSWERED_ONLY_BY_THEIR_CLAUSE.has(intent.name)))
    return [];
  const text = index.documents.find((document) => document.id === id)?.text.toLowerCase() ?? '';
  const addressed = kinds.some((intent) => intent.clause!.test(text) || intent.cue.test(text));
  return addressed ? [] : kinds.map((intent) => intent.name);
}

// A word with a capital after another word of its sentence: not `Which`, `Can` or `I`.
const PROPER_NAME = /(?<=[\p{L}\p{N},;)'"\u2019]\s+)\p{Lu}[\p{L}\p{N}]*/gu;

/** The terms of the names a question writes with a capital inside a sentence (`Finland`, `FreeType`, `GPL`). */
export function properTerms(question: string): ReadonlySet<string> {
  const terms = new Set<string>();
  for (const match of question.matchAll(PROPER_NAME))
    if (match[0] !== 'I') for (const term of tokenizeTerms(match[0])) terms.add(term);
  return terms;
}

/** The licences that hold a passage's text (itself and every licence sharing it word for word). */
function heldBy(index: LicenceIndex, position: number): readonly string[] {
  return (
    index.sharedBy.get(index.canonical[position] ?? position) ?? [index.passages[position]?.documentId ?? '']
  );
}

/** Licence families by their best passage (each licence sharing a passage's text counts it), best first. */
function rankLicences(
  index: LicenceIndex,
  ranked: ReadonlyArray<{ position: number; score: number }>,
): RankedLicence[] {
  const families = new Map<string, RankedLicence>();
  for (const { position, score } of ranked) {
    const ids = index.sharedBy.get(position) ?? [index.passages[position]?.documentId ?? ''];
    for (const id of ids) {
      const family = licenceFamily(id);
      const entry = families.get(family);
      if (entry === undefined) families.set(family, { family, ids: [id], score });
      else if (entry.score === score && !entry.ids.includes(id)) entry.ids.push(id);
    }
    if (families.size >= RANKED_LICENCES * 4) break;
  }
  return [...families.values()]
    .sort((a, b) => b.score - a.score || (a.family < b.family ? -1 : 1))
    .slice(0, RANKED_LICENCES);
}

function idf(index: LicenceIndex, documentFrequency: number): number {
  return Math.log(1 + (index.distinctPassages - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** BM25 of one passage, and for each of the question's own terms how it was found (1 itself, 0.5 related). */
function bm25(
  index: LicenceIndex,
  position: number,
  queryTerms: readonly QueryTerm[],
): { score: number; found: Map<string, number> } {
  const found = new Map<string, number>();
  const counts = index.termCounts[index.canonical[position] ?? position];
  if (counts === undefined || queryTerms.length === 0) return { score: 0, found };
  const length = index.lengths[position] ?? 0;
  const norm = K1 * (1 - B + (B * length) / Math.max(1, index.averageLength));
  let score = 0;
  for (const { term, weight, for: source } of queryTerms) {
    const frequency = counts.get(term) ?? 0;
    if (frequency === 0) continue;
    // A proper name weighs more in the score; in the share of the question a passage holds it is one word.
    found.set(source, Math.max(found.get(source) ?? 0, Math.min(1, weight)));
    score +=
      (weight * idf(index, index.documentFrequency.get(term) ?? 0) * frequency * (K1 + 1)) /
      (frequency + norm);
  }
  return { score, found };
}
