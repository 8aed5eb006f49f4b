import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const PASSAGE = [
  passage(
    'The MIT License is a permissive license. It requires preservation of copyright and license notices. ' +
      'Aspirin is not recommended for children.',
  ),
];
const PADDING =
  'MIT License permissive license requires preservation copyright license notices Aspirin recommended children';
const codes = (answer: string): string[] =>
  verifyAnswer(answer, PASSAGE, { support: {} }).rejected.map((rejection) => rejection.code);

// A class is the page's own CSS (`hidden`, `sr-only`, `d-none`, `visually-hidden`): words in an element that has one
// may not show, so they cover no claim, as words in a styled element do not.
describe('checkUnit: the support check reads words in an element with a class as hidden', () => {
  it.each([
    'class="hidden"',
    "class='sr-only'",
    'class=d-none',
    'CLASS="visually-hidden"',
    'class="text-lg"',
  ])('%s pads no claim', (attribute) => {
    expect(codes(`Ibuprofen doubles lifespan <span ${attribute}>${PADDING}</span> [1].`)).toEqual([
      'unsupported',
    ]);
  });

  // Attribute values count against a claim (a page may show them): this class is a word of the passage.
  it('still supports a claim whose own words stand outside such an element', () => {
    expect(
      codes(
        'The MIT License <span class="license">(a permissive license)</span> requires preservation of copyright [1].',
      ),
    ).toEqual([]);
  });
});
