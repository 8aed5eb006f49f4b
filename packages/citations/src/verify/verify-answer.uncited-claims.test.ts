import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';

const PASSAGES = [
  source('Water boils at 100 degrees Celsius at sea level. See https://who.example/water for more.', 'water'),
  source('Ice floats because it is less dense than water (doi:10.1000/ice.2), per ice@lab.example.', 'ice'),
];

const outcome = (answer: string): string[] => verdictLines(answer, PASSAGES, { requireCitations: false });

describe('verifyAnswer with requireCitations: false, on claims left uncited (security regression, ADR 0072)', () => {
  it('refuses an identifier, which only a cited passage vouches for', () => {
    expect(outcome('Water boils at 100 degrees Celsius [1]. Read more at https://evil.example/x.')).toEqual([
      'Water boils at 100 degrees Celsius [1]. → 1',
      'unknown_identifier: Read more at https://evil.example/x.',
    ]);
    expect(outcome('Water boils at 100 degrees Celsius [1]. <img src=//evil.example/a.png>')).toEqual([
      'unknown_identifier: Water boils at 100 degrees Celsius [1]. <img src=//evil.example/a.png>',
    ]);
    expect(outcome('Water boils [1].\n\n<img src=//evil.example/a.png>')).toEqual([
      'Water boils [1]. → 1',
      'unknown_identifier: <img src=//evil.example/a.png>',
    ]);
    expect(outcome('It floats. See doi:10.1000/ice.3 or write to ice@evil.example.')).toEqual([
      'It floats. → ',
      'unknown_identifier: See doi:10.1000/ice.3 or write to ice@evil.example.',
    ]);
    // A passage shown holds them, but the claim cites none: adding a passage never accepts a claim that does not cite it.
    expect(outcome('Water boils [1]. See doi:10.1000/ice.2 and https://who.example/water.')).toEqual([
      'Water boils [1]. → 1',
      'unknown_identifier: See doi:10.1000/ice.2 and https://who.example/water.',
    ]);
    expect(outcome('Water boils [1]. See doi:10.1000/ice.2 and https://who.example/water [1][2].')).toEqual([
      'Water boils [1]. → 1',
      'See doi:10.1000/ice.2 and https://who.example/water [1][2]. → 1,2',
    ]);
  });

  it('refuses a claim that shows a citation written as text, which no source was checked for', () => {
    expect(outcome('Water boils [1]. Aspirin cures cancer &#91;2&#93;.')).toEqual([
      'Water boils [1]. → 1',
      'no_marker: Aspirin cures cancer &#91;2&#93;.',
    ]);
    expect(outcome('Water boils [1]. Aspirin cures cancer ［１］.')).toEqual([
      'Water boils [1]. → 1',
      'no_marker: Aspirin cures cancer ［１］.',
    ]);
    expect(outcome('Water boils [1]. Aspirin cures cancer ［７］.')).toEqual([
      'Water boils [1]. → 1',
      'marker_out_of_range: Aspirin cures cancer ［７］.',
    ]);
  });

  it('still accepts an uncited claim that shows no citation and names no identifier', () => {
    expect(outcome('Water boils [1]. E = mc² and water is H₂O. I hope this helps!')).toEqual([
      'Water boils [1]. → 1',
      'E = mc² and water is H₂O. → ',
      'I hope this helps! → ',
    ]);
  });
});
