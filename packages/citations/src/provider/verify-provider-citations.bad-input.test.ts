import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const documents: ProviderDocument[] = [
  { documentId: 'water', chunkId: 'water#0', start: 0, end: TEXT.length, text: TEXT },
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
      expect.objectContaining({ code: 'invalid_argument', parameter: 'citations' }),
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
      { document: { index: 0 }, answer: { start: 0, end: 5 }, location: 'page 1' },
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
    const inherited = Object.create({ document: { index: 0 }, answer: { start: 0, end: 26 } });
    expect(codes([inherited])).toEqual([]); // inherited fields are fields: the citation is read as given
  });

  it('handles lone surrogates, NUL, zero-width and right-to-left characters in every text', () => {
    const text = 'a\ud800b\u0000c\u200bd\u202ee\u2066f';
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
    const verification = verifyProviderCitations(big, [whole], [document], { identifiers: [] });
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
    const covering = Array.from({ length: 100 }, (_, i) => ({
      ...good,
      answer: { start: i, end: answer.length },
    }));
    const covered = verifyProviderCitations(answer, covering, documents);
    // 8 times the answer plus a fixed slack of claim text is read; past that every claim is refused unread.
    const read = covered.claims.reduce((sum, claim) => sum + claim.text.length, 0);
    expect(read).toBeLessThanOrEqual(8 * answer.length + 2 ** 20);
    expect(covered.claims.length).toBeGreaterThan(8);
    expect(covered.rejected.length).toBeGreaterThan(50); // spans that trim to the same claim count once
    expect(new Set(covered.rejected.map((r) => r.code))).toEqual(new Set(['answer_out_of_range']));
    expect(covered.rejected[0]).toMatchObject({ code: 'answer_out_of_range', markers: [1] });
    expect(covered.rejected[0]!.message).toContain('covers the answer more than 8 times over; not checked');
  });
});
