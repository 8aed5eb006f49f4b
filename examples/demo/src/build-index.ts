import type { Passage } from '@gk/citations';
import { Index } from 'flexsearch';
import { buildLicenceNames, type LicenceNames } from './build-licence-names.js';
import { chunkDocument, type ChunkOptions } from './chunk-document.js';
import type { LicenceDocument } from './load-licences.js';
import { tokenizeTerms } from './tokenize-terms.js';

/** Everything retrieval needs: the passages, a flexsearch index over their distinct texts, and term statistics. */
export interface LicenceIndex {
  documents: readonly LicenceDocument[];
  /** Every chunk of every licence, as a `Passage` with exact document offsets. */
  passages: readonly Passage[];
  /** The ways of writing each licence's name, for finding the licences a question names. */
  names: LicenceNames;
  /** Passage positions (into `passages`) per licence id, in document order. */
  passagesByDocument: ReadonlyMap<string, readonly number[]>;
  /** For each passage, the position of the first passage with the same text (licences share many paragraphs). */
  canonical: Int32Array;
  /** For a canonical passage whose text other licences also contain, the ids of every licence that contains it. */
  sharedBy: ReadonlyMap<number, readonly string[]>;
  /** Flexsearch index over the canonical passages; ids are positions into `passages`. */
  search: Index;
  /** Number of canonical passages containing each term. */
  documentFrequency: ReadonlyMap<string, number>;
  /** Term counts of each canonical passage (by position; other positions are empty: read `canonical` first). */
  termCounts: ReadonlyArray<ReadonlyMap<string, number>>;
  /**
   * 1 for a passage that lies wholly outside a licence's terms: in its preamble (its aims, before the terms begin;
   * see `preambleOf`) or its appendix (how to apply it, its steward's notices, after the terms end; see `appendixOf`).
   */
  outsideTerms: Uint8Array;
  /** Term count of each passage. */
  lengths: Uint32Array;
  averageLength: number;
  /** Number of canonical (distinct) passages. */
  distinctPassages: number;
  /** Wall-clock milliseconds spent chunking and indexing. */
  buildMs: number;
}

/** Chunks every licence and builds the flexsearch index and term statistics used by `retrievePassages`. */
export function buildLicenceIndex(
  documents: readonly LicenceDocument[],
  options: ChunkOptions = {},
): LicenceIndex {
  const began = performance.now();
  const passages: Passage[] = [];
  const outside: boolean[] = [];
  const passagesByDocument = new Map<string, number[]>();
  for (const document of documents) {
    const positions: number[] = [];
    const spans = [preambleOf(document.text), appendixOf(document.text)];
    chunkDocument(document.text, options).forEach((chunk, ordinal) => {
      positions.push(passages.length);
      outside.push(spans.some((span) => span !== null && chunk.start >= span.start && chunk.end <= span.end));
      passages.push({
        documentId: document.id,
        chunkId: `${document.id}#${ordinal}`,
        text: chunk.text,
        start: chunk.start,
        end: chunk.end,
        title: document.name,
        uri: document.url,
      });
    });
    passagesByDocument.set(document.id, positions);
  }

  const canonical = new Int32Array(passages.length);
  const lengths = new Uint32Array(passages.length);
  const firstByText = new Map<string, number>();
  const documentFrequency = new Map<string, number>();
  const termCounts: Array<ReadonlyMap<string, number>> = [];
  const none: ReadonlyMap<string, number> = new Map();
  let pending: { text: string; terms: string[] } | null = null;
  // Flexsearch calls `encode` for every add and query; the terms computed for statistics are handed over once.
  const search = new Index({
    tokenize: 'strict',
    encode: (text: string): string[] => (pending?.text === text ? pending.terms : tokenizeTerms(text)),
  });
  let distinctPassages = 0;
  let totalLength = 0;
  passages.forEach((passage, position) => {
    const first = firstByText.get(passage.text);
    if (first !== undefined) {
      canonical[position] = first;
      lengths[position] = lengths[first]!;
      termCounts.push(none);
      return;
    }
    const terms = tokenizeTerms(passage.text);
    lengths[position] = terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    termCounts.push(counts);
    firstByText.set(passage.text, position);
    canonical[position] = position;
    distinctPassages++;
    totalLength += terms.length;
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    pending = { text: passage.text, terms };
    search.add(position, passage.text);
  });
  pending = null;
  const sharedBy = new Map<number, string[]>();
  passages.forEach((passage, position) => {
    const first = canonical[position]!;
    if (first === position) return;
    const ids = sharedBy.get(first) ?? [passages[first]!.documentId];
    if (!ids.includes(passage.documentId)) ids.push(passage.documentId);
    sharedBy.set(first, ids);
  });

  return {
    documents,
    names: buildLicenceNames(documents),
    passages,
    passagesByDocument,
    canonical,
    sharedBy,
    outsideTerms: Uint8Array.from(outside, (flag) => (flag ? 1 : 0)),
    search,
    documentFrequency,
    termCounts,
    lengths,
    averageLength: distinctPassages === 0 ? 0 : totalLength / distinctPassages,
    distinctPassages,
    buildMs: performance.now() - began,
  };
}

