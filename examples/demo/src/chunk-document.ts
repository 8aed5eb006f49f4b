/** A chunk of a document with its exact position: `document.slice(start, end) === text`. */
export interface DocumentChunk {
  start: number;
  end: number;
  text: string;
}

/** Size bounds for {@link chunkDocument}, in UTF-16 code units. */
export interface ChunkOptions {
  /** A chunk is closed once it reaches this size and the next paragraph would push it past `maxChars`. */
  minChars?: number;
  /** No chunk is longer than this. */
  maxChars?: number;
}

interface Range {
  start: number;
  end: number;
}

const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/g;
const TERMINATORS = '.!?;:';
const CLOSERS = `"')]`;

/**
 * Splits a document into paragraph-aware chunks of at most `maxChars` (default 1000): whole paragraphs are
 * packed together, a paragraph longer than the bound is cut at a sentence end, then at whitespace, and only
 * as a last resort inside a word (never inside a surrogate pair). Leading and trailing whitespace of a chunk
 * is left out; offsets are exact.
 */
export function chunkDocument(document: string, options: ChunkOptions = {}): DocumentChunk[] {
  const maxChars = Math.max(1, Math.floor(options.maxChars ?? 1000));
  const minChars = Math.min(maxChars, Math.max(0, Math.floor(options.minChars ?? 500)));
  const units = paragraphs(document).flatMap((paragraph) =>
    splitLong(document, paragraph, minChars, maxChars),
  );
  const chunks: DocumentChunk[] = [];
  let current: Range | null = null;
  for (const unit of units) {
    if (current !== null && unit.end - current.start <= maxChars) {
      current.end = unit.end;
      continue;
    }
    if (current !== null) chunks.push(toChunk(document, current));
    current = { start: unit.start, end: unit.end };
  }
  if (current !== null) chunks.push(toChunk(document, current));
  return chunks;
}

function toChunk(document: string, range: Range): DocumentChunk {
  return { start: range.start, end: range.end, text: document.slice(range.start, range.end) };
}

function paragraphs(document: string): Range[] {
  const ranges: Range[] = [];
  let from = 0;
  PARAGRAPH_BREAK.lastIndex = 0;
  for (let match = PARAGRAPH_BREAK.exec(document); match !== null; match = PARAGRAPH_BREAK.exec(document)) {
    pushTrimmed(document, from, match.index, ranges);
    from = match.index + match[0].length;
  }
  pushTrimmed(document, from, document.length, ranges);
  return ranges;
}

function pushTrimmed(document: string, start: number, end: number, into: Range[]): void {
  let s = start;
  let e = end;
  while (s < e && isSpace(document.charCodeAt(s))) s++;
  while (e > s && isSpace(document.charCodeAt(e - 1))) e--;
  if (e > s) into.push({ start: s, end: e });
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || code === 0x2028;
}

function splitLong(document: string, paragraph: Range, minChars: number, maxChars: number): Range[] {
  if (paragraph.end - paragraph.start <= maxChars) return [paragraph];
  const pieces: Range[] = [];
  let start = paragraph.start;
  while (paragraph.end - start > maxChars) {
    const limit = start + maxChars;
    const cut = cutPoint(document, start, limit, Math.max(start + 1, start + Math.floor(minChars / 2)));
    pushTrimmed(document, start, cut, pieces);
    start = cut;
    while (start < paragraph.end && isSpace(document.charCodeAt(start))) start++;
  }
  pushTrimmed(document, start, paragraph.end, pieces);
  return pieces;
}

/** The best place to end a piece that starts at `start` and must end by `limit`; scans at most one window. */
function cutPoint(document: string, start: number, limit: number, earliest: number): number {
  for (let end = limit; end > earliest; end--) {
    if (isSpace(document.charCodeAt(end)) && endsSentence(document, end, start)) return end;
  }
  for (let end = limit; end > start; end--) {
    if (isSpace(document.charCodeAt(end))) return end;
  }
  const code = document.charCodeAt(limit - 1);
  // Never separate a high surrogate from its low surrogate.
  return code >= 0xd800 && code <= 0xdbff && limit - 1 > start ? limit - 1 : limit;
}

function endsSentence(document: string, end: number, start: number): boolean {
  let index = end - 1;
  while (index > start && CLOSERS.includes(document.charAt(index))) index--;
  return TERMINATORS.includes(document.charAt(index));
}
