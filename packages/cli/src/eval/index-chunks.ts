import type { EvalChunk } from './eval-pipeline.js';

/** A span of a document, as a gold span names it. */
interface DocumentSpan {
  documentId: string;
  start: number;
  end: number;
}

/** The chunks of a run, looked up by id and by the spans they overlap (built once per run by {@link indexChunks}). */
export interface ChunkIndex {
  get(chunkId: string): EvalChunk | undefined;
  /**
   * The chunks of the span's document with `chunk.start < span.end && span.start < chunk.end`, in the order of
   * the map the index was built from; the work grows with the chunks returned, not with the corpus.
   */
  overlapping(span: DocumentSpan): EvalChunk[];
}

/** One document's chunks, sorted by start, with the greatest end of each subtree of a balanced tree over them. */
interface DocumentChunks {
  chunks: EvalChunk[];
  /** Each chunk's place in the map, to return matches in the map's order. */
  places: number[];
  starts: number[];
  ends: number[];
  /** Tree node `i` covers a range of the sorted chunks; children `2i` and `2i + 1`, root 1. */
  maxEnd: number[];
  /** Chunks whose offsets are not numbers (the pipeline is plain JavaScript): tested one by one, as given. */
  odd: Array<{ chunk: EvalChunk; place: number; start: unknown; end: unknown }>;
}

/** Indexes chunks by document and offsets in O(n log n), so each overlap lookup costs O((k + 1) log n). */
export function indexChunks(chunks: ReadonlyMap<string, EvalChunk>): ChunkIndex {
  const byDocument = new Map<
    unknown,
    Array<{ chunk: EvalChunk; place: number; start: number; end: number }>
  >();
  const odd = new Map<unknown, DocumentChunks['odd']>();
  let place = 0;
  for (const chunk of chunks.values()) {
    const { documentId, start, end } = chunk;
    if (isNumber(start) && isNumber(end)) {
      const list = byDocument.get(documentId) ?? [];
      list.push({ chunk, place, start, end });
      byDocument.set(documentId, list);
    } else {
      const list = odd.get(documentId) ?? [];
      list.push({ chunk, place, start, end });
      odd.set(documentId, list);
    }
    place++;
  }
  const documents = new Map<unknown, DocumentChunks>();
  for (const documentId of new Set([...byDocument.keys(), ...odd.keys()])) {
    const sorted = (byDocument.get(documentId) ?? []).sort((a, b) => a.start - b.start || a.place - b.place);
    const entry: DocumentChunks = {
      chunks: sorted.map((item) => item.chunk),
      places: sorted.map((item) => item.place),
      starts: sorted.map((item) => item.start),
      ends: sorted.map((item) => item.end),
      maxEnd: [],
      odd: odd.get(documentId) ?? [],
    };
    if (sorted.length > 0) build(entry, 1, 0, sorted.length);
    documents.set(documentId, entry);
  }
  return {
    get: (chunkId) => chunks.get(chunkId),
    overlapping: (span) => {
      // Keys compare as `===` does for strings; a gold span's documentId is a string.
      const entry = typeof span.documentId === 'string' ? documents.get(span.documentId) : undefined;
      if (entry === undefined) return [];
      const found: Array<{ chunk: EvalChunk; place: number }> = [];
      if (entry.starts.length > 0) collect(entry, span, 1, 0, entry.starts.length, found);
      for (const item of entry.odd)
        if ((item.start as number) < span.end && span.start < (item.end as number)) found.push(item);
      return found.sort((a, b) => a.place - b.place).map((item) => item.chunk);
    },
  };
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}

function build(entry: DocumentChunks, node: number, low: number, high: number): number {
  if (high - low === 1) {
    entry.maxEnd[node] = entry.ends[low]!;
  } else {
    const middle = (low + high) >>> 1;
    entry.maxEnd[node] = Math.max(
      build(entry, 2 * node, low, middle),
      build(entry, 2 * node + 1, middle, high),
    );
  }
  return entry.maxEnd[node]!;
}

// A subtree is skipped when no chunk in it can overlap: every end is at most `maxEnd`, every start at least the
// first. The tests are the overlap test negated (not its converse), so a NaN in the span matches nothing, as before.
function collect(
  entry: DocumentChunks,
  span: DocumentSpan,
  node: number,
  low: number,
  high: number,
  found: Array<{ chunk: EvalChunk; place: number }>,
): void {
  if (!(span.start < entry.maxEnd[node]!) || !(entry.starts[low]! < span.end)) return;
  if (high - low === 1) {
    found.push({ chunk: entry.chunks[low]!, place: entry.places[low]! });
    return;
  }
  const middle = (low + high) >>> 1;
  collect(entry, span, 2 * node, low, middle, found);
  collect(entry, span, 2 * node + 1, middle, high, found);
}
