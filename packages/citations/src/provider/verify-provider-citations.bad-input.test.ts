import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const documents: ProviderDocument[] = [
  {
    documentId: 'water',
    chunkId: 'water#0',
    start: 0,
    end: TEXT.length,
    text: TEXT,
  },
];
const ANSWER = 'Water boils at 100 degrees.';
const good: ProviderCitation = {
  document: { index: 0 },
  answer: { start: 0, end: 26 },
  location: { type: 'offsets', start: 0, end: 26, unit: 'utf16' },
  citedText: 'Water boils at 100 degrees',
};
const codes = (citations: unknown[]): string[] =>
  verifyProviderCitations(ANSWER, citations as ProviderCitation[], documents).rejected.map((r) => r.code);

describe('verifyProviderCitations on bad input', () => {
  it('throws InvalidArgumentError for an answer, a citation list or options of the wrong type', () => {
    expect(() => verifyProviderCitations(42 as unknown as string, [], documents)).toThrow(
      InvalidArgumentError,
    );
    expect(() => verifyProviderCitations(ANSWER, {} as unknown as [], documents)).toThrow(
      expect.objectContaining({
        code: 'invalid_argument',
        parameter: 'citations',
      }),
    );
    for (const [options, parameter] of [
      [{ policy: 'lenient' }, 'options.policy'],
      [{ unit: 'word' }, 'options.unit'],
      [{ locale: 7 }, 'options.locale'],
      [{ identifiers: 'doi' }, 'options.identifiers'],
      [{ identifiers: ['isbn'] }, 'options.identifiers'],
      [{ support: 'yes' }, 'options.support'],
      [{ support: { minCoverage: 2 } }, 'options.support.minCoverage'],
      [{ quotes: { minLength: 0 } }, 'options.quotes.minLength'],
      [{ quotes: 'on' }, 'options.quotes'],
    ] as const) {
      expect(() => verifyProviderCitations(ANSWER, [good], documents, options as never)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter }),
      );
    }
    expect(() => verifyProviderCitations(ANSWER, [], documents, null as never)).toThrow(InvalidArgumentError);
  });

  it('throws InvalidPassageError for documents whose offsets, pages or blocks cannot yield exact citations', () => {
    const base = documents[0]!;
    expect(() => verifyProviderCitations(ANSWER, [], [{ ...base, end: 3 }])).toThrow(InvalidPassageError);
    for (const pages of [
      'pages',
      [{ start: 0, end: 99 }],
      [
        { start: 10, end: 20 },
        { start: 5, end: 30 },
      ],
      [{ start: 4, end: 2 }],
      [null],
      [{ start: 0.5, end: 2 }],
    ]) {
      expect(() => verifyProviderCitations(ANSWER, [], [{ ...base, pages } as never])).toThrow(
        InvalidPassageError,
      );
      expect(() => verifyProviderCitations(ANSWER, [], [{ ...base, blocks: pages } as never])).toThrow(
        InvalidPassageError,
      );
    }
  });

  it('throws InvalidPassageError for page or block spans that split a surrogate pair', () => {
    // Two astral Han characters: the boundary between them is a word edge (a script written without spaces), so a page
    // that ends there is whole words (one between two emoji would cut a run of signs, refused as offsets are).
    const text = 'Intro 𠀀𠀁 The notice period is three months.';
    const document = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
    const cite: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 6 },
      location: { type: 'pages', start: 0, end: 1 },
    };
    for (const spans of [
      [
        { start: 0, end: 7 },
        { start: 7, end: text.length },
      ],
      [{ start: 9, end: text.length }],
    ]) {
      for (const field of ['pages', 'blocks']) {
        expect(() => verifyProviderCitations('Claim.', [cite], [{ ...document, [field]: spans }])).toThrow(
          expect.objectContaining({
            name: 'InvalidPassageError',
            message: expect.stringContaining('that splits no character'),
          }),
        );
      }
    }
    const pages = [
      { start: 0, end: 8 },
      { start: 8, end: text.length },
    ];
    const result = verifyProviderCitations('Claim.', [cite], [{ ...document, pages }]);
    expect(result.citations.map((citation) => citation.text)).toEqual(['Intro 𠀀']);
  });

  it('rejects malformed citations one by one with a code, keeping the good ones', () => {
    const malformed: unknown[] = [
      null,
      42,
      'char_location',
      [],
      {},
      { document: { index: 0 } },
      { document: { index: 0 }, answer: null },
      { document: { index: 0 }, answer: { start: 0, end: 5, unit: 'bytes' } },
      { document: { index: 0 }, answer: { start: 0, end: 5 }, citedText: 7 },
      {
        document: { index: 0 },
        answer: { start: 0, end: 5 },
        location: 'page 1',
      },
      {
        document: { index: 0 },
        answer: { start: 0, end: 5 },
        location: { type: 'lines', start: 0, end: 1 },
      },
      {
        document: { index: 0 },
        answer: { start: 0, end: 5 },
        location: { type: 'offsets', start: 0, end: 2, unit: 'x' },
      },
      { document: { name: 'water' }, answer: { start: 0, end: 5 } },
      { answer: { start: 0, end: 5 } },
      good,
    ];
    const verification = verifyProviderCitations(ANSWER, malformed as ProviderCitation[], documents);
    expect(verification.rejected.map((r) => r.code)).toEqual(Array(14).fill('invalid_citation'));
    expect(verification.claims).toHaveLength(1);
    expect(verification.status).toBe('answered');
  });

  it('refuses an answer role that is no role, and an answer text or url that is no string (invalid_citation)', () => {
    const span = { start: 0, end: 26 };
    const citations = [
      { ...good, answer: { ...span, role: 'bogus' } },
      { ...good, answer: { ...span, role: null } },
      { ...good, answer: { ...span, text: 26 } },
      { ...good, answer: { ...span, text: null } },
      { ...good, answer: { start: 26, end: 26, role: 'marker', url: { href: 'x' } } },
      { ...good, answer: { ...span, role: 'claim', text: 'Water boils at 100 degrees' } },
    ];
    const verification = verifyProviderCitations(
      ANSWER,
      citations as unknown as ProviderCitation[],
      documents,
    );
    expect(verification.rejected.map((r) => [r.code, r.message])).toEqual([
      ['invalid_citation', "Citation 1 has an answer role \"bogus\"; expected 'claim' or 'marker'."],
      ['invalid_citation', "Citation 2 has an answer role a null; expected 'claim' or 'marker'."],
      ['invalid_citation', 'Citation 3 has an answer text 26; expected a string.'],
      ['invalid_citation', 'Citation 4 has an answer text a null; expected a string.'],
      ['invalid_citation', 'Citation 5 has an answer url an object; expected a string.'],
    ]);
    expect(verification.claims.map((claim) => claim.text)).toEqual(['Water boils at 100 degrees']);
  });

  it('never converts a unit or location type to a string: a value that throws when read as one is described', () => {
    const hostile = {
      toString() {
        throw new Error('read as a string');
      },
      [Symbol.toPrimitive]() {
        throw new Error('read as a primitive');
      },
    };
    const citations = [
      { document: { index: 0 }, answer: { start: 0, end: 5, unit: hostile } },
      { document: { index: 0 }, answer: { start: 0, end: 5 }, location: { type: hostile, start: 0, end: 1 } },
      {
        document: { index: 0 },
        answer: { start: 0, end: 5 },
        location: { type: 'offsets', start: 0, end: 2, unit: hostile },
      },
      { document: { index: 0 }, answer: { start: 0, end: 5, unit: Symbol('bytes') } },
    ];
    const verification = verifyProviderCitations(
      ANSWER,
      citations as unknown as ProviderCitation[],
      documents,
    );
    expect(verification.rejected.map((r) => [r.code, r.message]).sort()).toEqual([
      ['invalid_citation', 'Citation 1 has an answer unit an object.'],
      ['invalid_citation', 'Citation 2 has a location of type an object.'],
      ['invalid_citation', 'Citation 3 has a location unit an object.'],
      ['invalid_citation', 'Citation 4 has an answer unit a symbol.'],
    ]);
  });

  it('refuses a citation that throws while it is read (a getter, a Proxy) with a code, keeping the good ones', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const trap = (): never => {
      throw new Error('trap');
    };
    const citations = [
      {
        document: { index: 0 },
        get answer() {
          return boom();
        },
      },
      {
        document: { index: 0 },
        answer: {
          start: 0,
          end: 26,
          get unit() {
            return boom();
          },
        },
      },
      {
        get document() {
          return boom();
        },
        answer: { start: 0, end: 26 },
      },
      {
        ...good,
        document: {
          get ids() {
            return boom();
          },
        },
      },
      {
        ...good,
        location: {
          type: 'offsets',
          start: 0,
          unit: 'utf16',
          get end() {
            return boom();
          },
        },
      },
      new Proxy({}, { get: trap, has: trap }),
      { ...good, document: new Proxy({ index: 0 }, { has: trap }) },
      good,
    ];
    let verification: ReturnType<typeof verifyProviderCitations> | undefined;
    expect(() => {
      verification = verifyProviderCitations(ANSWER, citations as unknown as ProviderCitation[], documents);
    }).not.toThrow();
    expect(verification!.rejected.map((r) => r.code)).toEqual(Array(7).fill('invalid_citation'));
    expect(verification!.rejected[0]!.message).toBe(
      'Citation 1 could not be read (reading one of its fields threw).',
    );
    expect(verification!.claims).toHaveLength(1);
  });

  it('refuses a hole in a sparse list of citations with a code, as it refuses undefined', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested.
    const sparse = [, good, , good] as unknown as ProviderCitation[];
    const verification = verifyProviderCitations(ANSWER, sparse, documents);
    expect(verification.rejected.map((r) => [r.code, r.message.slice(0, 11)])).toEqual([
      ['invalid_citation', 'Citation 1 '],
      ['invalid_citation', 'Citation 3 '],
    ]);
    expect(verification.claims).toHaveLength(1);
    expect(codes([undefined, good])).toEqual(['invalid_citation']);
  });

  it('rejects a cited text found only inside a word (`e` of `Water`): part of a word cites nothing', () => {
    const citation = (citedText: string) => ({
      document: { index: 0 },
      answer: { start: 0, end: 5 },
      citedText,
    });
    for (const cited of ['e', 'ater boil', 'elsiu']) {
      const verification = verifyProviderCitations(
        ANSWER,
        [citation(cited)] as ProviderCitation[],
        documents,
      );
      expect([cited, verification.rejected.map((r) => r.code)]).toEqual([cited, ['span_mismatch']]);
    }
    // Inside `Water` first, whole in `boils at 100`: the whole place is cited.
    const whole = verifyProviderCitations(ANSWER, [citation('at')] as ProviderCitation[], documents);
    expect(whole.citations.map((c) => [c.start, c.end, c.text])).toEqual([[12, 14, 'at']]);
  });

  it('finds the first whole-word place of a cited text however often it occurs inside words first', () => {
    const text = `${'xé '.repeat(40)}Café é.`;
    const paged: ProviderDocument[] = [{ documentId: 'p', chunkId: 'p#0', start: 0, end: text.length, text }];
    const cite = (citedText: string) => ({ document: { index: 0 }, answer: { start: 0, end: 5 }, citedText });
    const whole = verifyProviderCitations(ANSWER, [cite('é')] as ProviderCitation[], paged);
    expect(whole.citations.map((c) => [c.start, c.end])).toEqual([[125, 126]]);
    // Enough citations to spend the search budget: later ones are read from the whole-word index, same verdicts.
    const many = Array.from({ length: 60 }, (_, i) => cite(i % 3 === 0 ? 'é' : i % 3 === 1 ? 'x' : `zz${i}`));
    const verification = verifyProviderCitations(ANSWER, many as ProviderCitation[], paged, {
      policy: 'drop-citation',
    });
    expect(verification.citations.map((c) => [c.start, c.end])).toEqual([[125, 126]]);
    // Absent texts read from the index say only that they are not whole words of the document.
    expect(verification.rejected.map((r) => r.code)).toEqual(Array(40).fill('span_mismatch'));
    const inWord = verification.rejected.filter((r) => r.message.includes('cites "x"'));
    expect(inWord.map((r) => r.message.includes('not occur in document [1] ("p") as whole words'))).toEqual(
      Array(20).fill(true),
    );
  });

  it('rejects numbers past 2^53, NaN, infinities, strings and negative indexes without overflow', () => {
    for (const bad of [
      2 ** 53,
      2 ** 53 + 2,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1,
      1.5,
      '0',
      null,
    ]) {
      expect(codes([{ ...good, document: { index: bad } }])).toEqual(['unknown_document']);
      expect(codes([{ ...good, location: { ...good.location!, end: bad } }])).toEqual([
        'offsets_out_of_range',
      ]);
      expect(codes([{ ...good, answer: { start: 0, end: bad } }])).toEqual(['answer_out_of_range']);
      expect(codes([{ ...good, location: { type: 'pages', start: 0, end: bad } }])).toEqual([
        'offsets_out_of_range',
      ]);
    }
    const message = verifyProviderCitations(ANSWER, [{ ...good, document: { index: 2 ** 60 } }], documents)
      .rejected[0]!.message;
    expect(message).toContain(`names document ${2 ** 60}, which was never sent`);
  });

  it('is not fooled by __proto__ keys, inherited fields or ids that look like Object members', () => {
    const proto = JSON.parse('{"__proto__": {"index": 0}, "answer": {"start": 0, "end": 26}}');
    expect(codes([proto])).toEqual(['invalid_citation']);
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(codes([{ ...good, document: { ids: [id] } }])).toEqual(['unknown_document']);
    }
    const inherited = Object.create({
      document: { index: 0 },
      answer: { start: 0, end: 26 },
    });
    expect(codes([inherited])).toEqual([]); // inherited fields are fields: the citation is read as given
  });

  it('handles lone surrogates, NUL, zero-width and right-to-left characters in every text', () => {
    // A space before the last isolate: a span cut at an invisible character inside a word cuts the word (`e\u2066f`).
    const text = 'a\ud800b\u0000c\u200bd\u202ee \u2066f';
    const document: ProviderDocument = {
      documentId: 'odd\u202e',
      chunkId: 'x',
      start: 0,
      end: text.length,
      text,
    };
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 4, unit: 'utf8', text: '\ud800b' }, // a lone surrogate is 3 bytes
      location: { type: 'offsets', start: 0, end: 9, unit: 'code-point' },
      citedText: text.slice(0, 9),
    };
    const answer = '\ud800b\u0000 rest';
    const verification = verifyProviderCitations(answer, [citation], [document]);
    expect(verification.rejected).toEqual([]);
    expect(verification.citations[0]).toMatchObject({ start: 0, end: 9 });
    const folded = { ...citation, citedText: 'a\ud800bcd\u202ee' };
    expect(verifyProviderCitations(answer, [folded], [document]).status).toBe('answered');
    const forged = { ...citation, citedText: 'a\ud801b\u0000c\u200bd' };
    const [rejection] = verifyProviderCitations(answer, [forged], [document]).rejected;
    expect(rejection?.code).toBe('span_mismatch');
    expect(rejection?.message).toContain('\\ud801'); // shown escaped, never raw
  });

  it('answers a megabyte answer, document and cited text, and a megabyte of brackets, with codes', () => {
    const big = 'x'.repeat(1_000_000);
    const document: ProviderDocument = {
      documentId: 'big',
      chunkId: 'big#0',
      start: 0,
      end: big.length,
      text: big,
    };
    const whole: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: big.length },
      location: { type: 'offsets', start: 0, end: big.length, unit: 'utf8' },
      citedText: big,
    };
    const verification = verifyProviderCitations(big, [whole], [document], {
      identifiers: [],
    });
    expect(verification.status).toBe('answered');
    expect(verification.rejected).toEqual([]);
    const brackets = '['.repeat(1_000_000);
    const rejected = verifyProviderCitations(brackets, [{ ...whole, citedText: brackets }], [document]);
    expect(rejected.rejected[0]?.code).toBe('span_mismatch');
    expect(rejected.rejected[0]!.message.length).toBeLessThan(600);
    expect(verifyProviderCitations('', [good], documents).rejected[0]?.code).toBe('answer_out_of_range');
  });

  it('refuses, unread, claims that cover the answer many times over, and only those', () => {
    const answer = 'Water boils at 100 degrees. '.repeat(2000);
    const tiling = Array.from({ length: 2000 }, (_, i) => ({
      ...good,
      answer: { start: i * 28, end: i * 28 + 27 },
    }));
    const tiled = verifyProviderCitations(answer, tiling, documents);
    expect(tiled.rejected).toEqual([]);
    expect(tiled.duplicatesMerged).toBe(1999);
    // Each starts at a word's start (a start inside a word is refused for that: answer_out_of_range).
    const edges = [...answer.matchAll(/[^\s.]+/g)].map((match) => match.index);
    const covering = edges.slice(0, 100).map((start) => ({
      ...good,
      answer: { start, end: answer.length },
    }));
    const covered = verifyProviderCitations(answer, covering, documents);
    // 8 times the answer plus a fixed slack of claim text is read; past that every claim is refused unread.
    const read = covered.claims.reduce((sum, claim) => sum + claim.text.length, 0);
    expect(read).toBeLessThanOrEqual(8 * answer.length + 2 ** 20);
    expect(covered.claims.length).toBeGreaterThan(8);
    expect(covered.rejected.length).toBeGreaterThan(50); // spans that trim to the same claim count once
    expect(new Set(covered.rejected.map((r) => r.code))).toEqual(new Set(['answer_out_of_range']));
    expect(covered.rejected[0]).toMatchObject({
      code: 'answer_out_of_range',
      markers: [1],
    });
    expect(covered.rejected[0]!.message).toContain('covers the answer more than 8 times over; not checked');
  });
});

