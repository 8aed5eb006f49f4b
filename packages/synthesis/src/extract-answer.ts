import { DEFAULT_STOP_WORDS, splitClaims } from '@gk/citations';

/** Settings for `extractAnswer`. */
export interface ExtractAnswerSettings {
  maxSentences: number;
  noSourceToken: string;
  questionLabel: string;
  stopWords: ReadonlySet<string>;
  locale: string;
}

/** One numbered source as read back from a `formatSources` list in the prompt. */
export interface PromptSource {
  source: number;
  text: string;
}

/** The answer, the sentences it was built from, and what was read from the prompt. */
export interface ExtractedAnswer {
  text: string;
  lines: string[];
  question: string;
  sources: PromptSource[];
}

/** The settings `extractiveModel()` uses when given no options. */
export const DEFAULT_SETTINGS: ExtractAnswerSettings = {
  maxSentences: 3,
  noSourceToken: 'NO_SOURCE',
  questionLabel: 'Question:',
  stopWords: new Set(DEFAULT_STOP_WORDS),
  locale: 'en',
};

// A formatSources header: `[n] heading` alone on its line. Passage text cannot forge one: formatSources turns
// any bracketed number inside a passage into `(n)`.
const HEADER = /^\[([1-9][0-9]{0,8})\] [^\n]*$/gm;
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
const K1 = 1.2;
const B = 0.75;
// A sentence must score at least this share of the best one, so weak matches do not pad the answer.
const MIN_RELATIVE_SCORE = 0.5;
// A heading such as "MIT License" (short, no closing punctuation) is not an answer and is never quoted.
const HEADING_MAX_TERMS = 3;
const CLOSING_PUNCTUATION = /[.!?:;)"'”’]\s*$/u;

/** Lowercased Unicode word tokens. */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

/** A crude English suffix strip for matching only ("licenses", "license" -> "licens"); output stays verbatim. */
function stem(token: string): string {
  if (token.length < 5 || !/^[a-z]+$/.test(token)) return token;
  const stripped = token.replace(/(?:ies|ing|ed|es|s|e|y)$/, '');
  return stripped.length >= 3 ? stripped : token;
}

/** Content terms of a text: tokens minus stop words, stemmed. */
function terms(text: string, stopWords: ReadonlySet<string>): string[] {
  return tokenize(text)
    .filter((token) => !stopWords.has(token))
    .map(stem);
}

// A direct quotation (as the verifier finds them) holding a neutralised marker `(7)`: the passage has `[7]` there.
const ALTERED_QUOTATION = /"[^"]*\([^")]*[0-9][^")]*\)[^"]*"|“[^”]*\([^”)]*[0-9][^”)]*\)[^”]*”/;

/** Splits prompt text into the question and the numbered sources. */
export function readPrompt(
  text: string,
  questionLabel: string,
): { question: string; sources: PromptSource[] } {
  const labelAt = lastLabel(text, questionLabel);
  const region = labelAt === -1 ? text : text.slice(0, labelAt);
  const headers = [...region.matchAll(HEADER)];
  const sources: PromptSource[] = [];
  const seen = new Set<number>();
  headers.forEach((header, i) => {
    const source = Number(header[1]);
    const bodyStart = header.index + header[0].length + 1;
    const bodyEnd = headers[i + 1]?.index ?? region.length;
    if (seen.has(source) || bodyStart > bodyEnd) return;
    seen.add(source);
    sources.push({ source, text: region.slice(bodyStart, bodyEnd).trimEnd() });
  });
  let question: string;
  if (labelAt !== -1) question = text.slice(labelAt + questionLabel.length);
  else question = headers.length > 0 ? text.slice(0, headers[0]!.index) : text;
  return { question: question.trim(), sources };
}

/** Index of the last `label` that starts a line, or -1. */
function lastLabel(text: string, label: string): number {
  if (label === '') return -1;
  let at = text.lastIndexOf(label);
  while (at > 0 && text[at - 1] !== '\n') at = text.lastIndexOf(label, at - 1);
  return at;
}

