import { InvalidArgumentError } from '@gk/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT, PASSAGES, passagesOf } from '../__fixtures__/corpus.js';
import { passage } from '../__fixtures__/passage.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import type { Passage } from '../types.js';
import { formatSources } from './format-sources.js';
import { InvalidPassageError } from './invalid-passage-error.js';
import { splitClaims } from './split-claims.js';
import { source } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const codes = (answer: string, options = {}, passages: Passage[] = PASSAGES) =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);

// A second small corpus: [1] water, [2] tower, each a whole document.
const WATER_TOWER = [
  source('Water boils at 100 degrees Celsius at sea level. See https://example.org/water for data.', 'water'),
  source('The Eiffel Tower stands in Paris. The ruling ECLI:NL:HR:2020:1234 concerned a tower.', 'tower'),
];
const rejectedIn = (answer: string, options = {}, passages = WATER_TOWER): string[] =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);
const ABSTAINED = { status: 'abstained', claims: [], rejected: [], citations: [], duplicatesMerged: 0 };

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

  it('reads no citation in code: a claim whose only `[n]` is in a code span cites nothing', () => {
    // `items[1]` is code the reader sees, not a citation of source 1; `[0]` there is no marker out of range.
    expect(codes('Use `items[1]` to get the second element.')).toEqual([]);
    expect(verifyAnswer('Use `items[1]` to get the second element.', PASSAGES).status).toBe('abstained');
    expect(codes('Children suffer [1]. Use `items[0]` for the first one.')).toEqual(['no_marker']);
    expect(codes('Children suffer [1]. Read `m[2]` and `n` [1].')).toEqual([]);
    // A backtick that no other closes is text, and so is what follows it.
    expect(codes('Children suffer ` a lot [1].')).toEqual([]);
  });

  it('reads no citation in a fenced code block: its lines are claims that cite nothing (security regression)', () => {
    // Each `[n]` here was read as citing source n, and the line accepted as a claim checked against it.
    const fenced = (open: string, close: string, prefix = '') =>
      `Children suffer [1].\n\n${open}\n${prefix}const second = items[1];\n${prefix}rows[2].sort()\n${close}\n\nAfter the code [2].`;
    for (const [open, close, prefix] of [
      ['```js', '```', ''],
      ['~~~', '~~~', ''],
      ['````', '`````', ''],
      ['> ```', '> ```', '> '],
      ['- ```', '  ```', '  '],
    ]) {
      const v = verifyAnswer(fenced(open!, close!, prefix), PASSAGES);
      expect(v.claims.map((claim) => claim.text)).toEqual(['Children suffer [1].', 'After the code [2].']);
      expect(v.rejected.map((r) => [r.code, r.text])).toEqual([
        ['no_marker', 'const second = items[1];'],
        ['no_marker', 'rows[2].sort()'],
      ]);
    }
    // A fence is no claim, nor is its info string (`js`, or a sentence).
    const infoString = verifyAnswer('Children suffer [1].\n```Children suffer [1].\nx\n```', PASSAGES);
    expect(infoString.claims.map((claim) => claim.text)).toEqual(['Children suffer [1].']);
    expect(infoString.rejected.map((r) => r.text)).toEqual(['x']);
    // A fence never closed runs to the end: nothing after it cites.
    expect(verifyAnswer('```\nx[1] runs.\nChildren suffer [1].', PASSAGES).status).toBe('abstained');
    // `[0]` in code is no marker out of range.
    expect(codes('Children suffer [1].\n```\nfirst = xs[0]\n```')).toEqual(['no_marker']);
  });

  it("reads no citation in an image's alt text (security regression)", () => {
    // A renderer shows the image, not its alt text: the claim was accepted as citing source 1 (or 2 and 3).
    expect(codes('Children suffer ![1](chart.png).\nAfter [1].')).toEqual(['no_marker']);
    expect(codes('Children suffer ![see [2], [3]](chart.png).\nAfter [1].')).toEqual(['no_marker']);
    expect(codes('Children suffer![1] [1].')).toEqual([]); // no image: `(` must follow
  });

  it("reads no citation in a link's destination (security regression)", () => {
    // The reader sees `Children suffer badly.`, no citation: the claim was accepted as citing source 1.
    expect(codes('Children suffer [badly](https://example.org/a[1]).\nAfter [1].')).toEqual(['no_marker']);
    expect(codes('Children suffer [1](#source-1).')).toEqual([]); // a marker as a link's text is shown
  });

  it("reads no citation in an HTML tag's attributes (security regression)", () => {
    // A renderer that shows HTML shows neither attribute: the claim was accepted as citing source 1.
    expect(codes('Children suffer <img alt="[1]" src="chart.png">.\nAfter [1].')).toEqual(['no_marker']);
    expect(codes('Children suffer <span title="[1]">a lot</span>.\nAfter [1].')).toEqual(['no_marker']);
    expect(codes('Children suffer <sup>[1]</sup>.')).toEqual([]); // what a tag encloses is shown
  });

  it('reads no citation in an HTML comment a renderer hides (security regression)', () => {
    // The reader of a rendered answer sees no citation here: the claim was accepted as citing source 1.
    expect(codes('Children suffer from the heat <!-- [1] -->.\nAfter [1].')).toEqual(['no_marker']);
    // A comment runs across lines; its lines are claims that cite nothing, like code.
    const rejected = (answer: string) => verifyAnswer(answer, PASSAGES).rejected.map((r) => [r.code, r.text]);
    expect(rejected('Children suffer [1] <!--\n[2]\n-->.')).toEqual([['no_marker', '[2]']]);
    expect(rejected('Children suffer [1].\n<!-- begin\nIt is proven [1].\nend -->\nAfter [2].')).toEqual([
      ['no_marker', '<!-- begin'],
      ['no_marker', 'It is proven [1].'],
      ['no_marker', 'end -->'],
    ]);
    // In code it is no comment.
    expect(codes('Write `<!--` to open a comment [1].')).toEqual([]);
  });

  it("reads a markdown table's header and delimiter rows as structure, and its body rows as claims", () => {
    const table = (header: string, delimiter: string) =>
      `Water boils at 100 degrees Celsius at sea level [1].\n\n${header}\n${delimiter}\n| Paris | Eiffel Tower [2] |\n| Rome | Colosseum |`;
    for (const [header, delimiter] of [
      ['| City | Landmark |', '|---|---|'],
      ['| City | Landmark |', '| :--- | :---: |'],
      ['City | Landmark', '--- | ---:'],
    ]) {
      const v = verifyAnswer(table(header!, delimiter!), WATER_TOWER);
      expect(v.claims.map((claim) => claim.text)).toEqual([
        'Water boils at 100 degrees Celsius at sea level [1].',
        '| Paris | Eiffel Tower [2] |',
      ]);
      expect(v.rejected.map((r) => [r.code, r.text])).toEqual([['no_marker', '| Rome | Colosseum |']]);
    }
    // A header row that holds a quotation or an identifier is checked as a claim.
    expect(rejectedIn('| "A tower in Rome" | x |\n|---|---|\n| Paris | Eiffel Tower [2] |')).toEqual([
      'no_marker',
    ]);
  });

  it('checks a header row that holds a marker or a sentence, as a lead-in with a marker is', () => {
    const row = '| Paris | Eiffel Tower [2] |';
    const texts = (answer: string, options = {}) =>
      verifyAnswer(answer, WATER_TOWER, options).rejected.map((r) => [r.code, r.text]);
    expect(texts(`| Aspirin cures cancer [7] | Kind |\n|---|---|\n${row}`)).toEqual([
      ['marker_out_of_range', '| Aspirin cures cancer [7] | Kind |'],
    ]);
    expect(texts(`| Aspirin cures cancer [1] | Kind |\n|---|---|\n${row}`, { support: {} })).toEqual([
      ['unsupported', '| Aspirin cures cancer [1] | Kind |'],
    ]);
    // A cell of two words or more ending like a sentence is no label.
    expect(texts(`| City | Aspirin cures cancer. |\n|---|---|\n${row}`)).toEqual([
      ['no_marker', '| City | Aspirin cures cancer.'],
    ]);
    expect(rejectedIn(`| Is it safe? | Kind |\n|---|---|\n${row}`)).toContain('no_marker');
    // Labels stay structure, abbreviations and symbols included.
    for (const header of ['| Item | Change (%) |', '| No. | Landmark |', '| City | **Landmark** |'])
      expect(rejectedIn(`${header}\n|---|---|\n${row}`)).toEqual([]);
  });

  it('reads a line as a header row only where GFM opens a table', () => {
    const claim = 'Paris | Eiffel Tower [2]';
    // Not a table: the delimiter row in another container, after an ATX heading, or indented as code.
    for (const answer of [
      `Aspirin cures cancer | Kind\n> --- | ---\n> ${claim}`,
      `> Aspirin cures cancer | Kind\n--- | ---\n${claim}`,
      `## Aspirin cures cancer | Kind\n|---|---|\n| ${claim} |`,
      `Aspirin cures cancer | Kind\n    --- | ---\n${claim}`,
      `- Aspirin cures cancer | Kind\n--- | ---\n${claim}`,
      `- Aspirin cures cancer | Kind\n      --- | ---\n${claim}`,
    ])
      expect(verifyAnswer(answer, WATER_TOWER).rejected.map((r) => [r.code, r.text])).toEqual([
        ['no_marker', 'Aspirin cures cancer | Kind'],
      ]);
    // A table in a block quote, in a list item, or with its delimiter row indented up to 3 spaces.
    for (const answer of [
      `> City | Landmark\n> --- | ---\n> ${claim}`,
      `> > City | Landmark\n> >   --- | ---\n> > ${claim}`,
      `- City | Landmark\n  --- | ---\n  ${claim}`,
      `1. City | Landmark\n     --- | ---\n   ${claim}`,
      `  City | Landmark\n--- | ---\n${claim}`,
      `City | Landmark\n   --- | ---\n${claim}`,
    ])
      expect(rejectedIn(answer)).toEqual([]);
  });

  it('rejects a look-alike of a marker outside 1..passages.length beside a real one (security regression)', () => {
    // A review found each accepted on its [1], though a page shows a citation of source 3, which nothing checks.
    const water = [WATER_TOWER[0]!];
    for (const lookAlike of [
      '[&#51;]',
      '&#91;3&#93;',
      '&lsqb;3&rsqb;',
      '[&#x33;]',
      '\uff3b\uff13\uff3d',
      '[<b>3</b>]',
      '[3\u200b]',
      '[\u200b2, 3]',
    ]) {
      const answer = `Water boils at 100 degrees Celsius at sea level [1]${lookAlike}.`;
      expect(rejectedIn(answer, {}, water), answer).toEqual(['marker_out_of_range']);
    }
    expect(
      verifyAnswer('Water boils at 100 degrees Celsius at sea level [1][&#51;].', water).rejected[0]!.message,
    ).toContain('shows, written as text, [3]');
    // An escaped bracket is markdown's way to write one that is no marker; code, a link's destination and a comment
    // show none; a look-alike of a source shown is no citation of anything unchecked.
    for (const answer of [
      'Water boils at 100 degrees Celsius at sea level \\[2023\\] [1].',
      'Water boils at 100 degrees Celsius at sea level `[&#51;]` [1].',
      'Water boils at 100 degrees Celsius at sea level <!-- &#91;3&#93; --> [1].',
      'Water boils at 100 degrees Celsius at sea level [1]\uff3b\uff11\uff3d.',
    ])
      expect(rejectedIn(answer, {}, water), answer).toEqual([]);
    // A look-alike the cited passage writes too is its text, copied (the extractive model's property found it).
    const noted = [source('The warranty is void&#91;2&#93; after a year.', 'warranty')];
    expect(rejectedIn('The warranty is void&#91;2&#93; after a year [1].', {}, noted)).toEqual([]);
    expect(rejectedIn('The warranty is void&#91;3&#93; after a year [1].', {}, noted)).toEqual([
      'marker_out_of_range',
    ]);
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

  it('throws InvalidPassageError for passages that cannot yield exact citations', () => {
    const bad = [{ documentId: 'd', chunkId: 'c', text: 'abc', start: 5, end: 2 }];
    expect(() => verifyAnswer('x [1]', bad)).toThrow(InvalidPassageError);
    expect(() =>
      verifyAnswer('x [1]', [{ documentId: 'd', chunkId: 'c', text: 'abc', start: 0, end: 4 }]),
    ).toThrow(/expected text to be document.slice/);
  });

  it('throws an InvalidArgumentError for an answer that is not a string', () => {
    expect(() => verifyAnswer(42 as unknown as string, WATER_TOWER)).toThrow(
      'Invalid answer: expected a string, received number 42.',
    );
    expect(() => verifyAnswer(null as unknown as string, WATER_TOWER)).toThrow(InvalidArgumentError);
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
});

describe('verifyAnswer options', () => {
  it('accepts unmarked claims without citations only when requireCitations is false', () => {
    const v = verifyAnswer('Water boils [1]. Paris is big.', WATER_TOWER, { requireCitations: false });
    expect(v.claims.map((c) => [c.text, c.citations.length])).toEqual([
      ['Water boils [1].', 1],
      ['Paris is big.', 0],
    ]);
    expect(verifyAnswer('Paris is big.', WATER_TOWER, { requireCitations: false }).status).toBe('answered');
    expect(verifyAnswer('Paris is big.', WATER_TOWER).status).toBe('abstained');
    expect(v.rejected).toEqual([]);
  });

  it('abstains on the no-source token only when the whole trimmed answer equals it', () => {
    expect(verifyAnswer(' NONE \n', WATER_TOWER, { noSourceToken: ' NONE ' }).status).toBe('abstained');
    expect(verifyAnswer('NONE at all [1].', WATER_TOWER, { noSourceToken: 'NONE' }).status).toBe('answered');
  });

  it('abstains on the trimmed no-source token even when unmarked claims would be accepted', () => {
    const lenient = { requireCitations: false };
    expect(verifyAnswer(' NONE\n', WATER_TOWER, { ...lenient, noSourceToken: ' NONE ' })).toEqual(ABSTAINED);
    expect(verifyAnswer('\tNONE ', WATER_TOWER, { ...lenient, noSourceToken: 'NONE' })).toEqual(ABSTAINED);
    // Anything else, whatever it says, is an unmarked claim accepted without citations.
    for (const answer of ['NONE!', 'Stryker was here!', 'None']) {
      expect(verifyAnswer(answer, WATER_TOWER, { ...lenient, noSourceToken: 'NONE' })).toEqual({
        status: 'answered',
        claims: [{ text: answer, span: { start: 0, end: answer.length }, citations: [] }],
        rejected: [],
        citations: [],
        duplicatesMerged: 0,
      });
    }
  });

  it('abstains when an answer has no claim left after splitting (bare punctuation, blank lines)', () => {
    expect(verifyAnswer('...', WATER_TOWER, { requireCitations: false })).toEqual(ABSTAINED);
    expect(verifyAnswer('!? \n -- \n', WATER_TOWER, { requireCitations: false, unit: 'line' })).toEqual(
      ABSTAINED,
    );
    expect(verifyAnswer('  \n\t ', WATER_TOWER, { requireCitations: false })).toEqual(ABSTAINED);
  });

  it('reads [1-2] as a range only with ranges: true', () => {
    const answer = 'Water boils and the tower stands [1-2].';
    expect(verifyAnswer(answer, WATER_TOWER)).toEqual(ABSTAINED);
    expect(verifyAnswer(answer, WATER_TOWER, { ranges: false })).toEqual(ABSTAINED);
    const v = verifyAnswer(answer, WATER_TOWER, { ranges: true });
    expect(v.status).toBe('answered');
    expect(v.claims.map((c) => [c.text, c.citations.map((x) => x.source)])).toEqual([[answer, [1, 2]]]);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('cites every number of a single marker that names several sources', () => {
    for (const marker of ['[1, 2]', '[2;1]']) {
      const v = verifyAnswer(`Water boils and the tower stands ${marker}.`, WATER_TOWER);
      expect(v.claims[0]!.citations.map((c) => c.source)).toEqual(marker === '[1, 2]' ? [1, 2] : [2, 1]);
    }
    expect(verifyAnswer('Water boils [1, 7].', WATER_TOWER).rejected.map((r) => [r.code, r.markers])).toEqual(
      [['marker_out_of_range', [1, 7]]],
    );
  });

  it('checks no support with support: false, the same as leaving it out', () => {
    const answer = 'Paris has cheese markets [1].';
    expect(verifyAnswer(answer, WATER_TOWER, { support: false }).status).toBe('answered');
    expect(verifyAnswer(answer, WATER_TOWER).status).toBe('answered');
    expect(verifyAnswer(answer, WATER_TOWER, { support: {} }).rejected.map((r) => r.code)).toEqual([
      'unsupported',
    ]);
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
});

describe('verifyAnswer identifiers', () => {
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

  it('checks e-mail addresses and links without a scheme or with another one like any identifier', () => {
    const passages = [
      source(
        'Refunds are handled by alice@corp.example within 30 days. Pay at https://pay.example.org/lease.',
        'a',
      ),
      source('Complaints go to mallory@evil.example at any time.', 'b'),
    ];
    const rejected = (answer: string) => verifyAnswer(answer, passages).rejected.map((r) => r.code);
    // Another passage's address in a claim that cites this one: what a redaction restore may put there.
    expect(rejected('Refunds are handled by mallory@evil.example within 30 days [1].')).toEqual([
      'unknown_identifier',
    ]);
    expect(rejected('Refunds are handled by ALICE@corp.example within 30 days [1].')).toEqual([]);
    for (const link of [
      'www.evil.example/pay',
      'ftp://evil.example/pay',
      'mailto:x@evil.example',
      'alic\u0435@corp.example', // a Cyrillic е
      'alice@corp[1].example',
    ])
      expect(rejected(`Pay at ${link} [1].`), link).toEqual(['unknown_identifier']);
    expect(rejected('Pay at https://pay.example.org/lease [1].')).toEqual([]);
  });

  it('reads an identifier a marker cuts as the pieces the answer wrote, never glued back together', () => {
    // `https://example.org/report?id=7` is in passage 5; written with a marker inside, it is no such URL.
    expect(codes('Read https://example.org/report?id=[5]7 today.')).toEqual(['unknown_identifier']);
    // A marker right after the identifier ends it, as ever.
    expect(codes('Read https://example.org/report?id=7[5].')).toEqual([]);
  });

  it('reads an identifier whole where a full stop, ? or ! inside it would end a sentence (security regression)', () => {
    // A review found each accepted: the sentence split cut the identifier after its real prefix, and each piece passed.
    const passages = [
      source(
        'The Supreme Court decided ECLI:NL:HR:2020:1234 in May. The article has DOI 10.1000/abc1.',
        'ruling',
      ),
      source('The case C-1234. was heard.', 'case'),
    ];
    const verify = (answer: string, options = {}) => {
      const { claims, rejected } = verifyAnswer(answer, passages, options);
      return [...claims.map((claim) => `accepted: ${claim.text}`), ...rejected.map((claim) => claim.code)];
    };
    for (const answer of [
      'The court [1] decided ECLI:NL:HR:2020:1234.AB5 in May [1].',
      '[1] The court decided ECLI:NL:HR:2020:1234.AB5 in May [1].',
      'The article [1] has DOI 10.1000/abc1.Evil [1].',
      'The article [1] has DOI 10.1000/abc1?Evil=1 [1].',
      'The article [1] has DOI 10.1000/abc1!Evil [1].',
    ])
      expect(verify(answer), answer).toEqual(['unknown_identifier']);
    expect(
      verify('The case [2] is C-1234.Evil [2].', { identifiers: [{ name: 'case', pattern: /C-[\w.]+\w/ }] }),
    ).toEqual(['unknown_identifier']);
    // A full stop with no space in an ordinary word still ends a sentence; the real identifier is accepted.
    expect(verify('Item 3.Dr. Smith decided ECLI:NL:HR:2020:1234 [1].')).toEqual([
      'accepted: Dr. Smith decided ECLI:NL:HR:2020:1234 [1].',
      'no_marker',
    ]);
  });

  it('accepts an identifier only when it equals a whole identifier of a cited passage, for each rule', () => {
    // A prefix or a substring of a real identifier names another ruling, paper or page.
    expect(codes('The ruling ECLI:NL:HR:2019:12 concerned custody [3].')).toEqual(['unknown_identifier']);
    expect(codes('The ruling ECLI:NL:HR:2019:123 concerned custody [3].')).toEqual(['unknown_identifier']);
    expect(codes('A review is doi 10.1234/abc [4].')).toEqual(['unknown_identifier']);
    expect(codes('A review is doi 10.1234/abc.56 [4].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/report [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/rep [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/report?id= [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.or [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://exam [5].')).toEqual(['unknown_identifier']);
    expect(codes('Read https://example.org/report?id=7 [5].', { identifiers: ['url-loose'] })).toEqual([]);
    expect(codes('Read https://example.org/report [5].', { identifiers: ['url-loose'] })).toEqual([
      'unknown_identifier',
    ]);
    const identifiers = [{ name: 'case', pattern: /C-\d+/ }];
    const passages = [passage('Decided as C-1234 in 2020.')];
    expect(codes('Decided as C-12 [1].', { identifiers }, passages)).toEqual(['unknown_identifier']);
    expect(codes('Decided as C-234 [1].', { identifiers }, passages)).toEqual(['unknown_identifier']);
    expect(codes('Decided as C-1234 [1].', { identifiers }, passages)).toEqual([]);
  });

  it('reads identifiers in the title and uri of a cited passage as whole identifiers too', () => {
    const passages = [
      passage('No identifiers in the text.', { title: 'ECLI:NL:HR:2021:77', uri: 'https://example.org/a/b' }),
    ];
    expect(codes('See ECLI:NL:HR:2021:77 at https://example.org/a/b [1].', {}, passages)).toEqual([]);
    expect(codes('See ECLI:NL:HR:2021:7 [1].', {}, passages)).toEqual(['unknown_identifier']);
    expect(codes('See https://example.org/a [1].', {}, passages)).toEqual(['unknown_identifier']);
    expect(codes('See https://example.org/a/b/ [1].', {}, passages)).toEqual(['unknown_identifier']);
    expect(codes('See http://www.example.org/a/b/ [1].', { identifiers: ['url-loose'] }, passages)).toEqual(
      [],
    );
  });

  it('rejects identifiers disguised with zero-width characters or full-width digits', () => {
    expect(codes('The ruling ECLI:NL:HR:2019\u200b:9999 concerned custody [3].')).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('The ruling ECLI:NL:HR:\uff12\uff10\uff11\uff19:1234 concerned custody [3].')).toEqual([]);
    expect(codes('See h\u200dttps://evil.example/x [5].')).toEqual(['unknown_identifier']);
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

  it('finds identifiers in a cited passage title or uri, and checks each rule only against cited sources', () => {
    const titled = [
      source('No identifiers here.', 'a', { title: 'ECLI:NL:HR:2021:1', uri: 'https://example.org/a' }),
    ];
    expect(rejectedIn('See ECLI:NL:HR:2021:1 and https://example.org/a [1].', {}, titled)).toEqual([]);
    expect(rejectedIn('See https://example.org/water [1][2].')).toEqual([]);
    expect(rejectedIn('See ECLI:NL:HR:2020:1234 [1].', { identifiers: ['doi', 'url'] })).toEqual([]);
  });

  it('checks no identifier at all with identifiers: []', () => {
    const v = verifyAnswer('See ECLI:NL:HR:2020:1234 and https://example.org/nowhere [1].', WATER_TOWER, {
      identifiers: [],
    });
    expect(v.status).toBe('answered');
    expect(v.claims[0]!.citations.map((c) => c.source)).toEqual([1]);
    expect(v.rejected).toEqual([]);
  });

  const name = { name: 'name', pattern: /\b[A-Z][a-z]+\b/ };
  const tower = source('The Eiffel Tower stands in Paris.', 'tower');

  it('finds a custom identifier in the cited text, uri or title, and nowhere else', () => {
    const claim = 'Stryker saw the Eiffel Tower [1].';
    expect(rejectedIn(claim, { identifiers: [name] }, [tower])).toEqual(['unknown_identifier']);
    expect(rejectedIn(claim, { identifiers: [name] }, [{ ...tower, title: 'Stryker report' }])).toEqual([]);
    expect(
      rejectedIn(claim, { identifiers: [name] }, [{ ...tower, uri: 'https://example.org/Stryker' }]),
    ).toEqual([]);
    // A title alone, or a uri alone, adds nothing else.
    expect(rejectedIn(claim, { identifiers: [name] }, [{ ...tower, title: 'Tower report' }])).toHaveLength(1);
    expect(
      rejectedIn(claim, { identifiers: [name] }, [{ ...tower, uri: 'https://example.org/t' }]),
    ).toHaveLength(1);
  });

  it('never joins text, uri and title into one identifier across their boundary', () => {
    const code = { name: 'code', pattern: /\bAB-\d+/ };
    const split = [source('Filed under AB-12', 'case', { title: '34 annex', uri: '56' })];
    expect(
      verifyAnswer('See AB-1234 [1].', split, { identifiers: [code] }).rejected.map((r) => r.code),
    ).toEqual(['unknown_identifier']);
    expect(verifyAnswer('See AB-12 [1].', split, { identifiers: [code] }).status).toBe('answered');
    const url = [source('Data at https://example.org/wa', 'web', { uri: 'ter' })];
    expect(rejectedIn('See https://example.org/water [1].', {}, url)).toHaveLength(1);
  });
});

describe('verifyAnswer duplicates and citation order', () => {
  it('merges identical claims (after normalisation) and their citations, counting the merges', () => {
    const v = verifyAnswer('Water boils [1]. WATER  boils [2]. Water boils [1].', WATER_TOWER);
    expect(v.claims.map((c) => [c.text, c.citations.map((x) => x.source)])).toEqual([
      ['Water boils [1].', [1, 2]],
    ]);
    expect(v.duplicatesMerged).toBe(2);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('merges identical rejected claims with the same code, keeping every marker once', () => {
    const v = verifyAnswer('Water boils [5]. Water boils [6][5]. Water boils.', WATER_TOWER);
    expect(v.rejected.map((r) => [r.code, r.markers])).toEqual([
      ['marker_out_of_range', [5, 6]],
      ['no_marker', []],
    ]);
    expect(v.duplicatesMerged).toBe(1);
    expect(v.status).toBe('rejected');
  });

  it('merges a repeated rejection into the first with the same code, even after a different code', () => {
    const result = verifyAnswer('Water boils. Water boils [5]. Water boils. Water boils [6].', WATER_TOWER);
    expect(result.rejected.map(({ code, markers }) => ({ code, markers }))).toEqual([
      { code: 'no_marker', markers: [] },
      { code: 'marker_out_of_range', markers: [5, 6] },
    ]);
    expect(result.duplicatesMerged).toBe(2);
    expect(result.status).toBe('rejected');
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

  it('keeps whole-passage citations of different sources that share offsets', () => {
    const twins = [source('Alpha beta gamma.', 'one'), source('Delta epsilon z.', 'two')];
    const v = verifyAnswer('Alpha and delta [1][2].', twins);
    expect(v.claims[0]!.citations.map((c) => [c.source, c.documentId, c.start, c.end])).toEqual([
      [1, 'one', 0, 17],
      [2, 'two', 0, 16],
    ]);
    const same = [source('Alpha beta gamma.', 'one'), source('Delta epsilon zz.', 'two')];
    const w = verifyAnswer('Alpha and delta [1][2].', same);
    expect(w.claims[0]!.citations.map((c) => [c.source, c.documentId, c.start, c.end])).toEqual([
      [1, 'one', 0, 17],
      [2, 'two', 0, 17],
    ]);
    expect(w.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('deduplicates more than sixteen citations by source and offsets, in first-mention order', () => {
    const many = Array.from({ length: 20 }, (_, i) => source(`Fact number ${i + 1} is true.`, `d${i + 1}`));
    const all = Array.from({ length: 20 }, (_, i) => i + 1).join(', ');
    const reversed = Array.from({ length: 20 }, (_, i) => 20 - i).join(', ');
    const v = verifyAnswer(`Every fact holds [${all}]. Each fact is true [${reversed}].`, many);
    expect(v.claims.map((c) => c.citations.map((x) => x.source))).toEqual([
      Array.from({ length: 20 }, (_, i) => i + 1),
      Array.from({ length: 20 }, (_, i) => 20 - i),
    ]);
    expect(v.citations.map((c) => [c.source, c.documentId, c.start, c.end])).toEqual(
      many.map((p, i) => [i + 1, p.documentId, 0, p.end]),
    );
    // A merged duplicate adds no citation twice either.
    const merged = verifyAnswer(`Every fact holds [${all}]. EVERY fact holds [${reversed}, 1].`, many);
    expect(merged.duplicatesMerged).toBe(1);
    expect(merged.claims[0]!.citations.map((c) => c.source)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
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
    [
      'a marker look-alike inside an unclosed quotation',
      'The clerk said "patents [7] expire in twenty years.',
    ],
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
    expect(citation.text).toMatch(/[\u0000\u0007\u0090\u200f\u202e[]/);
  });
});
