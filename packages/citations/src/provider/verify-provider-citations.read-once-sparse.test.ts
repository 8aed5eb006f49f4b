// A sparse array declares a length (up to 2^32 - 1) that nothing fills: the read-once copy of the arguments must not
// fill it in before the checks refuse its first hole (rt11 #4: `docs.length = 4e8` killed the process, exit 133), and
// the citations loop must not walk it hole by hole. Each is refused with its code, at the cost of what the array holds.
// A custom identifier rule is read once too (rt11 #5): a RegExp whose `source` getter changes is run as it was checked.
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const TEXT = 'Aspirin is used to reduce fever and mild pain.';
const ANSWER = 'Aspirin reduces fever.';
const plain: ProviderDocument = { documentId: 'd1', chunkId: 'd1#0', text: TEXT, start: 0, end: TEXT.length };
const good: ProviderCitation = {
  document: { index: 0 },
  answer: { start: 0, end: ANSWER.length },
  location: { type: 'offsets', start: 0, end: TEXT.length, unit: 'utf16' },
  citedText: TEXT,
};
const LENGTHS = [4e8, 2 ** 32 - 1];
/** An array of `length` holding only `items` at its start: tiny in memory, huge in its declared length. */
const sparse = <T>(length: number, ...items: T[]): T[] => {
  const array = [...items];
  array.length = length;
  return array;
};
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('verifyProviderCitations refuses a sparse array at its first hole', () => {
  it.each(LENGTHS)('documents of length %d: an InvalidPassageError at the hole', (length) => {
    for (const [documents, index] of [
      [sparse<ProviderDocument>(length), 0],
      [sparse(length, plain), 1],
    ] as const) {
      const error = thrown(() => verifyProviderCitations(ANSWER, [good], documents));
      expect(InvalidPassageError.isInstance(error)).toBe(true);
      expect((error as InvalidPassageError).index).toBe(index);
    }
  });

  it.each(LENGTHS)('pages and blocks of length %d: an InvalidPassageError naming the span', (length) => {
    for (const field of ['pages', 'blocks'] as const)
      for (const [spans, at] of [
        [sparse(length), 0],
        [sparse(length, { start: 0, end: 10 }), 1],
      ] as const) {
        const error = thrown(() => verifyProviderCitations(ANSWER, [good], [{ ...plain, [field]: spans }]));
        expect(InvalidPassageError.isInstance(error)).toBe(true);
        expect((error as Error).message).toContain(`${field}[${at}] must be a span`);
      }
  });

  it.each(LENGTHS)('support.stopWords and identifiers of length %d: an InvalidArgumentError', (length) => {
    const cases = [
      [{ support: { stopWords: sparse<string>(length) } }, 'options.support.stopWords'],
      [{ support: { stopWords: sparse(length, 'the') } }, 'options.support.stopWords'],
      [{ identifiers: sparse<'doi'>(length) }, 'options.identifiers'],
      [{ identifiers: sparse(length, 'doi' as const) }, 'options.identifiers'],
    ] as const;
    for (const [options, parameter] of cases) {
      const error = thrown(() => verifyProviderCitations(ANSWER, [good], [plain], options));
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
  });

  it.each(LENGTHS)(
    'citations of length %d: each run of holes one invalid_citation, the rest checked',
    (length) => {
      const none = verifyProviderCitations(ANSWER, sparse<ProviderCitation>(length), [plain]);
      expect(none.status).toBe('rejected');
      expect(none.rejected.map((r) => [r.code, r.message])).toEqual([
        ['invalid_citation', `Citations 1 to ${length} are holes in a sparse list.`],
      ]);
      // A citation after a long run is still read, and one that fails still rejects its claim.
      const citations = sparse<ProviderCitation>(length, good);
      citations[1000] = good;
      citations[length - 1] = { ...good, citedText: 'Aspirin cures cancer.' };
      const some = verifyProviderCitations(ANSWER, citations, [plain]);
      expect(some.status).toBe('rejected');
      expect(some.rejected.map((r) => [r.code, r.message.split(' ', 4).join(' ')])).toEqual([
        ['invalid_citation', 'Citations 2 to 1000'],
        ['invalid_citation', `Citations 1002 to ${length - 1}`],
        ['span_mismatch', `Citation ${length} cites 0..${TEXT.length}`],
      ]);
      expect(some.claims).toEqual([]);
    },
  );

  it('refuses a sparse list of ids in a citation at its hole, not walking it', () => {
    const ids = sparse<string>(4e8);
    const verification = verifyProviderCitations(ANSWER, [{ ...good, document: { ids } }], [plain]);
    expect(verification.rejected.map((r) => r.code)).toEqual(['unknown_document']);
    // The ids before the hole are read.
    const named = verifyProviderCitations(
      ANSWER,
      [{ ...good, document: { ids: sparse(4e8, 'd1') } }],
      [plain],
    );
    expect(named.status).toBe('answered');
  });
});

describe('verifyProviderCitations reads a custom identifier rule once', () => {
  const DOCUMENT = 'The ruling CASE-123 set the rule for all later cases.';
  const CLAIM = 'The ruling CASE-999 set the rule for all later cases.';
  const document: ProviderDocument = { ...plain, text: DOCUMENT, end: DOCUMENT.length };
  const citation: ProviderCitation = { document: { index: 0 }, answer: { start: 0, end: CLAIM.length } };

  it.each([1, 2, 3])('runs the pattern it checked when source reads differently from read %d on', (from) => {
    let reads = 0;
    class Flip extends RegExp {
      override get source(): string {
        reads++;
        return reads >= from + 1 ? 'NEVERMATCHES\\d{99}' : 'CASE-\\d+';
      }
    }
    const verification = verifyProviderCitations(CLAIM, [citation], [document], {
      identifiers: [{ name: 'case', pattern: new Flip('CASE-\\d+') }],
    });
    expect(verification.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
  });

  it('reads a rule whose flags change once too', () => {
    let reads = 0;
    class Flip extends RegExp {
      override get flags(): string {
        return ++reads >= 2 ? 'y' : 'i';
      }
    }
    const verification = verifyProviderCitations(CLAIM.toLowerCase(), [citation], [document], {
      identifiers: [{ name: 'case', pattern: new Flip('CASE-\\d+', 'i') }],
    });
    expect(verification.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
  });
});
