import type { Passage } from '@gk/citations';
import type { LicenceIndex } from './build-index.js';
import { expandTerms } from './expand-terms.js';
import { findMentionedLicences } from './find-mentioned-licences.js';
import { tokenizeTerms } from './tokenize-terms.js';

/** Options for {@link retrievePassages}. */
export interface RetrieveOptions {
  /** How many passages to return (default 5). */
  topK?: number;
  /** How many flexsearch candidates to re-rank when no licence is named (default 500). */
  candidates?: number;
  /**
   * When no licence is named, the share of the question's terms (weighted by how rare each is in the corpus) a
   * passage must contain (default 0.5), so that a question the corpus does not address retrieves nothing instead
   * of passages sharing one common word. A term found only through a related word counts half.
   */
  minTermShare?: number;
}

/** The passages found for one question, best first, with how they were found. */
export interface RetrieveResult {
  passages: Passage[];
  /** Licence ids named in the question; when any, only their passages were ranked. */
  mentionedLicences: string[];
  /** BM25 score of each returned passage, same order. */
  scores: number[];
  /** The share of the question's terms (weighted by rarity) each returned passage contains, same order. */
  coverage: number[];
  ms: number;
}

const K1 = 1.2;
const B = 0.75;
// A related word (`retain` for `keep`) finds a passage, but counts for half of the word itself.
const RELATED_WEIGHT = 0.5;
// A licence's preamble says what it is for; what it permits and requires is in its terms, which rank first.
const PREAMBLE_WEIGHT = 0.5;

interface QueryTerm {
  term: string;
  weight: number;
  /** The question's own term this one stands for (itself, or the term it is related to). */
  for: string;
}

/**
 * Lexical retrieval over the licence corpus. When the question names licences (`Apache-2.0`, `GPLv3`, `the
 * 3-clause BSD licence`) only their passages are ranked; otherwise flexsearch proposes candidates among the
 * distinct passages. Either way the ranking is BM25 over the question's terms and, at half weight, words
 * related to them (`keep` finds `retain`); a passage of a licence's preamble scores half (see `preambleOf`). A
 * passage matching no term is never returned, and without a named licence a passage must contain enough of the
 * question (`minTermShare`).
 */
export function retrievePassages(
  index: LicenceIndex,
  question: string,
  options: RetrieveOptions = {},
): RetrieveResult {
  const began = performance.now();
  const topK = Math.max(1, Math.floor(options.topK ?? 5));
  const mentions = findMentionedLicences(question, index.names);
  let query = question;
  for (const mention of [...mentions].reverse()) {
    query = `${query.slice(0, mention.start)} ${query.slice(mention.end)}`;
  }
  const own = [...new Set(tokenizeTerms(query))];
  const related = new Map<string, string>();
  for (const term of own)
    for (const other of expandTerms([term])) if (!own.includes(other)) related.set(other, term);
  const queryTerms: QueryTerm[] = [
    ...own.map((term) => ({ term, weight: 1, for: term })),
    ...[...related].map(([term, source]) => ({ term, weight: RELATED_WEIGHT, for: source })),
  ];

  let candidates: number[];
  if (mentions.length > 0) {
    candidates = mentions.flatMap((mention) => [...(index.passagesByDocument.get(mention.id) ?? [])]);
  } else if (own.length === 0) {
    candidates = [];
  } else {
    const limit = Math.max(topK, options.candidates ?? 500);
    const found = index.search.search(queryTerms.map((entry) => entry.term).join(' '), {
      limit,
      suggest: true,
    }) as number[];
    candidates = found.map(Number);
  }

  const minShare = mentions.length > 0 ? 0 : (options.minTermShare ?? 0.4);
  const idfOf = (term: string): number => idf(index, index.documentFrequency.get(term) ?? 0);
  const totalIdf = own.reduce((sum, term) => sum + idfOf(term), 0);
  const ranked = candidates
    .map((position) => {
      const entry = bm25(index, position, queryTerms);
      let covered = 0;
      for (const term of own) covered += (entry.found.get(term) ?? 0) * idfOf(term);
      const weight = index.preamble[position] === 1 ? PREAMBLE_WEIGHT : 1;
      return { position, score: entry.score * weight, coverage: totalIdf === 0 ? 0 : covered / totalIdf };
    })
    .filter((entry) => entry.score > 0 && entry.coverage >= minShare)
    .sort((a, b) => b.score - a.score || a.position - b.position);

  const passages: Passage[] = [];
  const scores: number[] = [];
  const coverage: number[] = [];
  const seenTexts = new Set<string>();
  for (const entry of ranked) {
    if (passages.length >= topK) break;
    const passage = index.passages[entry.position];
    if (passage === undefined || seenTexts.has(passage.text)) continue;
    seenTexts.add(passage.text);
    passages.push(passage);
    scores.push(entry.score);
    coverage.push(entry.coverage);
  }
  return {
    passages,
    mentionedLicences: mentions.map((mention) => mention.id),
    scores,
    coverage,
    ms: performance.now() - began,
  };
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
    found.set(source, Math.max(found.get(source) ?? 0, weight));
    score +=
      (weight * idf(index, index.documentFrequency.get(term) ?? 0) * frequency * (K1 + 1)) /
      (frequency + norm);
  }
  return { score, found };
}