// Where a licence's preamble starts, and where its terms start: a `Preamble` heading (the GNU licences', the Open Data
// Commons licences' `### Preamble` or `Preamble` followed by its text) up to `TERMS AND CONDITIONS` or the first
// numbered part or section (`Part I: Introduction`, `### 1.0 Definitions`, `0. Definitions`), whichever comes
// first; and the notes on using Creative Commons licences before `By exercising the Licensed Rights`.
const PREAMBLES: ReadonlyArray<readonly [start: RegExp, terms: RegExp]> = [
  [
    /^[^\S\n]*(?:#+[^\S\n]*)?preamble\b/im,
    /^[^\S\n]*(?:(?:[A-Z]+ )*TERMS AND CONDITIONS\b|(?:#+[^\S\n]*)?(?:(?:Part|Section|Article|Chapter)[^\S\n]+(?:[0-9]+|[IVX]+)\b|[0-9]+(?:\.[0-9]+)*\.?[^\S\n]+\p{Lu}))/mu,
  ],
  [/^[^\S\n]*Using Creative Commons Public Licenses\b/m, /\bBy exercising the Licensed Rights\b/],
];

/**
 * The span of a licence's preamble (its aims, written before its terms), or null: the preamble says why the licence
 * exists, and a question about what it permits or requires is answered by its terms.
 */
export function preambleOf(text: string): { start: number; end: number } | null {
  for (const [opens, closes] of PREAMBLES) {
    const start = text.search(opens);
    if (start === -1) continue;
    const end = text.slice(start).search(closes);
    if (end > 0) return { start, end: start + end };
  }
  return null;
}

// Where a licence's terms end and what follows is about the licence rather than part of it: the GNU licences' `How to
// Apply These Terms` after `END OF TERMS AND CONDITIONS` (the GNU FDL's `ADDENDUM: How to use this License for your
// documents`), Creative Commons's notice after its public licences.
const APPENDICES: readonly RegExp[] = [
  /^[^\S\n]*END OF TERMS AND CONDITIONS\b/m,
  /^[^\S\n]*ADDENDUM: How to use this License\b/m,
  /\bCreative Commons is not a party to its public licen[cs]es\b/,
];

/**
 * The span of a licence's appendix (from the end of its terms to the end of the text), or null: how to apply the
 * licence and who publishes it say nothing of what it permits or requires.
 */
export function appendixOf(text: string): { start: number; end: number } | null {
  for (const pattern of APPENDICES) {
    const start = text.search(pattern);
    if (start !== -1) return { start, end: text.length };
  }
  return null;
}
