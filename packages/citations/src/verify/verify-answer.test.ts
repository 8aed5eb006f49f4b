import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT, PASSAGES, passagesOf } from '../__fixtures__/corpus.js';
import { InvalidPassageError } from './invalid-passage-error.js';
import type { Passage } from '../types.js';
import { formatSources } from './format-sources.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer } from './verify-answer.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const codes = (answer: string, options = {}, passages: Passage[] = PASSAGES) =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);

describe('verifyAnswer', () => {
  it('gives the output shown in the README example', () => {
    const document = 'Water boils at 100 °C at sea level. At altitude it boils at a lower temperature.';
    const passages = [
      { documentId: 'physics.md', chunkId: 'p1', text: document.slice(0, 35), start: 0, end: 35 },
      { documentId: 'physics.md', chunkId: 'p2', text: document.slice(36), start: 36, end: 80 },
    ];
    const answer =
      'Water boils at 100 °C at sea level [1]. On a mountain it boils "at a lower temperature" [2]. ' +
      'It freezes at 0 °C [3]. Ice floats.';
    const { status, rejected, citations } = verifyAnswer(answer, passages);
    expect(status).toBe('answered');
    expect(citations).toEqual([
      {
        source: 1,
        documentId: 'physics.md',
        chunkId: 'p1',
        start: 0,
        end: 35,
        text: 'Water boils at 100 °C at sea level.',
      },
      {
        source: 2,
        documentId: 'physics.md',
        chunkId: 'p2',
        start: 57,
        end: 79,
        text: 'at a lower temperature',
      },
    ]);
    expect(rejected.map((r) => [r.code, r.markers, r.message])).toEqual([
      [
        'marker_out_of_range',
        [3],
        'Claim "It freezes at 0 °C [3]." cites [3], which is not a source shown; expected numbers in 1..2.',
      ],
      [
        'no_marker',
        [],
        'Claim "Ice floats." has no citation marker; expected at least one [n] naming a source in 1..2.',
      ],
    ]);
  });

  it('builds citations from the passages, never from the answer', () => {
    const v = verifyAnswer(
      'Exposed children show more anxiety [1]. They may become victims later [2].',
      PASSAGES,
    );
    expect(v.status).toBe('answered');
    expect(v.rejected).toEqual([]);
    expect(v.claims.map((c) => c.text)).toEqual([
      'Exposed children show more anxiety [1].',
      'They may become victims later [2].',
    ]);
    expect(v.citations).toEqual([
      {
        source: 1,
        documentId: 'doc-1',
        chunkId: 'c1',
        start: PASSAGES[0]!.start,
        end: PASSAGES[0]!.end,
        text: PASSAGES[0]!.text,
      },
      {
        source: 2,
        documentId: 'doc-1',
        chunkId: 'c2',
        start: PASSAGES[1]!.start,
        end: PASSAGES[1]!.end,
        text: PASSAGES[1]!.text,
      },
    ]);
    for (const c of v.citations) expect(DOCUMENT.slice(c.start, c.end)).toBe(c.text);
  });

  it('gives every claim its exact span in the answer', () => {
    const answer = '- First point [1].\n- Second point [2].\n\n1. Third point [3].';
    const v = verifyAnswer(answer, PASSAGES);
    expect(v.claims.map((c) => answer.slice(c.span.start, c.span.end))).toEqual([
      'First point [1].',
      'Second point [2].',
      'Third point [3].',
    ]);
    expect(v.claims.map((c) => c.text)).toEqual(v.claims.map((c) => answer.slice(c.span.start, c.span.end)));
  });

  it('attaches markers after the full stop to the sentence before them', () => {
    for (const answer of [
      'Exposed children suffer. [1] They may become victims. [2]',
      'Exposed children suffer.[1] They may become victims.[2]',
    ]) {
      const v = verifyAnswer(answer, PASSAGES);
      expect(v.rejected).toEqual([]);
      expect(v.claims.map((c) => c.citations.map((x) => x.source))).toEqual([[1], [2]]);
    }
  });

  it('attaches a marker group that opens a line to that line', () => {
    const v = verifyAnswer('[1][2] Exposed children suffer and may become victims.', PASSAGES);
    expect(v.claims).toHaveLength(1);
    expect(v.claims[0]!.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('abstains on an empty answer, the no-source token or an answer without any marker', () => {
    for (const answer of ['', '   \n ', 'I could not find this in the sources.']) {
      expect(verifyAnswer(answer, PASSAGES)).toEqual({
        status: 'abstained',
        claims: [],
        rejected: [],
        citations: [],
        duplicatesMerged: 0,
      });
    }
    expect(verifyAnswer('  NO_SOURCE \n', PASSAGES, { noSourceToken: 'NO_SOURCE' }).status).toBe('abstained');
    expect(verifyAnswer('NO_SOURCE [1]', PASSAGES, { noSourceToken: 'NO_SOURCE' }).status).toBe('answered');
  });

  it('rejects a bare sentence beside cited ones as no_marker, and keeps the rest', () => {
    const v = verifyAnswer('Children suffer [1]. Everyone knows this.', PASSAGES);
    expect(v.status).toBe('answered');
    expect(v.claims).toHaveLength(1);
    expect(v.rejected).toEqual([
      {
        text: 'Everyone knows this.',
        span: { start: 21, end: 41 },
        code: 'no_marker',
        markers: [],
        message:
          'Claim "Everyone knows this." has no citation marker; expected at least one [n] naming a source in 1..6.',
      },
    ]);
  });

  it('accepts unmarked claims without citations when requireCitations is false', () => {
    const v = verifyAnswer('Children suffer [1]. Everyone knows this.', PASSAGES, {
      requireCitations: false,
    });
    expect(v.rejected).toEqual([]);
    expect(v.claims[1]!.citations).toEqual([]);
    expect(verifyAnswer('No markers at all.', PASSAGES, { requireCitations: false }).status).toBe('answered');
  });

  it('rejects numbers outside 1..passages.length, including 0 and numbers past 2^53', () => {
    expect(codes('Zero [0]. Seven [7]. Huge [9007199254740993]. Wrapped [18446744073709551617].')).toEqual([
      'marker_out_of_range',
      'marker_out_of_range',
      'marker_out_of_range',
      'marker_out_of_range',
    ]);
    const v = verifyAnswer('All of it [1][7].', PASSAGES);
    expect(v.status).toBe('rejected');
    expect(v.rejected[0]!.markers).toEqual([1, 7]);
    expect(v.rejected[0]!.message).toContain('cites [7]');
    expect(codes('Anything [1].', {}, [])).toEqual(['marker_out_of_range']);
  });

  it('rejects a unit made only of markers as empty_claim', () => {
    expect(codes('Children suffer [1].\n[2]\n**[3]**')).toEqual(['empty_claim', 'empty_claim']);
  });

  it('rejects identifiers that do not occur in the cited passages', () => {
    expect(codes('The ruling ECLI:NL:HR:2019:1234 concerned custody [3].')).toEqual([]);
    expect(codes('The ruling ecli:nl:hr:2019:1234 concerned custody [3].')).toEqual([]);
    expect(codes('The ruling ECLI:NL:HR:2019:9999 concerned custody [3].')).toEqual(['unknown_identifier']);
    expect(codes('The ruling ECLI:NL:HR:2019:1234 concerned custody [1].')).toEqual(['unknown_identifier']);
    expect(codes('A review is doi 10.1234/ABC.5678. [4]')).toEqual([]);
    expect(codes('A review is doi 10.1234/abc.9999 [4].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/report?id=7. [5]')).toEqual([]);
    expect(codes('Read https://example.org/report?id=8 [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/report?id=8 [5].', { identifiers: ['doi'] })).toEqual([]);
  });

  it('rejects identifiers disguised with zero-width characters or full-width digits', () => {
    expect(codes('The ruling ECLI:NL:HR:2019\u200b:9999 concerned custody [3].')).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('The ruling ECLI:NL:HR:\uff12\uff10\uff11\uff19:1234 concerned custody [3].')).toEqual([]);
    expect(codes('See h\u200dttps://evil.example/x [5].')).toEqual(['unknown_identifier']);
  });

  it('rejects fabricated quotations between look-alike quotation marks', () => {
    for (const [open, close] of [
      ['\uff02', '\uff02'],
      ['\u2033', '\u2033'],
      ['\u00ab', '\u00bb'],
      ['\u201e', '\u201c'],
    ]) {
      expect(codes(`It says ${open}much lower rates of anxiety${close} [1].`)).toEqual(['quote_not_found']);
    }
  });

  it('applies custom identifier rules, forcing the global flag on a copy', () => {
    const pattern = /\bcase-\d+/i;
    const identifiers = [{ name: 'case', pattern }];
    expect(codes('See case-42 and case-43 [1].', { identifiers })).toEqual(['unknown_identifier']);
    expect(pattern.flags).toBe('i');
    const passages: Passage[] = [
      { documentId: 'd', chunkId: 'c', text: 'case-42 and case-43', start: 0, end: 19 },
    ];
    expect(codes('See case-42 and case-43 [1].', { identifiers }, passages)).toEqual([]);
  });

  it('narrows a citation to a located quotation, and rejects one that is not there', () => {
    const v = verifyAnswer(
      'Reviews say children show "higher rates of anxiety and depression" [1].',
      PASSAGES,
    );
    const [citation] = v.citations;
    expect(citation!.text).toBe('higher rates of anxiety and depression');
    expect(DOCUMENT.slice(citation!.start, citation!.end)).toBe(citation!.text);
    const curly = verifyAnswer('It says “Le café coûte \u201ctrois euros\u201d - à Paris” [6].', PASSAGES);
    expect(curly.rejected).toEqual([]);
    const missing = verifyAnswer('Reviews say children show "much lower rates of anxiety" [1].', PASSAGES);
    expect(missing.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(codes('Reviews say children show "much lower rates of anxiety" [1].', { quotes: false })).toEqual(
      [],
    );
    expect(codes('They call it "lower" [1].')).toEqual([]);
  });

  it('checks support lexically when asked', () => {
    const support = {};
    expect(
      codes('Children exposed to domestic violence show higher rates of anxiety [1].', { support }),
    ).toEqual([]);
    expect(codes('Exposed children show anxiety and depression [1].', { support })).toEqual([]);
    expect(codes('Children exposed to violence earn bigger salaries as adults [1].', { support })).toEqual([
      'unsupported',
    ]);
    expect(
      codes('Children exposed to violence earn bigger salaries as adults [1].', {
        support: { minCoverage: 0.3 },
      }),
    ).toEqual([]);
    expect(codes('Children exposed to violence earn bigger salaries as adults [1].')).toEqual([]);
  });

  it('merges duplicate claims and their citations', () => {
    const v = verifyAnswer('Children suffer [1]. Children  suffer [2]. CHILDREN SUFFER [1].', PASSAGES);
    expect(v.claims).toHaveLength(1);
    expect(v.duplicatesMerged).toBe(2);
    expect(v.claims[0]!.citations.map((c) => c.source)).toEqual([1, 2]);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('gives every merged duplicate a span on the claim or rejection it merged into', () => {
    const answer =
      'Children suffer [1]. Victims later [9]. Children  suffer [2]. Victims later [8]. Children suffer.';
    const v = verifyAnswer(answer, PASSAGES);
    const spanOf = (text: string, from = 0) => {
      const start = answer.indexOf(text, from);
      return { start, end: start + text.length };
    };
    expect(v.claims.map((c) => [c.text, c.duplicates])).toEqual([
      ['Children suffer [1].', [spanOf('Children  suffer [2].')]],
    ]);
    expect(v.rejected.map((r) => [r.text, r.duplicates])).toEqual([
      ['Victims later [9].', [spanOf('Victims later [8].')]],
      ['Children suffer.', undefined],
    ]);
    expect(v.duplicatesMerged).toBe(2);
    // Nothing merged: no duplicates field at all, so results compare equal to those of earlier versions.
    expect(Object.keys(verifyAnswer('Children suffer [1].', PASSAGES).claims[0]!)).toEqual([
      'text',
      'span',
      'citations',
    ]);
  });

  it('accounts for every unit of the answer: claims, rejections and their duplicates (property)', () => {
    const sentence = fc
      .tuple(
        fc.constantFrom(
          'Children suffer',
          'Victims later',
          'Water boils',
          'children  SUFFER',
          '"Quoted words here"',
        ),
        fc.constantFrom('', ' [1]', ' [2]', ' [1][2]', ' [9]', ' [0]'),
        fc.constantFrom('.', '!', '.\n', '\n- '),
      )
      .map(([text, marker, end]) => `${text}${marker}${end}`);
    fc.assert(
      fc.property(
        fc.array(sentence, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('sentence', 'line') as fc.Arbitrary<'sentence' | 'line'>,
        fc.boolean(),
        (sentences, unit, requireCitations) => {
          const answer = sentences.join(' ');
          const v = verifyAnswer(answer, PASSAGES, { unit, requireCitations });
          if (v.claims.length + v.rejected.length === 0) return;
          const spans = [...v.claims, ...v.rejected].flatMap((c) => [c.span, ...(c.duplicates ?? [])]);
          const merged = [...v.claims, ...v.rejected].reduce((n, c) => n + (c.duplicates?.length ?? 0), 0);
          expect(merged).toBe(v.duplicatesMerged);
          const units = splitClaims(answer, { unit }).map((u) => u.span);
          const key = (s: { start: number; end: number }) => `${s.start}:${s.end}`;
          expect(spans.map(key).sort()).toEqual(units.map(key).sort());
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('deduplicates citations across claims in first-mention order', () => {
    const v = verifyAnswer('Children suffer [2][1]. Victims later [1][2][2].', PASSAGES);
    expect(v.citations.map((c) => c.source)).toEqual([2, 1]);
  });

  it('splits by line when asked', () => {
    const v = verifyAnswer(
      'Children suffer. They may become victims. [1]\nThe ruling concerned custody [3]',
      PASSAGES,
      { unit: 'line' },
    );
    expect(v.claims.map((c) => c.text)).toEqual([
      'Children suffer. They may become victims. [1]',
      'The ruling concerned custody [3]',
    ]);
  });

  it('truncates long claims in messages and never includes passages', () => {
    const long = `${'word '.repeat(100)}[9].`;
    const [rejected] = verifyAnswer(long, PASSAGES).rejected;
    expect(rejected!.message.length).toBeLessThan(200);
    expect(rejected!.message).toContain('…');
    expect(rejected!.message).not.toContain(PASSAGES[0]!.text);
  });

  it('throws InvalidPassageError for passages that cannot yield exact citations', () => {
    const bad = [{ documentId: 'd', chunkId: 'c', text: 'abc', start: 5, end: 2 }];
    expect(() => verifyAnswer('x [1]', bad)).toThrow(InvalidPassageError);
    expect(() =>
      verifyAnswer('x [1]', [{ documentId: 'd', chunkId: 'c', text: 'abc', start: 0, end: 4 }]),
    ).toThrow(/expected text to be document.slice/);
  });

  it('survives hostile answers with a clear code', () => {
    const hostile = [
      '\u0000[1]\u0000',
      '\u202eevil [1]\u202c',
      'a\u200b[1]',
      '\ud800 lone [1]',
      '[__proto__] constructor [1]',
    ];
    for (const answer of hostile) {
      const v = verifyAnswer(answer, PASSAGES);
      expect(v.claims.length + v.rejected.length).toBeGreaterThan(0);
    }
    expect(codes('\u0000[1]\u0000')).toEqual(['empty_claim']);
  });

  it('builds every accepted citation so that its text is the document slice at its offsets (property)', () => {
    const sentence = fc
      .array(
        fc.constantFrom(
          'water',
          'Boils',
          'at',
          '100',
          'degrees',
          '“hot”',
          'café',
          '😀',
          'é',
          'x\u0301',
          'A—B',
          '\u200b',
        ),
        { minLength: 3, maxLength: 8 },
      )
      .map((words) => `${words.join(' ')}.`);
    const arbitraryCase = fc.record({
      prefix: fc.string({ maxLength: 20 }),
      sentences: fc.array(sentence, { minLength: 1, maxLength: 8 }),
      picks: fc.array(
        fc.record({
          n: fc.integer({ min: 0, max: 10 }),
          quote: fc.boolean(),
          from: fc.nat(),
          length: fc.integer({ min: 3, max: 40 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(arbitraryCase, ({ prefix, sentences, picks }) => {
        const document = `${prefix.replace(/\. /g, ', ')}. ${sentences.join(' ')}`;
        const passages = passagesOf(document, 'doc');
        const answer = picks
          .map(({ n, quote, from, length }) => {
            const passage = passages[n % passages.length]!;
            const start = from % Math.max(1, passage.text.length);
            const quoted = passage.text.slice(start, start + length).replace(/["“”[\]]/g, '');
            return quote
              ? `The source says "${quoted}" here [${n}].`
              : `A claim about ${quoted.replace(/[.!?]/g, '')} [${n}].`;
          })
          .join(' ');
        for (const options of [{}, { support: { minCoverage: 0 } }, { unit: 'line' as const }]) {
          const v = verifyAnswer(answer, passages, options);
          for (const citation of v.citations) {
            expect(document.slice(citation.start, citation.end)).toBe(citation.text);
            const passage = passages[citation.source - 1]!;
            expect(citation.documentId).toBe(passage.documentId);
            expect(citation.chunkId).toBe(passage.chunkId);
            expect(citation.start).toBeGreaterThanOrEqual(passage.start);
            expect(citation.end).toBeLessThanOrEqual(passage.end);
          }
          for (const claim of v.claims)
            expect(answer.slice(claim.span.start, claim.span.end)).toBe(claim.text);
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('never throws on arbitrary answers and always derives the status from the lists (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom('sentence', 'line') as fc.Arbitrary<'sentence' | 'line'>,
        (answer, unit) => {
          const v = verifyAnswer(answer, PASSAGES, { unit, ranges: true, support: {} });
          const expected =
            v.claims.length > 0 ? 'answered' : v.rejected.length > 0 ? 'rejected' : 'abstained';
          expect(v.status).toBe(expected);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('stays linear: 1 MB of [[[[, 100k markers, 1 MB without a full stop', () => {
    let t0 = cpuNow();
    expect(verifyAnswer('['.repeat(1_000_000), PASSAGES).status).toBe('abstained');
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const many = verifyAnswer(`Children suffer ${'[1][7]'.repeat(50_000)}.`, PASSAGES);
    expect(many.rejected.map((r) => [r.code, r.markers])).toEqual([['marker_out_of_range', [1, 7]]]);
    expect(many.rejected[0]!.message.length).toBeLessThan(300);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const spread = verifyAnswer('Children suffer [1]. '.repeat(50_000), PASSAGES);
    expect([spread.claims.length, spread.duplicatesMerged]).toEqual([1, 49_999]);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const long = verifyAnswer(`${'lions roar at the moon and '.repeat(40_000)}[1]`, PASSAGES, {
      support: {},
    });
    expect(long.rejected.map((r) => r.code)).toEqual(['unsupported']);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const quote = verifyAnswer(`He said "${'a'.repeat(1_000_000)}" [1].`, PASSAGES);
    expect(quote.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});

describe('verifyAnswer with text copied from formatSources', () => {
  // formatSources strips invisible characters from the prompt; a model that copies a sentence from the prompt
  // must still be matched against the original passage, controls and bidi marks included.
  it.each([
    ['NUL inside a quotation', 'The clerk said "the licence holder\u0000 grants patents" today.'],
    [
      'a right-to-left override inside a quotation',
      'The clerk said "the licence holder\u202e grants patents" today.',
    ],
    ['a bell glued inside a word', 'Licence\u0007holder patents expire in twenty years.'],
    ['a right-to-left mark and a C1 control', 'Patents\u200f expire\u0090 in twenty years.'],
  ])('accepts a sentence whose passage holds %s', (_, text) => {
    const passages: Passage[] = [{ documentId: 'doc', chunkId: 'doc#0', text, start: 0, end: text.length }];
    const shown = formatSources(passages).split('\n').slice(1).join('\n');
    expect(shown).not.toBe(text);
    const verification = verifyAnswer(`${shown} [1]`, passages, { support: {} });
    expect(verification.rejected).toEqual([]);
    expect(verification.claims).toHaveLength(1);
    // The citation is the original span (a located quotation narrows it), invisible characters included.
    const citation = verification.citations[0]!;
    expect(citation.text).toBe(text.slice(citation.start, citation.end));
    expect(citation.text).toMatch(/[\u0000\u0007\u0090\u200f\u202e]/);
  });
});
