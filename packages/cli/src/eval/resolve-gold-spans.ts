import type { QueryResult } from '@gk/eval-schema';
import { InputError } from '../input-error.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import type { ChunkIndex } from './index-chunks.js';
import type { QuestionLine } from './read-questions.js';

/**
 * A question's gold as spans of the corpus: a passage id becomes its chunk's span with that `chunkId` (only that chunk
 * is relevant); a gold span, kept without one (every chunk it overlaps is relevant), must lie in a document of the
 * setup and overlap one of its chunks. Anything else is the question set's fault: `invalid_questions`.
 */
export function resolveGoldSpans(
  question: QuestionLine,
  chunks: ChunkIndex,
  documents: ReadonlyMap<string, number>,
): QueryResult['gold'] {
  const fail = (index: number, message: string): never => {
    throw new InputError({
      code: 'invalid_questions',
      field: `gold[${index}]`,
      message: escapeTerminalText(
        `question ${JSON.stringify(question.id.slice(0, 80))}: gold[${index}]: ${message}`,
      ),
    });
  };
  return question.gold.map((gold, index) => {
    if (typeof gold === 'string') {
      const chunk = chunks.get(gold);
      if (chunk === undefined)
        return fail(
          index,
          `passage id ${JSON.stringify(gold.slice(0, 80))} is not a chunk of the pipeline's corpus`,
        );
      // The chunk id stays: the report and judgmentsHash must tell this gold from the same span written as a span.
      return { documentId: chunk.documentId, start: chunk.start, end: chunk.end, chunkId: chunk.chunkId };
    }
    const length = documents.get(gold.documentId);
    if (length === undefined)
      return fail(
        index,
        `document ${JSON.stringify(gold.documentId.slice(0, 80))} is not in the pipeline's corpus`,
      );
    if (gold.end > length)
      return fail(index, `span ${gold.start}–${gold.end} ends past the document's ${length} characters`);
    if (chunks.overlapping(gold).length === 0)
      return fail(index, `span ${gold.start}–${gold.end} overlaps no chunk of its document`);
    return { documentId: gold.documentId, start: gold.start, end: gold.end };
  });
}

/**
 * The chunk ids relevant to a question's resolved gold: the chunk of each gold passage (a span with a `chunkId`), and
 * every chunk that overlaps one of its gold spans (a span without one).
 */
export function relevantChunkIds(gold: QueryResult['gold'], chunks: ChunkIndex): Set<string> {
  const relevant = new Set<string>();
  for (const entry of gold) {
    if (entry.chunkId !== undefined) relevant.add(entry.chunkId);
    else for (const chunk of chunks.overlapping(entry)) relevant.add(chunk.chunkId);
  }
  return relevant;
}
