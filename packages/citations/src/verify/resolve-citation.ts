import type { Citation } from '../types.js';

/** Reads a document's current text by id. */
export type ReadDocument = (documentId: string) => string | Promise<string>;

/** `verified`: the span still holds the cited text; `drifted`: it holds something else; `unresolvable`: unreadable. */
export interface ResolveCitationResult {
  status: 'verified' | 'drifted' | 'unresolvable';
  /** What the document holds at the citation's offsets now (`drifted` only; clamped to the document). */
  actual?: string;
  /** Why the citation could not be resolved (`unresolvable` only). */
  reason?: 'read_failed' | 'not_a_string' | 'invalid_offsets';
}

/**
 * Re-reads the cited document and compares the span with the citation's text. Never throws: a failing or
 * non-string read is `unresolvable`; offsets past the end of the document are `drifted`.
 */
export async function resolveCitation(
  citation: Citation,
  read: ReadDocument,
): Promise<ResolveCitationResult> {
  const { start, end } = citation ?? {};
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end) {
    return { status: 'unresolvable', reason: 'invalid_offsets' };
  }
  let document: unknown;
  try {
    document = await read(citation.documentId);
  } catch {
    return { status: 'unresolvable', reason: 'read_failed' };
  }
  if (typeof document !== 'string') return { status: 'unresolvable', reason: 'not_a_string' };
  const actual = document.slice(start, end);
  if (end <= document.length && actual === citation.text) return { status: 'verified' };
  return { status: 'drifted', actual };
}
