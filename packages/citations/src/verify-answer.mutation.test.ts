// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact rejection messages (what a
// user reads), excerpt truncation, number lists, duplicate merging and the options' edges.
import { describe, expect, it } from 'vitest';
import type { Passage } from './types.js';
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
      'Claim "Paris has cheese markets [1]." is not supported by its cited sources [1]: not contained verbatim and 0% of its content words found; expected at least 66%.',
    ]);
    expect(messages('Water boils in Paris markets [1].', { support: { minCoverage: 0.9 } })).toEqual([
      'Claim "Water boils in Paris markets [1]." is not supported by its cited sources [1]: not contained verbatim and 50% of its content words found; expected at least 90%.',
    ]);
    expect(messages('It is not [1].', support)).toEqual([
      'Claim "It is not [1]." is not supported by its cited sources [1]: not contained verbatim and no content words found; expected at least 66%.',
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
