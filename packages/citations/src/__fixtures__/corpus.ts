import type { Passage } from '../types.js';

/** A small document written for these tests, cut into passages with real offsets. */
export const DOCUMENT =
  'Children exposed to domestic violence show higher rates of anxiety and depression. ' +
  'They are also more likely to become victims or perpetrators later in life. ' +
  'The court ruling ECLI:NL:HR:2019:1234 concerned custody. ' +
  'A review was published as doi 10.1234/abc.5678 in 2020. ' +
  'More at https://example.org/report?id=7 for readers. ' +
  'Le café coûte “trois euros” — à Paris.';

/** Cuts the document at sentence ends (". ") so each passage is `DOCUMENT.slice(start, end)`. */
export function passagesOf(document: string, documentId = 'doc-1'): Passage[] {
  const passages: Passage[] = [];
  let start = 0;
  for (const match of document.matchAll(/\. /g)) {
    const end = match.index + 1;
    passages.push({
      documentId,
      chunkId: `c${passages.length + 1}`,
      text: document.slice(start, end),
      start,
      end,
    });
    start = end + 1;
  }
  if (start < document.length) {
    passages.push({
      documentId,
      chunkId: `c${passages.length + 1}`,
      text: document.slice(start),
      start,
      end: document.length,
    });
  }
  return passages;
}

export const PASSAGES: Passage[] = passagesOf(DOCUMENT);
