import type { QueryResult } from '@gk/eval-schema';
import { InputError } from '../input-error.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import type { ChunkIndex } from './index-chunks.js';
import type { QuestionLine } from './read-questions.js';

/**
 * A question's gold as spans of the corpus: a passage id becomes its chunk's span; a gold span must lie in a
 * document of the setup and overlap one of its chunks. Anything else is the question set's fault: `invalid_questions`.
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
      return { documentId: chunk.documentId, start: chunk.start, end: chunk.end };
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
    return gold;
  });
}

/** The chunk ids relevant to a question: its gold passage ids, and every chunk that overlaps one of its gold spans. */
export function relevantChunkIds(
  question: QuestionLine,
  gold: QueryResult['gold'],
  chunks: ChunkIndex,
): Set<string> {
  const relevant = new Set<string>();
  question.gold.forEach((entry, index) => {
    if (typeof entry === 'string') relevant.add(entry);
    else for (const chunk of chunks.overlapping(gold[index]!)) relevant.add(chunk.chunkId);
  });
  return relevant;
}
