// Every argument is read once, field by field, before it is checked (rt10 #8): a getter or Proxy of the caller's that
// answers a later read differently cannot put text the checks never compared into an accepted citation, and one that
// throws is refused with a code that names the argument, document or option it belongs to.
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { counted, ones } from '../__fixtures__/counted-reads.js';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const TEXT = 'Aspirin is used to reduce fever and mild pain.';
const OTHER = 'Aspirin cures cancer and all pain, the WHO says.'; // as long as TEXT, so offsets still fit
const ANSWER = 'Aspirin reduces fever.';
const plain: ProviderDocument = { documentId: 'd1', chunkId: 'd1#0', text: TEXT, start: 0, end: TEXT.length };
const cite = (extra: Partial<ProviderCitation> = {}): ProviderCitation => ({
  document: { index: 0 },
  answer: { start: 0, end: ANSWER.length },
  location: { type: 'offsets', start: 0, end: TEXT.length, unit: 'utf16' },
  citedText: TEXT,
  ...extra,
});

const boom = (): never => {
  throw new Error('boom');
};

describe('verifyProviderCitations reads each argument once', () => {
  it.each([
    ['text', () => OTHER],
    ['start', () => 7],
    ['documentId', () => 'other'],
    ['chunkId', () => 'other#0'],
  ])('builds the citation from the document it checked when %s reads differently later', (field, later) => {
    const { value: document, reads } = counted(
      { ...plain, title: 'WHO', uri: 'https://who.example/' },
      (key, v) => (key === field ? later() : v),
    );
    const verification = verifyProviderCitations(ANSWER, [cite()], [document]);
    expect(reads).toEqual(ones(reads));
    // Accepted only as checked: the text and offsets of the document that was compared, never the later reads.
    expect(verification.citations).toEqual([
      { source: 1, documentId: 'd1', chunkId: 'd1#0', start: 0, end: TEXT.length, text: TEXT },
    ]);
  });

  it('reads a document with a text getter on its prototype once, and cites that text', () => {
    let reads = 0;
    class Doc {
      documentId = 'd1';
      chunkId = 'd1#0';
      start = 0;
      end = TEXT.length;
      get text() {
        return ++reads === 1 ? TEXT : OTHER;
      }
    }
    const verification = verifyProviderCitations(ANSWER, [cite()], [new Doc()]);
    expect(reads).toBe(1);
    expect(verification.citations.map((citation) => citation.text)).toEqual([TEXT]);
  });

  it('reads page spans once: a page that moves after it was checked moves nothing', () => {
    const { value: page, reads } = counted({ start: 0, end: TEXT.length }, (key, v) =>
      key === 'end' ? 99 : v,
    );
    const pages = [page];
    const citation = cite({ location: { type: 'pages', start: 0, end: 1 }, citedText: 'mild pain' });
    const verification = verifyProviderCitations(ANSWER, [citation], [{ ...plain, pages }]);
    expect(reads).toEqual({ start: 1, end: 1 });
    expect(verification.citations.map((c) => c.text)).toEqual(['mild pain']);
  });

  it('refuses a sparse page list as it refuses a page that is not a span', () => {
    const pages: Array<{ start: number; end: number }> = [];
    pages[0] = { start: 0, end: 4 };
    pages[2] = { start: 5, end: 10 }; // a hole at 1
    expect(() => verifyProviderCitations(ANSWER, [], [{ ...plain, pages }])).toThrow(InvalidPassageError);
  });

  it('reads each field of a citation once, however often the checks look at it', () => {
    const answer = counted({ start: 0, end: ANSWER.length, unit: 'utf16' as const });
    const location = counted({
      type: 'offsets' as const,
      start: 0,
      end: TEXT.length,
      unit: 'utf16' as const,
    });
    const reference = counted({ ids: ['d1'] });
    const citation = counted(
      {
        type: 'char_location',
        label: 'document 1',
        document: reference.value,
        answer: answer.value,
        location: location.value,
        citedText: TEXT,
      },
      (key, v) => (key === 'citedText' ? OTHER : v),
    );
    const verification = verifyProviderCitations(ANSWER, [citation.value], [plain]);
    for (const { reads } of [citation, answer, location, reference]) expect(reads).toEqual(ones(reads));
    expect(verification.citations.map((c) => c.text)).toEqual([TEXT]);
  });

  it('reads each option once: a policy that changes after it was checked changes nothing', () => {
    const options = counted(
      { policy: 'drop-citation' as const, unit: 'sentence' as const, quotes: true },
      () => 'lenient',
    );
    const bad = cite({ document: { index: 5 } });
    const verification = verifyProviderCitations(ANSWER, [cite(), bad], [plain], options.value);
    expect(options.reads).toEqual(ones(options.reads));
    expect(verification.claims).toHaveLength(1); // dropped, as 'drop-citation' says
  });

  it('throws a coded error naming the argument when reading the citation list throws', () => {
    const citations = new Proxy([cite()], {
      get: (target, key) => (key === 'length' ? boom() : Reflect.get(target, key)),
    });
    expect(() => verifyProviderCitations(ANSWER, citations, [plain])).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        code: 'invalid_argument',
        parameter: 'citations',
      }),
    );
  });

  it.each([
    [
      'its length',
      new Proxy([plain], { get: (target, key) => (key === 'length' ? boom() : Reflect.get(target, key)) }),
    ],
    ['every field', new Proxy([plain], { get: boom })],
  ])('throws a coded error naming the documents when reading %s throws', (_what, documents) => {
    expect(() => verifyProviderCitations(ANSWER, [cite()], documents)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'documents' }),
    );
  });

  it.each([
    [
      'an item of the list',
      () => new Proxy([plain], { get: (t, key) => (key === '0' ? boom() : Reflect.get(t, key)) }),
    ],
    [
      'its text',
      () => [
        {
          ...plain,
          get text() {
            return boom();
          },
        },
      ],
    ],
    [
      'its pages',
      () => [
        {
          ...plain,
          get pages() {
            return boom();
          },
        },
      ],
    ],
    [
      'a page span',
      () => [
        {
          ...plain,
          pages: [
            {
              start: 0,
              get end() {
                return boom();
              },
            },
          ],
        },
      ],
    ],
    ['a Proxy over it', () => [new Proxy(plain, { get: boom })]],
  ])('blames the document, with a code, when reading %s throws', (_what, documents) => {
    let error: unknown;
    try {
      verifyProviderCitations(ANSWER, [cite()], documents() as ProviderDocument[]);
    } catch (caught) {
      error = caught;
    }
    expect(InvalidPassageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_passage', index: 0 });
    expect((error as Error).message).not.toContain('Citation');
  });

  it('never blames a citation for a document whose text getter throws on a later read', () => {
    let reads = 0;
    const document = {
      ...plain,
      get text() {
        return ++reads === 1 ? TEXT : boom();
      },
    };
    const verification = verifyProviderCitations(ANSWER, [cite()], [document]);
    expect(verification.rejected).toEqual([]);
    expect(verification.citations.map((c) => c.text)).toEqual([TEXT]);
  });

  it.each([
    [
      'a getter of its own',
      {
        get policy() {
          return boom();
        },
      },
    ],
    ['a Proxy', new Proxy({}, { get: boom, ownKeys: boom, has: boom })],
    [
      'a nested getter',
      {
        support: {
          get minCoverage() {
            return boom();
          },
        },
      },
    ],
    [
      'a rule getter',
      {
        identifiers: [
          {
            name: 'x',
            get pattern() {
              return boom();
            },
          },
        ],
      },
    ],
  ])('throws a coded error naming the options when reading %s throws', (_what, options) => {
    let error: unknown;
    try {
      verifyProviderCitations(ANSWER, [cite()], [plain], options as never);
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_argument', parameter: 'options' });
  });
});
