import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const status = (text: string, quote: string): string =>
  verifyAnswer(`The source says "${quote}" [1].`, [passage(text)]).status;
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// Scraped or autocorrected text writes a negative contraction's apostrophe with a look-alike: an acute or grave
// accent, a left quote, a prime, a fullwidth apostrophe. It glues `n` and `t` as `'` does: cut there, the word left
// says the opposite ("aspirin can" out of `aspirin can´t cure`).
// (U+02B9, a modifier prime, is a letter: the word does not part there at all.)
const LOOK_ALIKES = ['\u00b4', '\u2018', '`', '\u2032', '\uff07', '\u02b9', '\uff40'];

describe('tagEdges: a negative contraction written with an apostrophe look-alike (security regression)', () => {
  it.each(LOOK_ALIKES)('refuses a quotation cut at can%st', (mark) => {
    const text = `Doctors agree that aspirin can${mark}t cure cancer in adults.`;
    expect(status(text, 'Doctors agree that aspirin can')).toBe('rejected');
    expect(row(text, 'Doctors agree that aspirin can')).toBe(false);
    expect(status(text, 't cure cancer in adults')).toBe('rejected');
  });

  it.each(LOOK_ALIKES)("refuses a quotation cut at WON%sT, and at don't written so", (mark) => {
    expect(status(`The new vaccine WON${mark}T win approval in every state.`, 'The new vaccine WON')).toBe(
      'rejected',
    );
    expect(status(`The patients don${mark}t respond to the treatment.`, 'The patients don')).toBe('rejected');
  });

  it.each(LOOK_ALIKES)('accepts a quotation of the whole contraction written with %s', (mark) => {
    const text = `Doctors agree that aspirin can${mark}t cure cancer in adults.`;
    expect(status(text, `aspirin can${mark}t cure cancer`)).toBe('answered');
  });

  it.each(['\u00b4', '\u2018', '\u2032'])('still parts a possessive written with %s', (mark) => {
    expect(status(`The company${mark}s report said revenue rose.`, 'The company')).toBe('answered');
  });
});
