// Quote location and citation re-resolution under hostile input.
import { type Citation, locateQuote, resolveCitation, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { PASSAGES, readDocument } from './fixtures/corpus.js';
import { QUOTE_CASES } from './fixtures/quotes.js';

describe('locateQuote: adversarial corpus', () => {
  it.each(QUOTE_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const span = locateQuote(c.quote, c.text, { ignoreCase: c.ignoreCase === true });
    expect(span === null ? null : c.text.slice(span.start, span.end)).toBe(c.expected);
  });

  it('finds a quote at the very end of a 1 MB passage with exact offsets', () => {
    const text = `${'filler text without the words. '.repeat(33_000)}The closing sentence is here.`;
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(locateQuote('the  closing\u00a0sentence', text, { ignoreCase: true })).toEqual({
      start: text.length - 29,
      end: text.length - 9,
    });
    expect(locateQuote('the closing paragraph', text, { ignoreCase: true })).toBeNull();
  });

  it('narrows a citation to a quotation found in a 1 MB passage', () => {
    const text = `${'x'.repeat(1 << 20)} The boiling point drops at altitude.`;
    const passage = { documentId: 'big', chunkId: 'big#0', start: 5, end: 5 + text.length, text };
    const verification = verifyAnswer('It says "the boiling point drops at altitude" [1].', [passage]);
    expect(verification.citations).toEqual([
      {
        source: 1,
        documentId: 'big',
        chunkId: 'big#0',
        start: 5 + (1 << 20) + 1,
        end: 5 + (1 << 20) + 1 + 'The boiling point drops at altitude'.length,
        text: 'The boiling point drops at altitude',
      },
    ]);
  });
});

describe('resolveCitation: hostile citations and readers', () => {
  const [citation] = verifyAnswer('Water boils at 100 degrees Celsius [1].', PASSAGES).citations as [
    Citation,
  ];

  it('verifies a citation built from the corpus', async () => {
    expect(await resolveCitation(citation, readDocument)).toEqual({ status: 'verified' });
  });

  it('reports a forged text as drifted, with what the document holds', async () => {
    const forged = { ...citation, text: citation.text.replace('100', '90') };
    expect(await resolveCitation(forged, readDocument)).toEqual({ status: 'drifted', actual: citation.text });
  });

  it('reports offsets past the end of the document as drifted', async () => {
    const past = { ...citation, start: 10_000, end: 10_010, text: 'xxxxxxxxxx' };
    expect(await resolveCitation(past, readDocument)).toEqual({ status: 'drifted', actual: '' });
  });

  it.each([
    ['negative start', { start: -1 }],
    ['start after end', { start: 20, end: 10 }],
    ['NaN', { start: Number.NaN }],
    ['Infinity', { end: Number.POSITIVE_INFINITY }],
    ['past 2^53', { end: 2 ** 53 + 2 }],
    ['fraction', { start: 1.5 }],
  ])('reports %s offsets as unresolvable', async (_name, patch) => {
    expect(await resolveCitation({ ...citation, ...patch }, readDocument)).toEqual({
      status: 'unresolvable',
      reason: 'invalid_offsets',
    });
  });

  it('reports a reader that throws, rejects or returns a non-string as unresolvable', async () => {
    const throwing = (): string => {
      throw new Error('disk on fire');
    };
    expect(await resolveCitation(citation, throwing)).toEqual({
      status: 'unresolvable',
      reason: 'read_failed',
    });
    expect(await resolveCitation(citation, () => Promise.reject(new Error('gone')))).toEqual({
      status: 'unresolvable',
      reason: 'read_failed',
    });
    const notString = (() => ({ length: 999 })) as unknown as () => string;
    expect(await resolveCitation(citation, notString)).toEqual({
      status: 'unresolvable',
      reason: 'not_a_string',
    });
  });

  it('passes a __proto__ document id to the reader as a plain string', async () => {
    const seen: string[] = [];
    const read = (id: string): string => {
      seen.push(id);
      return '';
    };
    expect(
      await resolveCitation({ ...citation, documentId: '__proto__', start: 0, end: 0, text: '' }, read),
    ).toEqual({
      status: 'verified',
    });
    expect(seen).toEqual(['__proto__']);
  });
});