interface Candidate {
  source: number;
  order: number;
  line: string;
  text: string;
  key: string;
  terms: Map<string, number>;
  length: number;
}

/**
 * Picks up to `maxSentences` verbatim source sentences by BM25 overlap with the question, each after the first
 * matching a question term the earlier ones did not, one per line, each tagged with its source number; the no-source token when no sentence shares a content word with the question.
 */
export function extractAnswer(promptText: string, settings: ExtractAnswerSettings): ExtractedAnswer {
  const { question, sources } = readPrompt(promptText, settings.questionLabel);
  const queryTerms = new Set(terms(question, settings.stopWords));
  const candidates: Candidate[] = [];
  if (queryTerms.size > 0) {
    for (const { source, text } of sources) {
      for (const unit of splitClaims(text, { locale: settings.locale })) {
        if (!unit.hasContent || unit.markers.length > 0 || ALTERED_QUOTATION.test(unit.text)) continue;
        const line = `${unit.text} [${source}]`;
        const tokens = terms(unit.text, settings.stopWords);
        if (tokens.length <= HEADING_MAX_TERMS && !CLOSING_PUNCTUATION.test(unit.text)) continue;
        const counts = new Map<string, number>();
        for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
        // Sentences that read the same (up to case and punctuation) are offered once.
        const key = tokenize(unit.text).join(' ');
        candidates.push({
          source,
          order: candidates.length,
          line,
          text: unit.text,
          key,
          terms: counts,
          length: tokens.length,
        });
      }
    }
  }
  const chosen: Candidate[] = [];
  const covered = new Set<string>();
  for (const candidate of rank(candidates, queryTerms)) {
    if (chosen.length === settings.maxSentences) break;
    // A further sentence must match a question term that the sentences already chosen do not: a lexically
    // similar sentence about another subject (the decoy an echo check plants) adds nothing and is skipped.
    const novel = [...candidate.terms.keys()].filter((term) => queryTerms.has(term) && !covered.has(term));
    if (chosen.length > 0 && novel.length === 0) continue;
    // Keep only a sentence that the verifier will split back into exactly itself (checked for winners only:
    // segmentation is the expensive step).
    const again = splitClaims(candidate.line, { locale: settings.locale });
    if (again.length === 1 && again[0]!.textWithoutMarkers === candidate.text) {
      chosen.push(candidate);
      for (const term of novel) covered.add(term);
      if (chosen.length === 1)
        for (const term of candidate.terms.keys()) if (queryTerms.has(term)) covered.add(term);
    }
  }
  const lines = chosen.map((candidate) => candidate.line);
  return { text: lines.length === 0 ? settings.noSourceToken : lines.join('\n'), lines, question, sources };
}

function rank(candidates: readonly Candidate[], queryTerms: ReadonlySet<string>): Candidate[] {
  if (candidates.length === 0) return [];
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.terms.keys()) {
      if (queryTerms.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const count = candidates.length;
  const averageLength = candidates.reduce((sum, candidate) => sum + candidate.length, 0) / count || 1;
  const scored: Array<{ candidate: Candidate; score: number }> = [];
  for (const candidate of candidates) {
    let score = 0;
    for (const term of queryTerms) {
      const frequency = candidate.terms.get(term);
      if (frequency === undefined) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      score +=
        (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * candidate.length) / averageLength));
    }
    if (score > 0) scored.push({ candidate, score });
  }
  scored.sort((a, b) => b.score - a.score || a.candidate.order - b.candidate.order);
  const cutoff = (scored[0]?.score ?? 0) * MIN_RELATIVE_SCORE;
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const { candidate, score } of scored) {
    if (score < cutoff || seen.has(candidate.key)) continue;
    seen.add(candidate.key);
    out.push(candidate);
  }
  return out;
}
