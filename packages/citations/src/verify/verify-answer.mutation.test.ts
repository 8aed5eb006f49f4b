// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact rejection messages (what a
// user reads), excerpt truncation, number lists, duplicate merging and the options' edges.
import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

const passage = (text: string, id: string, extra: Partial<Passage> = {}): Passage => ({
  documentId: id,
  chunkId: `${id}#0`,
  start: 0,
  end: text.length,
  text,
  ...extra,
});
const PASSAGES = [
  passage(
    'Water boils at 100 degrees Celsius at sea level. See https://example.org/water for data.',
    'water',
  ),
  passage('The Eiffel Tower stands in Paris. The ruling ECLI:NL:HR:2020:1234 concerned a tower.', 'tower'),
];
const messages = (answer: string, options = {}, passages = PASSAGES): string[] =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.message);

describe('verifyAnswer messages (mutation-pinned)', () => {
  it('explains each rejection code in words, with the claim, the numbers and the expected range', () => {
    expect(messages('Water boils [1]. Paris is big.')).toEqual([
      'Claim "Paris is big." has no citation marker; expected at least one [n] naming a source in 1..2.',
    ]);
    expect(messages('Water boils [3].')).toEqual([
      'Claim "Water boils [3]." cites [3], which is not a source shown; expected numbers in 1..2.',
    ]);
    expect(messages('Water boils [0][3].')).toEqual([
      'Claim "Water boils [0][3]." cites [0][3], which are not a source shown; expected numbers in 1..2.',
    ]);
    expect(messages('Water boils [1].', {}, [])).toEqual([
      'Claim "Water boils [1]." cites [1], which is not a source shown; expected numbers (but no sources were shown).',
    ]);
    expect(messages('Water [1].\n[2]')).toEqual([
      'Claim "[2]" has markers but no statement; expected text before its markers.',
    ]);
    expect(messages('See ECLI:NL:HR:2020:1234 [1].')).toEqual([
      'Claim "See ECLI:NL:HR:2020:1234 [1]." names ecli "ECLI:NL:HR:2020:1234", which does not occur in its cited sources [1]; expected every identifier to come from a cited passage.',
    ]);
    expect(messages('It says "boils at 90 degrees Celsius" [1].')).toEqual([
      'Claim "It says "boils at 90 degrees Celsius" [1]." quotes "boils at 90 degrees Celsius", which was not found in its cited sources [1]; expected the quotation verbatim (up to whitespace, quote and dash variants).',
    ]);
  });

  it('reports support coverage as a rounded percentage, or no content words', () => {
    const support = { support: {} };
    expect(messages('Paris has cheese markets [1].', support)).toEqual([
      'Claim "Paris has cheese markets [1]." is not supported by its cited sources [1]: not contained verbatim and 0% of its content words found; expected at least 55%.',
    ]);
    expect(messages('Water boils in Paris markets [1].', { support: { minCoverage: 0.9 } })).toEqual([
      'Claim "Water boils in Paris markets [1]." is not supported by its cited sources [1]: not contained verbatim and 50% of its content words found; expected at least 90%.',
    ]);
    expect(messages('It is not [1].', support)).toEqual([
      'Claim "It is not [1]." is not supported by its cited sources [1]: not contained verbatim and no content words found; expected at least 55%.',
    ]);
  });

  it('lists at most five numbers, names huge ones in words, and truncates long claims at 80 characters', () => {
    expect(messages('Water boils [3, 4, 5, 6, 7, 8, 9].')[0]).toContain(
      'cites [3][4][5][6][7] and 2 more, which are',
    );
    expect(messages('Water boils [9007199254740993].')[0]).toContain('cites [a number past 2^53], which is');
    const long = `${'Word '.repeat(30)}end.`;
    const [message] = messages(`Water [1]. ${long}`);
    expect(message).toBe(
      `Claim "${long.slice(0, 79)}…" has no citation marker; expected at least one [n] naming a source in 1..2.`,
    );
    expect(messages('Water [1]. Paris   has\tmarkets.')[0]).toContain('Claim "Paris has markets."');
  });

  it('never cuts a surrogate pair in an excerpt', () => {
    const claim = `${'A'.repeat(78)}\u{1F600}${'b'.repeat(20)}.`;
    const [message] = messages(`Water [1]. ${claim}`);
    expect(message).toContain(`Claim "${'A'.repeat(78)}…"`);
  });
});

