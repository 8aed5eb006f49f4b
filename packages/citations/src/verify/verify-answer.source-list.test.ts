import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

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

  it('rejects an entry that says more than a source: prose after the name is no part of a source list', () => {
    for (const entry of [
      '[1] Boiling points of water, which also shows that the tower was sold in 1999.',
      '[1] Boiling points of water: the tower was sold and the budget was cut by half',
      '[1] physics-101.pdf \u2014 the tower was sold',
      '[2] Tower notes: \u5854\u5728\u4e00\u4e5d\u4e5d\u4e5d\u5e74\u88ab\u5356\u6389\u4e86',
    ]) {
      expect(outcome(`${water}\n\nSources:\n${entry}`).rejected, entry).toEqual([
        [entry, 'source_list_mismatch', [Number(entry[1])]],
      ]);
    }
    // On the heading line too.
    expect(outcome(`${water}\nSources: [1] physics-101.pdf, the moon is made of cheese`).rejected).toEqual([
      ['[1] physics-101.pdf, the moon is made of cheese', 'source_list_mismatch', [1]],
    ]);
    // An answer of nothing but such entries is rejected, not an abstention.
    expect(
      outcome('Sources:\n[1] Boiling points of water: the tower was sold and the budget was cut').status,
    ).toBe('rejected');
    // What a reference carries besides the name is no prose: authors, year, journal, pages, where it was retrieved,
    // a short description.
    for (const entry of [
      '[1] Smith, J., & Doe, A. (2020). Boiling points of water. Journal of Physics, 12(3), pp. 45-67.',
      '[1] Boiling points of water, retrieved from https://example.org/boiling on 3 March 2021',
      '[1] Boiling points of water (official documentation), see section 2',
      '[1] Boiling points of water, in: Proceedings of the 3rd Workshop, ed. by J. Smith, p. 14',
    ]) {
      expect(outcome(`${water}\n\nSources:\n${entry}`).rejected, entry).toEqual([]);
    }
  });

  it('holds a quotation in an entry to the sources it lists: their title, uri, document id or text', () => {
    // A fabricated quoted title beside the real name: capitalised words are no prose, but a quotation is checked.
    const fabricated = [
      '[1] Boiling points of water, "Aspirin Cures Cancer In Mice"',
      '- [1] Boiling points of water, \u201cAspirin Cures Cancer In Mice\u201d (Smith, 2020)',
      '[1] physics-101.pdf \u00abAspirin Cures Cancer In Mice\u00bb',
      "[2] tower-notes, 'The Tower Was Sold In 1999'",
      '[1] Boiling points of water, "Aspirin Cures Cancer In Mice',
      '[1][2] Boiling points of water; tower-notes, "The Tower Was Sold In 1999"',
    ];
    for (const entry of fabricated) {
      const answer = `${water}\n\nSources:\n${entry}`;
      expect(outcome(answer).rejected, entry).toEqual([
        [
          entry.replace(/^- /, ''),
          'source_list_mismatch',
          entry.includes('[1][2]') ? [1, 2] : [Number(entry.at(entry.indexOf('[') + 1))],
        ],
      ]);
      // Streamed in small pieces, the same verdict.
      const verifier = createAnswerVerifier(PASSAGES);
      for (let i = 0; i < answer.length; i += 3) verifier.push(answer.slice(i, i + 3));
      expect(
        verifier.end().rejected.map((r) => r.code),
        entry,
      ).toEqual(['source_list_mismatch']);
    }
    expect(
      outcome(`${water}\nSources: [1] Boiling points of water, "Aspirin Cures Cancer In Mice"`).rejected,
    ).toEqual([['[1] Boiling points of water, "Aspirin Cures Cancer In Mice"', 'source_list_mismatch', [1]]]);
    const [rejected] = verifyAnswer(`${water}\nSources:\n${fabricated[0]}`, PASSAGES).rejected;
    expect(rejected!.message).toBe(
      'Source list entry "[1] Boiling points of water, "Aspirin Cures Cancer In Mice"" quotes "Aspirin Cures Cancer In Mice", which is not in the title, uri, document id or text of source [1]; expected an entry to quote only what its source holds.',
    );
    // What the source holds may be quoted: its title (in any case), uri, document id, or words of its text.
    for (const entry of [
      '[1] "Boiling Points of Water", Smith, 2020',
      '[1] Boiling points of water, "https://example.org/boiling"',
      '[1] "physics-101.pdf", Boiling points of water',
      '[2] tower-notes, "The Eiffel Tower stands in Paris"',
      '[1] Boiling points of water, "water"', // too short to be checked, as in a claim
      // Lower-case words it quotes from the text are checked, so they are no prose of its own.
      '[1] Boiling points of water, "boils at 100 degrees Celsius at sea level"',
    ]) {
      expect(outcome(`${water}\n\nSources:\n${entry}`).rejected, entry).toEqual([]);
    }
    // The same words unquoted, or quoted but not the passage's, are prose.
    for (const entry of [
      '[1] Boiling points of water, boils at 100 degrees Celsius at sea level',
      '[1] Boiling points of water, "boils at 90 degrees Celsius at sea level"',
    ])
      expect(outcome(`${water}\n\nSources:\n${entry}`).rejected, entry).toEqual([
        [entry, 'source_list_mismatch', [1]],
      ]);
    // With quotation checks off, an entry's quotation is not checked either.
    expect(outcome(`${water}\n\nSources:\n${fabricated[0]}`, { quotes: false }).rejected).toEqual([]);
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
