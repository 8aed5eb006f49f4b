import type { Passage } from '@gk/citations';
import type { LicenceIndex } from './build-index.js';
import { findMentionedLicences } from './find-mentioned-licences.js';
import { tokenizeTerms } from './tokenize-terms.js';

/** Options for {@link retrievePassages}. */
export interface RetrieveOptions {
  /** How many passages to return (default 5). */
  topK?: number;
  /** How many flexsearch candidates to re-rank when no licence is named (default 200). */
  candidates?: number;
  /**
   * When no licence is named, the share of the question's distinct terms a passage must contain (default 0.5),
   * so that a question the corpus does not address retrieves nothing instead of passages sharing one word.
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
  ms: number;
}

const K1 = 1.2;
const B = 0.75;

/**
 * Lexical retrieval over the licence corpus. When the question names licences (`Apache-2.0`, `GPLv3`) their
 * passages are ranked directly; otherwise flexsearch proposes candidates among the distinct passages. Either
 * way the ranking is BM25 over the same terms. A passage matching no query term is never returned, and without
 * a named licence a passage must contain at least half of the question's distinct terms.
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
  const terms = [...new Set(tokenizeTerms(query))];

  let candidates: number[];
  if (mentions.length > 0) {
    candidates = mentions.flatMap((mention) => [...(index.passagesByDocument.get(mention.id) ?? [])]);
  } else if (terms.length === 0) {
    candidates = [];
  } else {
    const limit = Math.max(topK, options.candidates ?? 200);
    candidates = (index.search.search(terms.join(' '), { limit, suggest: true }) as number[]).map(Number);
  }

  const minTerms =
    mentions.length > 0 ? 1 : Math.max(1, Math.ceil(terms.length * (options.minTermShare ?? 0.5)));
  const ranked = candidates
    .map((position) => ({ position, ...bm25(index, position, terms) }))
    .filter((entry) => entry.score > 0 && entry.matched >= minTerms)
    .sort((a, b) => b.score - a.score || a.position - b.position);

  const passages: Passage[] = [];
  const scores: number[] = [];
  const seenTexts = new Set<string>();
  for (const entry of ranked) {
    if (passages.length >= topK) break;
    const passage = index.passages[entry.position];
    if (passage === undefined || seenTexts.has(passage.text)) continue;
    seenTexts.add(passage.text);
    passages.push(passage);
    scores.push(entry.score);
  }
  return {
    passages,
    mentionedLicences: mentions.map((mention) => mention.id),
    scores,
    ms: performance.now() - began,
  };
}

function bm25(
  index: LicenceIndex,
  position: number,
  terms: readonly string[],
): { score: number; matched: number } {
  const passage = index.passages[position];
  if (passage === undefined || terms.length === 0) return { score: 0, matched: 0 };
  const counts = new Map<string, number>();
  for (const term of tokenizeTerms(passage.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const length = index.lengths[position] ?? 0;
  const norm = K1 * (1 - B + (B * length) / Math.max(1, index.averageLength));
  let score = 0;
  let matched = 0;
  for (const term of terms) {
    const frequency = counts.get(term) ?? 0;
    if (frequency === 0) continue;
    matched++;
    const df = index.documentFrequency.get(term) ?? 0;
    const idf = Math.log(1 + (index.distinctPassages - df + 0.5) / (df + 0.5));
    score += (idf * frequency * (K1 + 1)) / (frequency + norm);
  }
  return { score, matched };
}