describe('verifyProviderCitations rejection messages', () => {
  const M_PAGED = 'Page one text. Page two text. Tail outside.';
  const M_BLOCKS = 'Block zero. Block one.';
  const M_PLAIN = 'Caf\u00e9 \ud83d\ude00 costs 5 euros.';
  const messageDocuments: ProviderDocument[] = [
    {
      documentId: 'paged',
      chunkId: 'paged#0',
      start: 0,
      end: M_PAGED.length,
      text: M_PAGED,
      pages: [
        { start: 0, end: 15 },
        { start: 15, end: 30 },
      ],
    },
    {
      documentId: 'blocks',
      chunkId: 'blocks#0',
      start: 0,
      end: M_BLOCKS.length,
      text: M_BLOCKS,
      blocks: [{ start: 0, end: 12 }],
    },
    {
      documentId: 'plain',
      chunkId: 'plain#0',
      start: 0,
      end: M_PLAIN.length,
      text: M_PLAIN,
      uri: 'https://ex.org/plain',
    },
  ];
  const M_ANSWER = 'Caf\u00e9 \ud83d\ude00 is cheap, see (https://ex.org/a) and [site](https://ex.org/b).';
  const messageClaim = { start: 0, end: 12 };
  const messageCase = (extra: Partial<ProviderCitation> & Record<string, unknown>): ProviderCitation =>
    ({
      document: { index: 2 },
      answer: messageClaim,
      ...extra,
    }) as ProviderCitation;
  const MESSAGE_CASES: Record<string, ProviderCitation> = {
    notSpan: messageCase({
      answer: { start: 0, end: 1, within: { start: 9, end: 2 } },
    }),
    outsidePart: messageCase({
      answer: { start: 0, end: 50, within: { start: 0, end: 10 } },
    }),
    outside: messageCase({ answer: { start: 0, end: 999 } }),
    notNumbers: messageCase({ answer: { start: 'x', end: null } as never }),
    insideChar: messageCase({ answer: { start: 0, end: 4, unit: 'utf8' } }),
    reversed: messageCase({ answer: { start: 5, end: 2 } }),
    nothing: messageCase({ answer: { start: 3, end: 3 } }),
    mismatch: messageCase({ answer: { start: 0, end: 4, text: 'Cafe!' } }),
    badUrl: messageCase({
      answer: {
        start: M_ANSWER.indexOf('(https'),
        end: M_ANSWER.indexOf(')') + 1,
        role: 'marker',
        url: 'https://ex.org/b',
      },
    }),
    index5: messageCase({ document: { index: 5 }, label: 'doc five' }),
    indexStr: messageCase({
      document: { index: 'x' } as never,
      type: 'web search!',
    } as never),
    indexNull: messageCase({
      document: { index: null } as never,
      type: 'char_location',
    }),
    indexNeg: messageCase({ document: { index: -1 } }),
    idsNone: messageCase({ document: { ids: [] } }),
    idsMany: messageCase({ document: { ids: ['a', 'b', 'c', 'd'] } }),
    idsLabel: messageCase({ document: { ids: ['a'] }, label: 'see a' }),
    idsLabelOther: messageCase({ document: { ids: ['a'] }, label: 'Ré\nsumé' }),
    notFound: messageCase({ citedText: 'ten euros' }),
    locNotObject: messageCase({ location: 5 as never }),
    locType: messageCase({ location: { type: 'lines' } as never }),
    noPages: messageCase({ location: { type: 'pages', start: 0, end: 1 } }),
    pagesRange: messageCase({
      document: { index: 0 },
      location: { type: 'pages', start: 1, end: 3 },
    }),
    blocksRange: messageCase({
      document: { index: 1 },
      location: { type: 'blocks', start: 0, end: 2 },
    }),
    pageElsewhere: messageCase({
      document: { index: 0 },
      location: { type: 'pages', start: 0, end: 1 },
      citedText: 'Page two text.',
    }),
    pageOutside: messageCase({
      document: { index: 0 },
      location: { type: 'pages', start: 0, end: 1 },
      citedText: 'Tail outside.',
    }),
    pageMissing: messageCase({
      document: { index: 0 },
      location: { type: 'pages', start: 0, end: 2 },
      citedText: 'Page three',
    }),
    offUnit: messageCase({
      location: { type: 'offsets', start: 0, end: 3, unit: 'bytes' } as never,
    }),
    offInside: messageCase({
      location: { type: 'offsets', start: 0, end: 4, unit: 'utf8' },
    }),
    offReversed: messageCase({
      location: { type: 'offsets', start: 4, end: 1, unit: 'utf16' },
    }),
    offNothing: messageCase({
      location: { type: 'offsets', start: 4, end: 4, unit: 'utf16' },
    }),
    offOutside: messageCase({
      location: { type: 'offsets', start: 0, end: 99, unit: 'code-point' },
    }),
    offHint: messageCase({
      location: { type: 'offsets', start: 7, end: 12, unit: 'utf16' },
      citedText: 'costs',
    }),
    offNoHint: messageCase({
      location: { type: 'offsets', start: 0, end: 4, unit: 'utf16' },
      citedText: 'Cost',
    }),
    blank: messageCase({ citedText: ' \u200b ' }),
    notShaped: { document: { index: 0 } } as never,
    citedNumber: messageCase({ citedText: 5 as never }),
    noReference: messageCase({ document: undefined as never }),
    stringReference: messageCase({ document: 'plain' as never }),
    neitherReference: messageCase({ document: {} as never }),
    index3: messageCase({ document: { index: 3 } }),
    labelNumber: messageCase({ document: { index: 9 }, label: 5 as never }),
    idsSome: messageCase({ document: { ids: ['a', 'b'] }, label: 'see a' }),
    idsNonString: messageCase({ document: { ids: [7, null] } as never }),
    answerUnit: messageCase({ answer: { start: 0, end: 3, unit: 'bytes' } as never }),
    withinBadStart: messageCase({ answer: { start: 0, end: 1, within: { start: 'x', end: 5 } } as never }),
    withinBadEnd: messageCase({ answer: { start: 0, end: 1, within: { start: 0, end: 'x' } } as never }),
    withinNotObject: messageCase({ answer: { start: 0, end: 1, within: 5 } as never }),
    withinEmpty: messageCase({ answer: { start: 0, end: 1, within: { start: 3, end: 3 } } }),
    withinTail: messageCase({ answer: { start: 0, end: 999, within: { start: 5, end: 70 } } }),
    startNotNumber: messageCase({ answer: { start: 'x', end: 5 } as never }),
    insideStart: messageCase({ answer: { start: 4, end: 5, unit: 'utf8' } }),
    noBlocks: messageCase({ location: { type: 'blocks', start: 0, end: 1 } }),
    longCited: messageCase({ citedText: 'z'.repeat(200) }),
  };
  const MESSAGE_EXPECTED: Record<
    string,
    [code: string, message: string, markers: number[], span: { start: number; end: number }]
  > = {
    notSpan: [
      'answer_out_of_range',
      'Citation 1 counts its answer offsets from a part of the answer that is not a span of it (0..70 UTF-16 code units).',
      [],
      { start: 0, end: 0 },
    ],
    outsidePart: [
      'answer_out_of_range',
      "Citation 1 has answer offsets 0..50 (UTF-16 code units) outside the answer's part (0..10); expected integers within it.",
      [],
      { start: 0, end: 0 },
    ],
    outside: [
      'answer_out_of_range',
      'Citation 1 has answer offsets 0..999 (UTF-16 code units) outside the answer (0..70); expected integers within it.',
      [],
      { start: 0, end: 0 },
    ],
    notNumbers: [
      'answer_out_of_range',
      'Citation 1 has answer offsets a string..a null (UTF-16 code units) outside the answer (0..70); expected integers within it.',
      [],
      { start: 0, end: 0 },
    ],
    insideChar: [
      'answer_out_of_range',
      'Citation 1 has answer offsets 0..4 (UTF-8 bytes) that fall inside a character; expected character boundaries.',
      [],
      { start: 0, end: 0 },
    ],
    reversed: [
      'answer_out_of_range',
      'Citation 1 has answer offsets 5..2 (UTF-16 code units) that are reversed; expected start < end.',
      [],
      { start: 0, end: 0 },
    ],
    nothing: [
      'answer_out_of_range',
      'Citation 1 has answer offsets 3..3 (UTF-16 code units) that span nothing; expected start < end.',
      [],
      { start: 0, end: 0 },
    ],
    mismatch: [
      'answer_mismatch',
      'Citation 1 says the answer holds "Cafe!" at 0..4 (UTF-16 code units), but it holds "Café" there; expected the same text.',
      [],
      { start: 0, end: 4 },
    ],
    badUrl: [
      'answer_mismatch',
      'Citation 1 marks "(https://ex.org/a)" at 22..40 (UTF-16 code units) as its inline citation, which is not a link to "https://ex.org/b"; expected the URL, bare or as a markdown link.',
      [],
      { start: 0, end: 21 },
    ],
    index5: [
      'unknown_document',
      'Citation 1 names document 5 (doc five), which was never sent; expected an index in 0..2.',
      [6],
      { start: 0, end: 12 },
    ],
    indexStr: [
      'unknown_document',
      'Citation 1 names document a string, which was never sent; expected an index in 0..2.',
      [],
      { start: 0, end: 12 },
    ],
    indexNull: [
      'unknown_document',
      'Citation 1 (char_location) names document a null, which was never sent; expected an index in 0..2.',
      [],
      { start: 0, end: 12 },
    ],
    indexNeg: [
      'unknown_document',
      'Citation 1 names document -1, which was never sent; expected an index in 0..2.',
      [],
      { start: 0, end: 12 },
    ],
    idsNone: [
      'unknown_document',
      "Citation 1 names no identifier, which matches no document's documentId or uri; expected one of the documents sent.",
      [],
      { start: 0, end: 12 },
    ],
    idsMany: [
      'unknown_document',
      'Citation 1 names "a" / "b" / "c", which matches no document\'s documentId or uri; expected one of the documents sent.',
      [],
      { start: 0, end: 12 },
    ],
    idsLabel: [
      'unknown_document',
      "Citation 1 names see a, which matches no document's documentId or uri; expected one of the documents sent.",
      [],
      { start: 0, end: 12 },
    ],
    idsLabelOther: [
      'unknown_document',
      'Citation 1 names "Ré\\nsumé" ("a"), which matches no document\'s documentId or uri; expected one of the documents sent.',
      [],
      { start: 0, end: 12 },
    ],
    notFound: [
      'span_mismatch',
      'Citation 1 cites "ten euros", which does not occur in document [3] ("plain"); expected text of the document.',
      [3],
      { start: 0, end: 12 },
    ],
    locNotObject: [
      'invalid_citation',
      'Citation 1 has a location that is not an object.',
      [3],
      { start: 0, end: 12 },
    ],
    locType: ['invalid_citation', 'Citation 1 has a location of type "lines".', [3], { start: 0, end: 12 }],
    noPages: [
      'offsets_out_of_range',
      'Citation 1 cites pages 1..1 of document [3] ("plain"), which has no page boundaries (pages); expected the document\'s page spans to resolve the location.',
      [3],
      { start: 0, end: 12 },
    ],
    pagesRange: [
      'offsets_out_of_range',
      'Citation 1 cites pages 2..3 of document [1] ("paged"), which has 2 pages; expected a non-empty range within them.',
      [1],
      { start: 0, end: 12 },
    ],
    blocksRange: [
      'offsets_out_of_range',
      'Citation 1 cites blocks 0..1 of document [2] ("blocks"), which has 1 block; expected a non-empty range within them.',
      [2],
      { start: 0, end: 12 },
    ],
    pageElsewhere: [
      'location_mismatch',
      'Citation 1 cites "Page two text." on pages 1..1 of document [1] ("paged"), but it occurs on page 2; expected the pages named to hold it.',
      [1],
      { start: 0, end: 12 },
    ],
    pageOutside: [
      'location_mismatch',
      'Citation 1 cites "Tail outside." on pages 1..1 of document [1] ("paged"), but it occurs outside every page; expected the pages named to hold it.',
      [1],
      { start: 0, end: 12 },
    ],
    pageMissing: [
      'span_mismatch',
      'Citation 1 cites "Page three", which does not occur in document [1] ("paged"); expected text of the document.',
      [1],
      { start: 0, end: 12 },
    ],
    offUnit: ['invalid_citation', 'Citation 1 has a location unit "bytes".', [3], { start: 0, end: 12 }],
    offInside: [
      'offsets_out_of_range',
      'Citation 1 cites 0..4 (UTF-8 bytes) of document [3] ("plain"), which fall inside a character; expected character boundaries.',
      [3],
      { start: 0, end: 12 },
    ],
    offReversed: [
      'offsets_out_of_range',
      'Citation 1 cites 4..1 (UTF-16 code units) of document [3] ("plain"), which are reversed; expected start < end.',
      [3],
      { start: 0, end: 12 },
    ],
    offNothing: [
      'offsets_out_of_range',
      'Citation 1 cites 4..4 (UTF-16 code units) of document [3] ("plain"), which span nothing; expected start < end.',
      [3],
      { start: 0, end: 12 },
    ],
    offOutside: [
      'offsets_out_of_range',
      'Citation 1 cites 0..99 (code points) of document [3] ("plain"), which lie outside it (0..21); expected integers within it.',
      [3],
      { start: 0, end: 12 },
    ],
    offHint: [
      'span_mismatch',
      'Citation 1 cites 7..12 (UTF-16 code units) of document [3] ("plain"), which holds " cost", but its cited text is "costs"; expected the same text up to whitespace, quote and dash variants. Read as code points, the same offsets do hold the cited text.',
      [3],
      { start: 0, end: 12 },
    ],
    offNoHint: [
      'span_mismatch',
      'Citation 1 cites 0..4 (UTF-16 code units) of document [3] ("plain"), which holds "Café", but its cited text is "Cost"; expected the same text up to whitespace, quote and dash variants.',
      [3],
      { start: 0, end: 12 },
    ],
    blank: [
      'span_mismatch',
      'Citation 1 cites " \u200b ", which has no letter or digit; expected words of document [3] ("plain").',
      [3],
      { start: 0, end: 12 },
    ],
    notShaped: [
      'invalid_citation',
      'Citation 1 is not shaped { document, answer: { start, end }, ... }.',
      [],
      { start: 0, end: 0 },
    ],
    citedNumber: [
      'invalid_citation',
      'Citation 1 has a citedText that is not a string.',
      [],
      { start: 0, end: 0 },
    ],
    noReference: ['invalid_citation', 'Citation 1 has no document reference.', [], { start: 0, end: 12 }],
    stringReference: [
      'unknown_document',
      'Citation 1 names a source, which is none of the documents sent.',
      [],
      { start: 0, end: 12 },
    ],
    neitherReference: [
      'invalid_citation',
      'Citation 1 has a document that is neither { index } nor { ids }.',
      [],
      { start: 0, end: 12 },
    ],
    index3: [
      'unknown_document',
      'Citation 1 names document 3, which was never sent; expected an index in 0..2.',
      [4],
      { start: 0, end: 12 },
    ],
    labelNumber: [
      'unknown_document',
      'Citation 1 names document 9, which was never sent; expected an index in 0..2.',
      [10],
      { start: 0, end: 12 },
    ],
    idsSome: [
      'unknown_document',
      'Citation 1 names see a ("a" / "b"), which matches no document\'s documentId or uri; expected one of the documents sent.',
      [],
      { start: 0, end: 12 },
    ],
    idsNonString: [
      'unknown_document',
      "Citation 1 names no identifier, which matches no document's documentId or uri; expected one of the documents sent.",
      [],
      { start: 0, end: 12 },
    ],
    answerUnit: ['invalid_citation', 'Citation 1 has an answer unit "bytes".', [], { start: 0, end: 0 }],
    withinBadStart: [
      'answer_out_of_range',
      'Citation 1 counts its answer offsets from a part of the answer that is not a span of it (0..70 UTF-16 code units).',
      [],
      { start: 0, end: 0 },
    ],
    withinBadEnd: [
      'answer_out_of_range',
      'Citation 1 counts its answer offsets from a part of the answer that is not a span of it (0..70 UTF-16 code units).',
      [],
      { start: 0, end: 0 },
    ],
    withinNotObject: [
      'answer_out_of_range',
      'Citation 1 counts its answer offsets from a part of the answer that is not a span of it (0..70 UTF-16 code units).',
      [],
      { start: 0, end: 0 },
    ],
    withinEmpty: [
      'answer_out_of_range',
      "Citation 1 has answer offsets 0..1 (UTF-16 code units) outside the answer's part (0..0); expected integers within it.",
      [],
      { start: 0, end: 0 },
    ],
    withinTail: [
      'answer_out_of_range',
      "Citation 1 has answer offsets 0..999 (UTF-16 code units) outside the answer's part (0..65); expected integers within it.",
      [],
      { start: 0, end: 0 },
    ],
    startNotNumber: [
      'answer_out_of_range',
      'Citation 1 has answer offsets a string..5 (UTF-16 code units) outside the answer (0..70); expected integers within it.',
      [],
      { start: 0, end: 0 },
    ],
    insideStart: [
      'answer_out_of_range',
      'Citation 1 has answer offsets 4..5 (UTF-8 bytes) that fall inside a character; expected character boundaries.',
      [],
      { start: 0, end: 0 },
    ],
    noBlocks: [
      'offsets_out_of_range',
      'Citation 1 cites blocks 0..0 of document [3] ("plain"), which has no block boundaries (blocks); expected the document\'s block spans to resolve the location.',
      [3],
      { start: 0, end: 12 },
    ],
    longCited: [
      'span_mismatch',
      'Citation 1 cites "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…", which does not occur in document [3] ("plain"); expected text of the document.',
      [3],
      { start: 0, end: 12 },
    ],
  };

  it.each(Object.keys(MESSAGE_CASES))(
    'rejects the %s citation with its exact code, message, markers and claim span',
    (name) => {
      const verification = verifyProviderCitations(M_ANSWER, [MESSAGE_CASES[name]!], messageDocuments);
      const [code, message, markers, span] = MESSAGE_EXPECTED[name]!;
      // The citation's own rejection; the links beside the claim that no citation covers are refused on their own
      // (`(https://ex.org/a)`, and `[site](https://ex.org/b)` unless the citation's marker is that link).
      const own = verification.rejected.filter((r) => !r.message.includes('in text no citation covers'));
      expect(
        own.map((r) => ({
          code: r.code,
          message: r.message,
          markers: r.markers,
          span: r.span,
        })),
      ).toEqual([{ code, message, markers, span }]);
    },
  );

  it('counts answer offsets from the part of the answer each citation names', () => {
    const part = (within: { start: number; end: number }, text: string) => {
      // Code points: the emoji before the claim counts as one in a part that holds it.
      const before = [...M_ANSWER.slice(within.start, within.end).split(text)[0]!].length;
      return messageCase({
        answer: { start: before, end: before + text.length, unit: 'code-point', within, text },
      });
    };
    const citations = [
      part({ start: 0, end: 30 }, 'is cheap'),
      part({ start: 5, end: 30 }, 'is cheap'),
      part({ start: 8, end: M_ANSWER.length }, 'is cheap'),
    ];
    const verification = verifyProviderCitations(M_ANSWER, citations, messageDocuments);
    // Only the two links beside the claim, which no citation covers.
    expect(verification.rejected.map((r) => [r.code, r.span])).toEqual([
      [
        'unknown_identifier',
        { start: M_ANSWER.indexOf('https://ex.org/a'), end: M_ANSWER.indexOf('https://ex.org/a)') + 17 },
      ],
      ['unknown_identifier', { start: M_ANSWER.indexOf('[site]'), end: M_ANSWER.lastIndexOf(')') + 1 }],
    ]);
    expect(verification.claims.map((c) => c.span)).toEqual([
      { start: M_ANSWER.indexOf('is cheap'), end: M_ANSWER.indexOf('is cheap') + 8 },
    ]);
  });

  it('says when no documents were sent at all', () => {
    const verification = verifyProviderCitations(M_ANSWER, [messageCase({ document: { index: 0 } })], []);
    expect(verification.rejected.map((r) => [r.code, r.message]).slice(0, 1)).toEqual([
      [
        'unknown_document',
        'Citation 1 names document 0, which was never sent; expected an index in nothing: no documents were sent.',
      ],
    ]);
  });

  it('does not read an inline citation as a link whose label is over a thousand characters long', () => {
    const url = 'https://ex.org/b';
    const answer = `Cheap, see [${'x'.repeat(1001)}](${url}). Also [${'x'.repeat(990)}](${url}).`;
    const marker = (from: number) => {
      const start = answer.indexOf('[', from);
      return { start, end: answer.indexOf(')', start) + 1, role: 'marker' as const, url };
    };
    const citations = [
      messageCase({ answer: marker(0) }),
      messageCase({ answer: marker(answer.indexOf('Also')) }),
    ];
    const verification = verifyProviderCitations(answer, citations, messageDocuments);
    expect(verification.rejected.map((r) => [r.code, r.message.slice(0, 40)])).toEqual([
      ['answer_mismatch', 'Citation 1 marks "[xxxxxxxxxxxxxxxxxxxxx'],
    ]);
  });

  it('accepts an inline citation that is the URL, bare, in parentheses or as a markdown link, and reads no link in a claim span', () => {
    const at = (marker: string) => ({
      start: M_ANSWER.indexOf(marker),
      end: M_ANSWER.indexOf(marker) + marker.length,
    });
    const citations = [
      messageCase({
        answer: {
          ...at('(https://ex.org/a)'),
          role: 'marker',
          url: 'https://ex.org/a',
        },
      }),
      messageCase({
        answer: {
          ...at('https://ex.org/a'),
          role: 'marker',
          url: 'https://ex.org/a',
        },
      }),
      messageCase({
        answer: {
          ...at('[site](https://ex.org/b)'),
          role: 'marker',
          url: 'https://ex.org/b',
        },
      }),
      messageCase({
        answer: {
          ...at('[site](https://ex.org/b).'),
          end: at('[site](https://ex.org/b)').end,
          role: 'marker',
          url: 'https://ex.org/b',
        },
      }),
      // A claim span with a url (as OpenAI's url_citation annotations carry) is not itself a link.
      messageCase({ answer: { ...at('Café'), url: 'https://ex.org/a' } }),
    ];
    const verification = verifyProviderCitations(M_ANSWER, citations, messageDocuments, {
      identifiers: [],
    });
    expect(verification.rejected).toEqual([]);
    // The bare URL inside the parentheses cites the claim the parenthesised one does (the `(` before it is no word).
    expect(verification.claims.map((claim) => claim.text)).toEqual([
      'Café',
      'Café 😀 is cheap, see',
      'Café 😀 is cheap, see (https://ex.org/a) and',
    ]);
  });
});
