import type { Citation } from '@gk/citations';
import type { EchoCase } from '../build-echo-case.js';

/** A citation of the positive document's text at `[start, end)`, as source `source`. */
export function spanCitation(echoCase: EchoCase, start: number, end: number, source = 1): Citation {
  const { positive } = echoCase;
  return {
    source,
    documentId: positive.documentId,
    chunkId: positive.passage.chunkId,
    start,
    end,
    text: positive.text.slice(start, end),
  };
}

/** A citation of the whole positive passage, as source `source`. */
export const wholePassage = (echoCase: EchoCase, source = 1): Citation =>
  spanCitation(echoCase, echoCase.positive.passage.start!, echoCase.positive.passage.end!, source);
