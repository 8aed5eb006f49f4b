import { pointsAtSource } from './find-source-pointers.js';

/**
 * Where an answer points at `source` in citation-like syntax, other than the `[n]` markers and numeric citation
 * sources the scorer reads itself: a raw answer's text; a synthesized answer's `text`, `completion`, the `text` of
 * each `rejected` claim, and each citation's `source` when it is a string (`'²'`, `'S2'`, `' 2 '`). Undefined when
 * nothing does.
 */
export function findPointerToSource(answer: unknown, source: number): string | undefined {
  if (typeof answer === 'string') return pointsAtSource(answer, source) ? 'answer' : undefined;
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { text, completion, rejected, citations } = answer as Record<string, unknown>;
  if (typeof text === 'string' && pointsAtSource(text, source)) return 'answer.text';
  if (typeof completion === 'string' && pointsAtSource(completion, source)) return 'answer.completion';
  if (Array.isArray(rejected)) {
    for (const [index, claim] of rejected.entries()) {
      const claimText = (claim as { text?: unknown } | null)?.text;
      if (typeof claimText === 'string' && pointsAtSource(claimText, source))
        return `answer.rejected[${index}].text`;
    }
  }
  if (Array.isArray(citations)) {
    for (const [index, citation] of citations.entries()) {
      const written = (citation as { source?: unknown } | null)?.source;
      // A source number written as text is read as the whole of one citation marker.
      if (typeof written === 'string' && pointsAtSource(`[${written.trim()}]`, source))
        return `answer.citations[${index}].source`;
    }
  }
  return undefined;
}
