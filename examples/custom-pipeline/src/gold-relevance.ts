import type { Passage } from '@gk/citations';
import type { GoldSpan } from './golden-set.js';

/** The chunk ids of every passage that overlaps a gold span of its own document: the relevant set for metrics. */
export function relevantChunkIds(passages: readonly Passage[], gold: readonly GoldSpan[]): Set<string> {
  const relevant = new Set<string>();
  for (const passage of passages) {
    if (
      gold.some(
        (span) =>
          span.documentId === passage.documentId && span.start < passage.end && passage.start < span.end,
      )
    ) {
      relevant.add(passage.chunkId);
    }
  }
  return relevant;
}