describe('verifyAnswer options and merging (mutation-pinned)', () => {
  it('merges identical claims (after normalisation) and their citations, counting the merges', () => {
    const v = verifyAnswer('Water boils [1]. WATER  boils [2]. Water boils [1].', PASSAGES);
    expect(v.claims.map((c) => [c.text, c.citations.map((x) => x.source)])).toEqual([
      ['Water boils [1].', [1, 2]],
    ]);
    expect(v.duplicatesMerged).toBe(2);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('merges identical rejected claims with the same code, keeping every marker once', () => {
    const v = verifyAnswer('Water boils [5]. Water boils [6][5]. Water boils.', PASSAGES);
    expect(v.rejected.map((r) => [r.code, r.markers])).toEqual([
      ['marker_out_of_range', [5, 6]],
      ['no_marker', []],
    ]);
    expect(v.duplicatesMerged).toBe(1);
    expect(v.status).toBe('rejected');
  });

  it('accepts unmarked claims without citations only when requireCitations is false', () => {
    const v = verifyAnswer('Water boils [1]. Paris is big.', PASSAGES, { requireCitations: false });
    expect(v.claims.map((c) => [c.text, c.citations.length])).toEqual([
      ['Water boils [1].', 1],
      ['Paris is big.', 0],
    ]);
    expect(verifyAnswer('Paris is big.', PASSAGES, { requireCitations: false }).status).toBe('answered');
    expect(verifyAnswer('Paris is big.', PASSAGES).status).toBe('abstained');
  });

  it('checks quotations from minLength on, and not at all with quotes: false', () => {
    expect(messages('It says "boils at 9" [1].')).toEqual([]);
    expect(messages('It says "boils at 9" [1].', { quotes: { minLength: 5 } })).toHaveLength(1);
    expect(messages('It says "boils at 90 degrees Celsius" [1].', { quotes: false })).toEqual([]);
    expect(messages('It says "boils at 90 degrees Celsius" [1].', { quotes: true })).toHaveLength(1);
  });

  it('narrows a citation to the located quotation and keeps the whole passage for other sources', () => {
    const v = verifyAnswer('It says "Eiffel Tower stands in Paris" [1][2].', PASSAGES);
    expect(v.claims[0]!.citations).toEqual([
      {
        source: 1,
        documentId: 'water',
        chunkId: 'water#0',
        start: 0,
        end: PASSAGES[0]!.end,
        text: PASSAGES[0]!.text,
      },
      {
        source: 2,
        documentId: 'tower',
        chunkId: 'tower#0',
        start: 4,
        end: 32,
        text: 'Eiffel Tower stands in Paris',
      },
    ]);
  });

  it('finds identifiers in a cited passage title or uri, and checks each rule only against cited sources', () => {
    const titled = [
      passage('No identifiers here.', 'a', { title: 'ECLI:NL:HR:2021:1', uri: 'https://example.org/a' }),
    ];
    expect(messages('See ECLI:NL:HR:2021:1 and https://example.org/a [1].', {}, titled)).toEqual([]);
    expect(messages('See https://example.org/water [1][2].')).toEqual([]);
    expect(messages('See ECLI:NL:HR:2020:1234 [1].', { identifiers: ['doi', 'url'] })).toEqual([]);
  });

  it('abstains on the no-source token only when the whole trimmed answer equals it', () => {
    expect(verifyAnswer(' NONE \n', PASSAGES, { noSourceToken: ' NONE ' }).status).toBe('abstained');
    expect(verifyAnswer('NONE at all [1].', PASSAGES, { noSourceToken: 'NONE' }).status).toBe('answered');
  });

  it('throws a TypeError for an answer that is not a string', () => {
    expect(() => verifyAnswer(42 as unknown as string, PASSAGES)).toThrow(
      new TypeError('Expected the answer to be a string, received number.'),
    );
  });
});

describe('verifyAnswer abstention and option defaults (mutation-pinned)', () => {
  const ABSTAINED = { status: 'abstained', claims: [], rejected: [], citations: [], duplicatesMerged: 0 };

  it('abstains on the trimmed no-source token even when unmarked claims would be accepted', () => {
    const lenient = { requireCitations: false };
    expect(verifyAnswer(' NONE\n', PASSAGES, { ...lenient, noSourceToken: ' NONE ' })).toEqual(ABSTAINED);
    expect(verifyAnswer('\tNONE ', PASSAGES, { ...lenient, noSourceToken: 'NONE' })).toEqual(ABSTAINED);
    // Anything else, whatever it says, is an unmarked claim accepted without citations.
    for (const answer of ['NONE!', 'Stryker was here!', 'None']) {
      expect(verifyAnswer(answer, PASSAGES, { ...lenient, noSourceToken: 'NONE' })).toEqual({
        status: 'answered',
        claims: [{ text: answer, span: { start: 0, end: answer.length }, citations: [] }],
        rejected: [],
        citations: [],
        duplicatesMerged: 0,
      });
    }
  });

  it('abstains when an answer has no claim left after splitting (bare punctuation, blank lines)', () => {
    expect(verifyAnswer('...', PASSAGES, { requireCitations: false })).toEqual(ABSTAINED);
    expect(verifyAnswer('!? \n -- \n', PASSAGES, { requireCitations: false, unit: 'line' })).toEqual(
      ABSTAINED,
    );
    expect(verifyAnswer('  \n\t ', PASSAGES, { requireCitations: false })).toEqual(ABSTAINED);
  });

  it('reads [1-2] as a range only with ranges: true', () => {
    const answer = 'Water boils and the tower stands [1-2].';
    expect(verifyAnswer(answer, PASSAGES)).toEqual(ABSTAINED);
    expect(verifyAnswer(answer, PASSAGES, { ranges: false })).toEqual(ABSTAINED);
    const v = verifyAnswer(answer, PASSAGES, { ranges: true });
    expect(v.status).toBe('answered');
    expect(v.claims.map((c) => [c.text, c.citations.map((x) => x.source)])).toEqual([[answer, [1, 2]]]);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('cites every number of a single marker that names several sources', () => {
    for (const marker of ['[1, 2]', '[2;1]']) {
      const v = verifyAnswer(`Water boils and the tower stands ${marker}.`, PASSAGES);
      expect(v.claims[0]!.citations.map((c) => c.source)).toEqual(marker === '[1, 2]' ? [1, 2] : [2, 1]);
    }
    expect(messages('Water boils [1, 7].')).toEqual([
      'Claim "Water boils [1, 7]." cites [7], which is not a source shown; expected numbers in 1..2.',
    ]);
  });

  it('checks no support with support: false, the same as leaving it out', () => {
    const answer = 'Paris has cheese markets [1].';
    expect(verifyAnswer(answer, PASSAGES, { support: false }).status).toBe('answered');
    expect(verifyAnswer(answer, PASSAGES).status).toBe('answered');
    expect(verifyAnswer(answer, PASSAGES, { support: {} }).rejected.map((r) => r.code)).toEqual([
      'unsupported',
    ]);
  });

  it('checks no identifier at all with identifiers: []', () => {
    const v = verifyAnswer('See ECLI:NL:HR:2020:1234 and https://example.org/nowhere [1].', PASSAGES, {
      identifiers: [],
    });
    expect(v.status).toBe('answered');
    expect(v.claims[0]!.citations.map((c) => c.source)).toEqual([1]);
    expect(v.rejected).toEqual([]);
  });
});

describe('verifyAnswer merging of rejected duplicates (mutation-pinned)', () => {
  it('merges a repeated rejection into the first one with the same code, across a different code between', () => {
    const v = verifyAnswer('Water boils [5]. Water boils. Water boils [6].', PASSAGES);
    expect(v.rejected.map((r) => [r.text, r.code, r.markers])).toEqual([
      ['Water boils [5].', 'marker_out_of_range', [5, 6]],
      ['Water boils.', 'no_marker', []],
    ]);
    expect(v.duplicatesMerged).toBe(1);
  });
});

describe('verifyAnswer citations from quotations and deduplication (mutation-pinned)', () => {
  const water = PASSAGES[0]!;
  const cite = (start: number, end: number) => ({
    source: 1,
    documentId: 'water',
    chunkId: 'water#0',
    start,
    end,
    text: water.text.slice(start, end),
  });
  const citationsOf = (answer: string) => {
    const v = verifyAnswer(answer, PASSAGES);
    expect(v.rejected).toEqual([]);
    expect(v.claims).toHaveLength(1);
    expect(v.citations).toEqual(v.claims[0]!.citations);
    return v.claims[0]!.citations;
  };

  it('keeps one citation per located quotation of the same source, in claim order', () => {
    expect(citationsOf('It says "Water boils at 100" and "at sea level" [1].')).toEqual([
      cite(0, 18),
      cite(35, 47),
    ]);
    // Quotations sharing an end, or a start, are different spans.
    expect(citationsOf('It says "boils at 100 degrees" and "at 100 degrees" [1].')).toEqual([
      cite(6, 26),
      cite(12, 26),
    ]);
    expect(citationsOf('It says "Water boils at 100" and "Water boils at 100 degrees" [1].')).toEqual([
      cite(0, 18),
      cite(0, 26),
    ]);
  });

  it('cites a quotation repeated within a claim once', () => {
    expect(citationsOf('It says "boils at 100 degrees", yes: "boils at 100 degrees" [1].')).toEqual([
      cite(6, 26),
    ]);
  });

  it('locates a quotation regardless of letter case and cites the passage as written', () => {
    expect(citationsOf('It says "WATER BOILS AT 100 DEGREES" [1].')).toEqual([cite(0, 26)]);
  });

  it('keeps whole-passage citations of different sources that share offsets', () => {
    const twins = [passage('Alpha beta gamma.', 'one'), passage('Delta epsilon z.', 'two')];
    const v = verifyAnswer('Alpha and delta [1][2].', twins);
    expect(v.claims[0]!.citations.map((c) => [c.source, c.documentId, c.start, c.end])).toEqual([
      [1, 'one', 0, 17],
      [2, 'two', 0, 16],
    ]);
    const same = [passage('Alpha beta gamma.', 'one'), passage('Delta epsilon zz.', 'two')];
    const w = verifyAnswer('Alpha and delta [1][2].', same);
    expect(w.claims[0]!.citations.map((c) => [c.source, c.documentId, c.start, c.end])).toEqual([
      [1, 'one', 0, 17],
      [2, 'two', 0, 17],
    ]);
    expect(w.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('deduplicates more than sixteen citations by source and offsets, in first-mention order', () => {
    const many = Array.from({ length: 20 }, (_, i) => passage(`Fact number ${i + 1} is true.`, `d${i + 1}`));
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

describe('verifyAnswer identifiers in passage text, uri and title (mutation-pinned)', () => {
  const name = { name: 'name', pattern: /\b[A-Z][a-z]+\b/ };
  const tower = passage('The Eiffel Tower stands in Paris.', 'tower');

  it('finds a custom identifier in the cited text, uri or title, and nowhere else', () => {
    const claim = 'Stryker saw the Eiffel Tower [1].';
    expect(messages(claim, { identifiers: [name] }, [tower])).toEqual([
      'Claim "Stryker saw the Eiffel Tower [1]." names name "Stryker", which does not occur in its cited sources [1]; expected every identifier to come from a cited passage.',
    ]);
    expect(messages(claim, { identifiers: [name] }, [{ ...tower, title: 'Stryker report' }])).toEqual([]);
    expect(
      messages(claim, { identifiers: [name] }, [{ ...tower, uri: 'https://example.org/Stryker' }]),
    ).toEqual([]);
    // A title alone, or a uri alone, adds nothing else.
    expect(messages(claim, { identifiers: [name] }, [{ ...tower, title: 'Tower report' }])).toHaveLength(1);
    expect(
      messages(claim, { identifiers: [name] }, [{ ...tower, uri: 'https://example.org/t' }]),
    ).toHaveLength(1);
  });

  it('never joins text, uri and title into one identifier across their boundary', () => {
    const code = { name: 'code', pattern: /\bAB-\d+/ };
    const split = [passage('Filed under AB-12', 'case', { title: '34 annex', uri: '56' })];
    expect(
      verifyAnswer('See AB-1234 [1].', split, { identifiers: [code] }).rejected.map((r) => r.code),
    ).toEqual(['unknown_identifier']);
    expect(verifyAnswer('See AB-12 [1].', split, { identifiers: [code] }).status).toBe('answered');
    const url = [passage('Data at https://example.org/wa', 'web', { uri: 'ter' })];
    expect(messages('See https://example.org/water [1].', {}, url)).toHaveLength(1);
  });
});

describe('verifyAnswer excerpt edges (mutation-pinned)', () => {
  const excerptOf = (claim: string): string => {
    const [message] = messages(`Water boils [1]. ${claim}`);
    const prefix = 'Claim "';
    const suffix = '" has no citation marker; expected at least one [n] naming a source in 1..2.';
    expect(message!.startsWith(prefix) && message!.endsWith(suffix)).toBe(true);
    return message!.slice(prefix.length, message!.length - suffix.length);
  };

  it('shows a claim of exactly 80 characters whole, and cuts one of 81 at 79 plus an ellipsis', () => {
    const eighty = `A${'a'.repeat(78)}.`;
    expect(excerptOf(eighty)).toBe(eighty);
    const eightyOne = `A${'a'.repeat(79)}.`;
    expect(excerptOf(eightyOne)).toBe(`A${'a'.repeat(78)}…`);
  });

  it('flattens whitespace within the first 320 characters, and marks anything past them as cut', () => {
    const exact = `Paris${' '.repeat(308)}is big.`;
    expect(exact).toHaveLength(320);
    expect(excerptOf(exact)).toBe('Paris is big.');
    const longer = `Paris${' '.repeat(400)}is big.`;
    expect(excerptOf(longer)).toBe('Paris …');
  });

  it('steps back over a high surrogate at the cut, only for code units D800 to DBFF', () => {
    const at78 = (char: string): string => excerptOf(`${'A'.repeat(78)}${char}${'b'.repeat(20)}.`);
    expect(at78('\u{10000}')).toBe(`${'A'.repeat(78)}…`); // high surrogate D800
    expect(at78('\u{10FFFD}')).toBe(`${'A'.repeat(78)}…`); // high surrogate DBFF
    expect(at78('\uff58')).toBe(`${'A'.repeat(78)}\uff58…`); // full-width x, above the surrogates
    expect(at78('\ud7fb')).toBe(`${'A'.repeat(78)}\ud7fb…`); // a Hangul jamo just below them
  });

  it('lists exactly five numbers without a remainder', () => {
    expect(messages('Water boils [3, 4, 5, 6, 7].')).toEqual([
      'Claim "Water boils [3, 4, 5, 6, 7]." cites [3][4][5][6][7], which are not a source shown; expected numbers in 1..2.',
    ]);
  });
});

describe('verifyAnswer merges rejected duplicates by text and code', () => {
  it('merges a repeated rejection into the first with the same code, even after a different code', () => {
    const result = verifyAnswer('Water boils. Water boils [5]. Water boils. Water boils [6].', PASSAGES);
    expect(result.rejected.map(({ code, markers }) => ({ code, markers }))).toEqual([
      { code: 'no_marker', markers: [] },
      { code: 'marker_out_of_range', markers: [5, 6] },
    ]);
    expect(result.duplicatesMerged).toBe(2);
    expect(result.status).toBe('rejected');
  });
});
