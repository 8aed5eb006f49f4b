import { InvalidArgumentError, readArgument } from '@gk/internal';
import { clusterEdges } from '../text/cluster-edges.js';
import type { Citation } from '../types.js';

/** Whether offset `i` falls between the two halves of a surrogate pair of `text`. */
const splitsPair = (text: string, i: number): boolean =>
  /[\ud800-\udbff]/.test(text[i - 1] ?? '') && /[\udc00-\udfff]/.test(text[i] ?? '');

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
 * Re-reads the cited document and compares the span with the citation's text. Throws (rejects) only an
 * InvalidArgumentError, for a `read` that is not a function or a citation whose fields throw when read (a getter, a
 * proxy); each field is read once. A failing or non-string read is `unresolvable`, and so
 * are offsets that split a surrogate pair of the document (`invalid_offsets`); offsets past the end of the document,
 * or inside a character it now shows as one (`cafe` cited from `cafe\u0301`, shown `café`), are `drifted`.
 */
export async function resolveCitation(
  citation: Citation,
  read: ReadDocument,
): Promise<ResolveCitationResult> {
  // A caller's mistake, checked before anything: not a verdict on the citation.
  if (typeof read !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'read',
      expected: 'a function reading a document by id',
      received: read,
    });
  }
  const { start, end, text, documentId } = readArgument('citation', () => {
    const { start, end, text, documentId } = (citation ?? {}) as Partial<Citation>;
    return { start, end, text, documentId };
  });
  if (
    start === undefined ||
    end === undefined ||
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    start > end
  ) {
    return { status: 'unresolvable', reason: 'invalid_offsets' };
  }
  let document: unknown;
  try {
    document = await read(documentId as string);
  } catch {
    return { status: 'unresolvable', reason: 'read_failed' };
  }
  if (typeof document !== 'string') return { status: 'unresolvable', reason: 'not_a_string' };
  // Offsets that split a surrogate pair are invalid, as the offset helpers hold: half a character is never cited.
  if (splitsPair(document, start) || splitsPair(document, end)) {
    return { status: 'unresolvable', reason: 'invalid_offsets' };
  }
  const actual = document.slice(start, end);
  // The same code units cut out of a character the document now shows whole no longer show what was cited.
  const edges = clusterEdges(document);
  if (end <= document.length && actual === text && edges(start) && edges(end)) return { status: 'verified' };
  return { status: 'drifted', actual };
}
