import type { OffsetUnit } from '../provider/create-offset-converter.js';
import {
  type ProviderCitation,
  type ProviderDocument,
  type VerifyProviderCitationsOptions,
  verifyProviderCitations,
} from '../provider/verify-provider-citations.js';
import { toCodePointOffset, toUtf8ByteOffset } from '../text/offsets.js';

/** A whole document `d` holding `text`, as a provider citation test sends it. */
export const documentOf = (text: string): ProviderDocument => ({
  documentId: 'd',
  chunkId: 'd#0',
  start: 0,
  end: text.length,
  text,
});

/**
 * An Anthropic-style `char_location` citation of the answer's `claim` (its first occurrence from `from`) to the first
 * `cited.length` characters of document 0, which start with `cited` (the whole document when it is `documentOf(cited)`).
 */
export function citeFromStart(answer: string, claim: string, cited: string, from = 0): ProviderCitation {
  const start = answer.indexOf(claim, from);
  if (start === -1) throw new Error(`no ${JSON.stringify(claim)} in ${JSON.stringify(answer)}`);
  return {
    type: 'char_location',
    document: { index: 0 },
    answer: { start, end: start + claim.length },
    location: { type: 'offsets', start: 0, end: cited.length, unit: 'utf16' },
    citedText: cited,
  };
}

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

/**
 * The answer `claim` citing all of `blocks` (joined by a line break) as their texts run together: the texts of the
 * accepted citations and the code and message of each rejection. Without `options`, the call passes none.
 */
export function checkBlocksCited(
  claim: string,
  blocks: readonly string[],
  options?: VerifyProviderCitationsOptions,
): { accepted: string[]; rejected: (readonly [string, string])[] } {
  const citation: ProviderCitation = {
    type: 'content_block_location',
    document: { index: 0 },
    answer: { start: 0, end: claim.length },
    location: { type: 'blocks', start: 0, end: blocks.length },
    citedText: blocks.join(''),
  };
  const documents = [blocksDocument(blocks, '\n')];
  const result =
    options === undefined
      ? verifyProviderCitations(claim, [citation], documents)
      : verifyProviderCitations(claim, [citation], documents, options);
  return {
    accepted: result.citations.map((c) => c.text),
    rejected: result.rejected.map((r) => [r.code, r.message] as const),
  };
}
