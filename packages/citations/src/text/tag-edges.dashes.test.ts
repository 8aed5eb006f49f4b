import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const verify = (text: string, quote: string) => verifyAnswer(`It says "${quote}" [1].`, [passage(text)]);
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// Every dash (`\p{Pd}`) but the em dash and its kin, every hyphen look-alike and a tilde of any form joins the words
// beside it as a hyphen does: "toxic to children" is not what `non⸺toxic` says.
describe('tagEdges: a word joined by any dash or hyphen look-alike', () => {
  const joiners = [
    ['hyphen-minus', '-'],
    ['en dash', '\u2013'],
    ['figure dash', '\u2012'],
    ['two-em dash', '\u2e3a'],
    ['three-em dash', '\u2e3b'],
    ['hyphenation point', '\u2027'],
    ['hyphen bullet', '\u2043'],
    ['Canadian syllabics hyphen', '\u1400'],
    ['oblique hyphen', '\u2e5d'],
    ['Yezidi hyphenation mark', '\u{10ead}'],
    ['vertical en dash', '\ufe32'],
    ['wave dash', '\u301c'],
    ['heavy minus sign', '\u2796'],
    ['modifier letter minus', '\u02d7'],
    ['macron', '\u00af'],
    ['tilde', '~'],
    ['full-width tilde', '\uff5e'],
  ];

  it.each(joiners)('refuses a quotation cut at a %s between letters', (_, dash) => {
    const text = `The syrup is non${dash}toxic to children.`;
    for (const quote of ['toxic to children', 'The syrup is non']) {
      const result = verify(text, quote);
      expect(result.status).toBe('rejected');
      expect(result.rejected.map((rejection) => rejection.code)).toEqual(['quote_not_found']);
      expect(row(text, quote)).toBe(false);
    }
  });

  it.each(joiners)('accepts the whole word joined by a %s', (_, dash) => {
    const text = `The syrup is non${dash}toxic to children.`;
    expect(verify(text, `non${dash}toxic to children`).status).toBe('answered');
    expect(row(text, `non${dash}toxic to children`)).toBe(true);
  });

  // An em dash with no space around it is a dash between clauses (`left—then`), so a quotation may start or end
  // there; a horizontal bar and the small and vertical em dashes read as one.
  it.each([
    ['em dash', '\u2014'],
    ['horizontal bar', '\u2015'],
    ['small em dash', '\ufe58'],
    ['vertical em dash', '\ufe31'],
  ])('accepts a quotation that ends or starts at an %s between words', (_, dash) => {
    const text = `The committee left early${dash}then it returned at noon.`;
    for (const quote of ['then it returned at noon', 'The committee left early']) {
      expect(verify(text, quote).status).toBe('answered');
      expect(row(text, quote)).toBe(true);
    }
  });
});
