import { findSourcePointers, type SourcePointer } from './find-source-pointers.js';

/** The pointers to sources read in one field of an answer (`answer.text`, `answer.citations[2].source`). */
export interface FieldPointers {
  where: string;
  pointers: SourcePointer[];
}

/**
 * Every place an answer points at a source in citation-like syntax (see `findSourcePointers`), the `[n]` markers
 * the scorer reads itself included: a raw answer's text; a synthesized answer's `text`, `completion`, the `text` of
 * each `rejected` claim, and each citation's `source` when it is a string (`'²'`, `'S2'`, `' 2 '`). One pass over
 * each field: linear in the answer.
 */
export function listSourcePointers(answer: unknown): FieldPointers[] {
  const located: FieldPointers[] = [];
  const read = (text: string, where: string): void => {
    located.push({ where, pointers: findSourcePointers(text) });
  };
  if (typeof answer === 'string') {
    read(answer, 'answer');
    return located;
  }
  if (typeof answer !== 'object' || answer === null) return located;
  const { text, completion, rejected, citations } = answer as Record<string, unknown>;
  if (typeof text === 'string') read(text, 'answer.text');
  if (typeof completion === 'string') read(completion, 'answer.completion');
  if (Array.isArray(rejected)) {
    for (const [index, claim] of rejected.entries()) {
      const claimText = (claim as { text?: unknown } | null)?.text;
      if (typeof claimText === 'string') read(claimText, `answer.rejected[${index}].text`);
    }
  }
  if (Array.isArray(citations)) {
    for (const [index, citation] of citations.entries()) {
      const written = (citation as { source?: unknown } | null)?.source;
      // A source number written as text is read as the whole of one citation marker.
      if (typeof written === 'string') read(`[${written.trim()}]`, `answer.citations[${index}].source`);
    }
  }
  return located;
}

/** Whether a pointer names `source` (a dagger citation by either reading). */
export function namesSource(pointer: SourcePointer, source: number): boolean {
  return pointer.first <= source && source <= pointer.last;
}

/**
 * A number the pointer names that is not `positive`, or undefined: a dagger citation is fine when either reading is
 * the positive's; numbers alone in round parentheses count only within the `count` passages (`(2024)` is a year).
 * Constant time, however long a range.
 */
export function strayNumber(pointer: SourcePointer, positive: number, count: number): number | undefined {
  const { first, last } = pointer;
  if (pointer.either) return namesSource(pointer, positive) ? undefined : first;
  const low = pointer.bare ? Math.max(first, 1) : first;
  const high = pointer.bare ? Math.min(last, count) : last;
  if (low > high) return undefined;
  if (low !== positive) return low;
  return high > positive ? positive + 1 : undefined;
}
