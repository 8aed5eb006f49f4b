import { describe, expect, it } from 'vitest';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { source } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const WATER_TOWER = [
  source('Water boils at 100 degrees Celsius at sea level. See https://example.org/water for data.', 'water'),
  source('The Eiffel Tower stands in Paris. The ruling ECLI:NL:HR:2020:1234 concerned a tower.', 'tower'),
];
const messages = (answer: string, options = {}, passages = WATER_TOWER): string[] =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.message);

describe('verifyAnswer messages', () => {
  it('explains each rejection code in words, with the claim, the numbers and the expected range', () => {
    expect(messages('Water boils [1]. Paris is big.')).toEqual([
      'Claim "Paris is big." has no citation marker; expected at least one [n] naming a source in 1..2.',
    ]);
    expect(messages('Water boils [3].')).toEqual([
      'Claim "Water boils [3]." cites [3], which is not a source shown; expected numbers in 1..2.',
    ]);
    expect(messages('Water boils [0][3].')).toEqual([
      'Claim "Water boils [0][3]." cites [0] and [3], which are not a source shown; expected numbers in 1..2.',
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
      'Claim "It says "boils at 90 degrees Celsius" [1]." quotes "boils at 90 degrees Celsius", which was not found in its cited sources [1]; expected its words verbatim (up to case, whitespace, quote and dash variants).',
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
      'cites [3], [4], [5], [6], [7] and 2 more, which are',
    );
    expect(messages('Water boils [9007199254740993].')[0]).toContain('cites a number past 2^53, which is');
    expect(messages('Water boils [3][9007199254740993][18446744073709551617].')[0]).toContain(
      'cites [3] and 2 numbers past 2^53, which are',
    );
    const long = `${'Word '.repeat(30)}end.`;
    const [message] = messages(`Water [1]. ${long}`);
    expect(message).toBe(
      `Claim "${long.slice(0, 80)}…" has no citation marker; expected at least one [n] naming a source in 1..2.`,
    );
    expect(messages('Water [1]. Paris   has\tmarkets.')[0]).toContain('Claim "Paris has markets."');
  });

  it('truncates long claims in messages and never includes passages', () => {
    const long = `${'word '.repeat(100)}[9].`;
    const [rejected] = verifyAnswer(long, PASSAGES).rejected;
    expect(rejected!.message.length).toBeLessThan(200);
    expect(rejected!.message).toContain('…');
    expect(rejected!.message).not.toContain(PASSAGES[0]!.text);
  });
});

describe('verifyAnswer excerpt edges', () => {
  const excerptOf = (claim: string): string => {
    const [message] = messages(`Water boils [1]. ${claim}`);
    const prefix = 'Claim "';
    const suffix = '" has no citation marker; expected at least one [n] naming a source in 1..2.';
    expect(message!.startsWith(prefix) && message!.endsWith(suffix)).toBe(true);
    return message!.slice(prefix.length, message!.length - suffix.length);
  };

  it('shows a claim of exactly 80 characters whole, and cuts one of 81 at 80 plus an ellipsis', () => {
    const eighty = `A${'a'.repeat(78)}.`;
    expect(excerptOf(eighty)).toBe(eighty);
    const eightyOne = `A${'a'.repeat(79)}.`;
    expect(excerptOf(eightyOne)).toBe(`A${'a'.repeat(79)}…`);
  });

  it('flattens whitespace within the first 320 characters, and marks anything past them as cut', () => {
    const exact = `Paris${' '.repeat(308)}is big.`;
    expect(exact).toHaveLength(320);
    expect(excerptOf(exact)).toBe('Paris is big.');
    const longer = `Paris${' '.repeat(400)}is big.`;
    expect(excerptOf(longer)).toBe('Paris …');
  });

  it('never cuts a surrogate pair, at the 80-character cut or at the 320-character one', () => {
    const at79 = (char: string): string => excerptOf(`${'A'.repeat(79)}${char}${'b'.repeat(20)}.`);
    expect(at79('\u{10000}')).toBe(`${'A'.repeat(79)}…`); // high surrogate D800
    expect(at79('\u{10FFFD}')).toBe(`${'A'.repeat(79)}…`); // high surrogate DBFF
    expect(at79('\uff58')).toBe(`${'A'.repeat(79)}\uff58…`); // full-width x, above the surrogates
    expect(at79('\ud7fb')).toBe(`${'A'.repeat(79)}\ud7fb…`); // a Hangul jamo just below them
    // Past 320 characters the rest is cut first: a pair across that cut is left out whole.
    const spaced = `Go${' '.repeat(317)}\u{1F600}${'b'.repeat(10)}.`;
    expect(excerptOf(spaced)).toBe('Go …');
    const kept = `Go${' '.repeat(316)}\u{1F600}${'b'.repeat(10)}.`;
    expect(excerptOf(kept)).toBe('Go \u{1F600}…');
  });

  it('lists exactly five numbers without a remainder', () => {
    expect(messages('Water boils [3, 4, 5, 6, 7].')).toEqual([
      'Claim "Water boils [3, 4, 5, 6, 7]." cites [3], [4], [5], [6] and [7], which are not a source shown; expected numbers in 1..2.',
    ]);
  });
});
