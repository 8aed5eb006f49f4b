// Only the caller's reads are refused as unreadable citations. An error the check itself throws is no fault of the
// citation's: filed as `invalid_citation` "could not be read", it would hide a defect of ours behind a message that
// blames the caller's input. It is thrown, as verifyAnswer throws it.
import { describe, expect, it, vi } from 'vitest';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const FAULT = 'the check of this citation throws';
vi.mock('./check-provider-citation.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./check-provider-citation.js')>();
  return {
    ...original,
    checkProviderCitation: (...args: Parameters<typeof original.checkProviderCitation>) => {
      if (args[0]?.citedText === FAULT) throw new RangeError('Maximum call stack size exceeded');
      return original.checkProviderCitation(...args);
    },
  };
});

const TEXT = 'Aspirin is used to reduce fever and mild pain.';
const ANSWER = 'Aspirin reduces fever.';
const documents: ProviderDocument[] = [
  { documentId: 'd1', chunkId: 'd1#0', text: TEXT, start: 0, end: TEXT.length },
];
const good: ProviderCitation = {
  document: { index: 0 },
  answer: { start: 0, end: ANSWER.length },
  location: { type: 'offsets', start: 0, end: TEXT.length, unit: 'utf16' },
  citedText: TEXT,
};

describe('verifyProviderCitations and errors of its own', () => {
  it('throws an error the check throws, not an invalid_citation that blames the citation', () => {
    expect(verifyProviderCitations(ANSWER, [good], documents).rejected).toEqual([]);
    expect(() => verifyProviderCitations(ANSWER, [good, { ...good, citedText: FAULT }], documents)).toThrow(
      new RangeError('Maximum call stack size exceeded'),
    );
  });

  it('still refuses a citation whose getter throws, with a code, and checks the rest', () => {
    const getter = {
      ...good,
      get citedText(): string {
        throw new Error('boom');
      },
    };
    const verification = verifyProviderCitations(ANSWER, [getter, good], documents);
    expect(verification.rejected.map((r) => [r.code, r.message])).toEqual([
      ['invalid_citation', 'Citation 1 could not be read (reading one of its fields threw).'],
    ]);
    expect(verification.citations).toHaveLength(1);
  });

  it('refuses the rest of a sparse list as one run when its indexes cannot be listed', () => {
    const list = [good, undefined, good, good];
    delete list[1];
    const proxy = new Proxy(list, {
      ownKeys() {
        throw new Error('boom');
      },
    }) as ProviderCitation[];
    const verification = verifyProviderCitations(ANSWER, proxy, documents);
    expect(verification.rejected.map((r) => [r.code, r.message])).toEqual([
      ['invalid_citation', "Citations 2 to 4 could not be read (listing the list's indexes threw)."],
    ]);
    expect(verification.citations).toHaveLength(1);
  });
});
