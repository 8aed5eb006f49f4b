import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

const source = (text: string, id: string, extra: Partial<Passage> = {}): Passage => ({
  documentId: id,
  chunkId: `${id}#0`,
  start: 0,
  end: text.length,
  text,
  ...extra,
});
const PASSAGES = [
  source('Water boils at 100 degrees Celsius at sea level.', 'physics-101.pdf', {
    title: 'Boiling points of water',
    uri: 'https://example.org/boiling',
  }),
  source('The Eiffel Tower stands in Paris. Cited as doi 10.1000/tower.1.', 'tower-notes', {
    uri: 'https://doi.org/10.1000/tower.1',
  }),
];
const outcome = (answer: string, options = {}) => {
  const v = verifyAnswer(answer, PASSAGES, options);
  return {
    status: v.status,
    claims: v.claims.map((c) => c.text),
    rejected: v.rejected.map((r) => [r.text, r.code, r.markers]),
  };
};
const water = 'Water boils at 100 degrees [1].';

describe('verifyAnswer source lists the answer writes', () => {
  it('accepts an entry that names passage n by its title, uri or document id, and never as a claim', () => {
    for (const entry of [
      '[1] Boiling points of water, Smith, 2020',
      '- [1] "Boiling Points of Water" (J. Smith, 2020)',
      '[1] https://example.org/boiling',
      '[1]: physics-101.pdf',
      '[2] Tower notes, https://doi.org/10.1000/tower.1',
      '[2] tower-notes, doi:10.1000/tower.1',
    ]) {
      expect(outcome(`${water}\n\nSources:\n${entry}`), entry).toEqual({
        status: 'answered',
        claims: [water],
        rejected: [],
      });
    }
  });

  it('rejects an entry naming anything else with source_list_mismatch, or a number past the list', () => {
    expect(
      outcome(`${water}\n\nReferences:\n[1] Smith, Nature 2020\n[2] Boiling points of water\n[3] Tower`),
    ).toEqual({
      status: 'answered',
      claims: [water],
      rejected: [
        ['[1] Smith, Nature 2020', 'source_list_mismatch', [1]],
        ['[2] Boiling points of water', 'source_list_mismatch', [2]],
        ['[3] Tower', 'marker_out_of_range', [3]],
      ],
    });
    // The right title with an identifier that is not this passage's own.
    expect(outcome(`${water}\nSources:\n[1] Boiling points of water, doi:10.1000/fake.9`).rejected).toEqual([
      ['[1] Boiling points of water, doi:10.1000/fake.9', 'source_list_mismatch', [1]],
    ]);
    expect(
      outcome(`${water}\nSources:\n[1] Boiling points of water, https://evil.example/boiling`).rejected,
    ).toEqual([['[1] Boiling points of water, https://evil.example/boiling', 'source_list_mismatch', [1]]]);
    // An identifier in the passage text is not the passage's own name.
    expect(
      outcome(`${water}\nSources:\n[2] tower-notes, doi:10.1000/tower.1, https://example.org/boiling`)
        .rejected,
    ).toEqual([
      ['[2] tower-notes, doi:10.1000/tower.1, https://example.org/boiling', 'source_list_mismatch', [2]],
    ]);
  });

  it('names the wrong sources in its message', () => {
    const [rejected] = verifyAnswer(`${water}\nSources:\n[1][2] Boiling points of water`, PASSAGES).rejected;
    expect(rejected!.message).toBe(
      'Source list entry "[1][2] Boiling points of water" does not name source [2]; expected each entry to name the passage its number stands for (its title, uri or document id) and nothing else.',
    );
  });

  it('never accepts an entry as a claim, even when unmarked claims are accepted', () => {
    expect(
      outcome('Sources:\n[1] Boiling points of water\n[2] The moon is made of cheese', {
        requireCitations: false,
      }),
    ).toEqual({
      status: 'rejected',
      claims: [],
      rejected: [['[2] The moon is made of cheese', 'source_list_mismatch', [2]]],
    });
    expect(outcome('Sources: [1], [2]')).toEqual({ status: 'abstained', claims: [], rejected: [] });
  });

  it('lists rejected entries in their place among the claims, and merges identical ones', () => {
    const v = verifyAnswer(`${water}\nSources:\n[1] Nature\n[1] Nature\nLater claim [7].`, PASSAGES);
    expect(v.rejected.map((r) => [r.text, r.code, r.duplicates?.length])).toEqual([
      ['[1] Nature', 'source_list_mismatch', 1],
      ['Later claim [7].', 'marker_out_of_range', undefined],
    ]);
    expect(v.duplicatesMerged).toBe(1);
  });
});

describe('verifyAnswer claim boundaries', () => {
  it('never glues an uncited sentence after an abbreviation onto a cited one', () => {
    expect(outcome('The tower belongs to Acme Inc. [2] The moon is made of cheese.')).toEqual({
      status: 'answered',
      claims: ['The tower belongs to Acme Inc. [2]'],
      rejected: [['The moon is made of cheese.', 'no_marker', []]],
    });
    expect(outcome('It boils in pots, kettles etc. The moon is made of cheese [1].').rejected).toEqual([
      ['It boils in pots, kettles etc.', 'no_marker', []],
    ]);
  });

  it('checks no lead-in of a cited list as a claim, unless it holds something to check', () => {
    expect(outcome('Water has these properties:\n- It boils at 100 degrees [1].\n- It is wet [1].')).toEqual({
      status: 'answered',
      claims: ['It boils at 100 degrees [1].', 'It is wet [1].'],
      rejected: [],
    });
    const identifiers = [{ name: 'case', pattern: /C-\d+/ }];
    expect(outcome('As case C-99 says:\n- It boils at 100 degrees [1].', { identifiers }).rejected).toEqual([
      ['As case C-99 says:', 'no_marker', []],
    ]);
  });
});
