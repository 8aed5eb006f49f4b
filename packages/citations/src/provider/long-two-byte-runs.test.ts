import { describe, expect, it } from 'vitest';
import { blocksDocument } from '../__fixtures__/provider-document.js';
import { passage } from '../__fixtures__/passage.js';
import type { CompiledIdentifierRule } from '../verify/identifier-rules.js';
import { identifiersPastClaims } from './identifiers-past-claims.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

// A text holding a character outside Latin-1 (a "two-byte" string) with a run of millions of characters one class or
// group repeats: V8 keeps a backtrack entry per character and throws "Maximum call stack size exceeded" past about
// 4.2 million (a `u`-flag property class) or 8.5 million (a `u`-flag class of BMP characters, a repeated group). Each
// input must give the result a short run gives.
const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const CLAIM = 'Water boils at 100 degrees.';

/** The codes of the accepted and refused citations of the answer's last claim, `CLAIM`, by the whole of `TEXT`. */
const verifyLast = (answer: string) => {
  const result = verifyProviderCitations(
    answer,
    [
      {
        document: { index: 0 },
        answer: { start: answer.length - CLAIM.length, end: answer.length },
        citedText: TEXT,
      },
    ],
    [passage(TEXT)],
  );
  return { accepted: result.citations.length, rejected: result.rejected.map((r) => r.code) };
};

/** The codes of a claim citing blocks 0..1 of `blocks` joined by `separator`, as their text run together. */
const verifyBlocks = (blocks: readonly string[], separator: string) => {
  const claim = 'The blocks say so.';
  const result = verifyProviderCitations(
    claim,
    [
      {
        type: 'content_block_location',
        document: { index: 0 },
        answer: { start: 0, end: claim.length },
        location: { type: 'blocks', start: 0, end: blocks.length },
        citedText: blocks.join(''),
      },
    ],
    [blocksDocument(blocks, separator)],
  );
  return { accepted: result.citations.length, rejected: result.rejected.map((r) => [r.code, r.message]) };
};

describe('verifyProviderCitations on millions of characters of one class in a two-byte string', () => {
  it('reads a bidi mark after millions of letters as after a few', { timeout: 120_000 }, () => {
    const letters = '\u0101'.repeat(4_200_000); // ā, outside Latin-1
    expect(verifyLast(`${letters}\u200f. ${CLAIM}`)).toEqual(verifyLast(`\u0101\u0101\u200f. ${CLAIM}`));
  });

  it('reads millions of spaces between two blocks cited together as a few', { timeout: 120_000 }, () => {
    const blocks = [`東${'a'.repeat(1_100_000)}`, 'b'.repeat(1_100_000)];
    const few = verifyBlocks(blocks, '   ');
    expect(few.rejected.map(([, message]) => message)).not.toContainEqual(
      expect.stringContaining('could not be read'),
    );
    expect(verifyBlocks(blocks, ' '.repeat(8_500_000))).toEqual(few);
  });
});

describe('identifiersPastClaims on a reference definition with a label of millions of characters', () => {
  it('reads the label, as one past the 999 characters a label may hold', { timeout: 120_000 }, () => {
    // The link rule's own pattern reads no such label yet (it overflows first): a rule that matches a definition stands
    // in for it, so that the label is read as the rule's match gives it.
    const rule: CompiledIdentifierRule = {
      name: 'definition',
      pattern: /\[[^\]\n]*\]:/g,
      canonical: (match) => match,
      also: () => [],
    };
    const labels = (label: string) => {
      const answer = `東 See [${label}] here. [${label}]: x`;
      const at = answer.indexOf(' here');
      return identifiersPastClaims(answer, [{ start: 0, end: at }], [rule]).claims.map(
        (found) => found.length,
      );
    };
    expect(labels('a'.repeat(999))).toEqual([1]);
    expect(labels('a'.repeat(8_500_000))).toEqual(labels('a'.repeat(1_000)));
  });
});
