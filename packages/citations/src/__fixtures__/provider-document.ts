import type { OffsetUnit } from '../provider/create-offset-converter.js';
import type { ProviderDocument } from '../provider/verify-provider-citations.js';
import { toCodePointOffset, toUtf8ByteOffset } from '../text/offsets.js';

/** A whole document `d` holding `text`, as a provider citation test sends it. */
export const documentOf = (text: string): ProviderDocument => ({
  documentId: 'd',
  chunkId: 'd#0',
  start: 0,
  end: text.length,
  text,
});

/** An offset of `text` (given in UTF-16) counted in `unit` by the package's offset helpers. */
export const countIn = (text: string, offset: number, unit: OffsetUnit): number =>
  unit === 'utf16'
    ? offset
    : unit === 'utf8'
      ? toUtf8ByteOffset(text, offset)
      : toCodePointOffset(text, offset);

/** A document of `blocks` joined by `separator`, with their spans as its blocks (or, with `as: 'pages'`, pages). */
export function blocksDocument(
  blocks: readonly string[],
  separator: string,
  as: 'blocks' | 'pages' = 'blocks',
): ProviderDocument {
  const text = blocks.join(separator);
  let at = 0;
  const spans = blocks.map((block) => {
    const span = { start: at, end: at + block.length };
    at += block.length + separator.length;
    return span;
  });
  return { ...documentOf(text), [as]: spans };
}
