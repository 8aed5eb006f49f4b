import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const WATER = [passage('Water boils at 100 degrees at sea level, and freezes at 0 degrees.')];
// Links are no identifiers here: the support check alone decides.
const codes = (answer: string): string[] =>
  verifyAnswer(answer, WATER, { support: {}, identifiers: [] }).rejected.map((rejection) => rejection.code);

// The support check counts the words a reader sees: words padded into what a renderer hides (a comment, a
// processing instruction, a tag's attributes, a link's destination or title, an image's alt text) cover no claim.
describe('checkUnit: token coverage reads the claim as shown', () => {
  // Each pads the claim with enough of the passage's words to pass the bar if they were counted.
  it.each([
    'Aspirin cures cancer <!-- water boils at 100 degrees at sea level, freezes at 0 --> [1].',
    'Aspirin cures cancer <?water boils at 100 degrees at sea level, freezes at 0?> [1].',
    'Aspirin cures cancer <!DOCTYPE water boils at 100 degrees at sea level, freezes at 0> [1].',
    'Aspirin cures cancer <![CDATA[water boils at 100 degrees at sea level, freezes at 0]]> [1].',
    "Aspirin cures cancer <i title='water boils at 100 degrees at sea level, freezes at 0'></i> [1].",
    'Aspirin cures [cancer](https://w.org/water-boils-at-100-degrees-at-sea-level-freezes-at-0) [1].',
    'Aspirin cures cancer ![water boils at 100 degrees at sea level, freezes at 0](x.png) [1].',
  ])('%j is unsupported, as it is without the hidden words', (answer) => {
    expect(codes(answer)).toEqual(['unsupported']);
  });

  it('refuses a title holding the passage words: its quotes are a quotation, checked and not found', () => {
    // A page may show a title as a tooltip: its marks are read on their own, and what they quote is checked.
    expect(
      codes(
        'Aspirin cures [cancer](https://w.org "water boils at 100 degrees at sea level, freezes at 0") [1].',
      ),
    ).toEqual(['quote_not_found']);
    expect(
      codes('Aspirin cures [cancer](https://w.org (water boils at 100 degrees at sea level)) [1].'),
    ).toEqual(['unsupported']);
  });

  it('still counts what is shown: text between tags, a link text, a code span', () => {
    expect(codes('Water <b>boils</b> at sea level [1].')).toEqual([]);
    expect(codes('[Water boils](https://x.example/a) at sea level [1].')).toEqual([]);
    expect(codes('Water `boils` at sea level [1].')).toEqual([]);
    // A code span is shown: its words are counted, those it holds that the passage lacks too.
    expect(codes('Aspirin `cures cancer` [1].')).toEqual(['unsupported']);
    expect(codes('Water boils <!-- at sea level --> at 100 degrees [1].')).toEqual([]);
  });
});
