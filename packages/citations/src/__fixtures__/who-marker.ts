import type { ProviderCitation, ProviderDocument } from '../provider/verify-provider-citations.js';

/** The URL of the one source of the marker tests. */
export const WHO_URL = 'https://who.example/aspirin';
/** A file destination a `container_file_citation` points at. */
export const WHO_FILE = 'sandbox:/mnt/data/who.csv';

const text = 'Aspirin is used to reduce fever and mild pain, the WHO says.';
/** The one source, `file-1`, found at `WHO_URL`. */
export const WHO_DOCUMENTS: ProviderDocument[] = [
  { documentId: 'file-1', chunkId: 'f#0', start: 0, end: text.length, text, uri: WHO_URL },
];

/**
 * The answer `Aspirin reduces fever ` then `marker` then `.`, and a citation of `file-1` whose marker span is
 * `marker`: with `WHO_URL` as a `url_citation`, or without a URL as a `container_file_citation`.
 */
export function markedAnswer(
  marker: string,
  withUrl: boolean,
): { answer: string; citation: ProviderCitation } {
  const before = 'Aspirin reduces fever ';
  return {
    answer: `${before}${marker}.`,
    citation: {
      type: withUrl ? 'url_citation' : 'container_file_citation',
      document: { ids: ['file-1'] },
      answer: {
        start: before.length,
        end: before.length + marker.length,
        role: 'marker',
        ...(withUrl ? { url: WHO_URL } : {}),
      },
    },
  };
}
