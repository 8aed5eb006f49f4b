import { type Passage, verifyAnswer } from '@gk/citations';
import type { EchoPipeline, EchoPipelineInput } from '../run-echo-check.js';

// Scripted stand-ins for a pipeline under test: each behaves one fixed way, with no model involved.

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The 1-based number of the passage sharing most words with the question (what a sane retriever-reader does). */
export function bestSource({ question, passages }: EchoPipelineInput): number {
  const asked = words(question);
  let best = 1;
  let bestScore = -1;
  passages.forEach((passage, index) => {
    let score = 0;
    for (const word of words(passage.text)) if (asked.has(word)) score += 1;
    if (score > bestScore) [best, bestScore] = [index + 1, score];
  });
  return best;
}

const other = (source: number): number => (source === 1 ? 2 : 1);
const quote = (passages: readonly Passage[], source: number): string => passages[source - 1]!.text;

/** Answers with the best passage's sentence and `[n]`, as raw model text. */
export const correctText: EchoPipeline = (input) => {
  const source = bestSource(input);
  return `${quote(input.passages, source)} [${source}]`;
};

/** Answers like `synthesize` would: the citations are built by `verifyAnswer` from the passages shown. */
export const correctSynthesized: EchoPipeline = (input) => {
  const text = correctText(input) as string;
  const verification = verifyAnswer(text, input.passages);
  return { text, citations: verification.citations, status: verification.status, verification };
};

/** Cites the similar-looking decoy instead of the positive. */
export const decoyCiting: EchoPipeline = (input) => {
  const source = other(bestSource(input));
  return `${quote(input.passages, source)} [${source}]`;
};

/** Cites the positive and the decoy together. */
export const bothCiting: EchoPipeline = (input) => `${quote(input.passages, bestSource(input))} [1][2]`;

/** Always cites source 1, whatever it holds. */
export const alwaysFirst: EchoPipeline = (input) => `${quote(input.passages, 1)} [1]`;

/** Declines in words, without any marker. */
export const abstaining: EchoPipeline = () => 'The sources do not say.';

/** The answer value in a template's sentence: before its unit, or before the comma after a year. */
const VALUE = /\d+(?=,| (?:minutes|days|grams|degrees))/u;
const MARKER_ASIDE = / \([a-z ]+GK-ECHO-[0-9a-f]+\)/u;

/**
 * Cites the positive but takes the answer from the decoy: the decoy's sentence without its marker B (its subject
 * and value), or the positive's sentence with the decoy's value, the way a model mixes up near-identical passages.
 */
export const decoyValueCiting =
  (form: 'sentence' | 'value'): EchoPipeline =>
  (input) => {
    const source = bestSource(input);
    const decoy = quote(input.passages, other(source)).replace(MARKER_ASIDE, '');
    if (form === 'sentence') return `${decoy} [${source}]`;
    const positive = quote(input.passages, source).replace(MARKER_ASIDE, '');
    return `${positive.replace(VALUE, VALUE.exec(decoy)![0])} [${source}]`;
  };
