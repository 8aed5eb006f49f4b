import { verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { licencePassages as passages } from './__fixtures__/passages.js';
import { acceptedText } from './accepted-text.js';

const text = (answer: string, verify = {}): string =>
  acceptedText(answer, verifyAnswer(answer, passages, verify), verify);

describe('acceptedText', () => {
  it('keeps accepted claims with their markers and the layout between them', () => {
    expect(
      text('The GPL is a copyleft license [2]. Unmarked.\n\nThe MIT License is a permissive license [1].'),
    ).toBe('The GPL is a copyleft license [2].\n\nThe MIT License is a permissive license [1].');
  });

  it('cuts a rejected claim wherever it repeats, and bullets left empty', () => {
    expect(
      text('- Same rejected.\n- The GPL is a copyleft license [2].\n- Same rejected.\n* Same rejected.'),
    ).toBe('- The GPL is a copyleft license [2].');
  });

  it('follows the verifier’s unit option', () => {
    const answer = 'The GPL is a copyleft license [2]. Still line one.\nUnmarked line two.';
    expect(text(answer, { unit: 'line' })).toBe('The GPL is a copyleft license [2]. Still line one.');
  });

  it('returns an empty string when nothing was accepted', () => {
    expect(text('Nothing cited here. Nor here.')).toBe('');
    // Units without content are not claims: what is left of hostile input has no word in it.
    expect(/[\p{L}\p{N}]/u.test(text(`${'[[[['.repeat(10_000)} Unmarked words.`))).toBe(false);
  });
});
