import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const status = (text: string, quote: string): string =>
  verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status;
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// Cut at the apostrophe of a negative contraction, a quotation keeps the word before it, which says the opposite:
// "aspirin can" out of `aspirin can't cure`. The apostrophe glues `n` and `t`, in any of its forms.
describe('tagEdges: a negative contraction', () => {
  it.each([
    ['Doctors agree that aspirin can\u2019t cure cancer in adults.', 'Doctors agree that aspirin can'],
    ["The new vaccine won't win approval in every state.", 'The new vaccine won'],
    ['The patients don\u02bct respond to the treatment.', 'The patients don'],
    ["Everyone said it ain't safe for children.", 'Everyone said it ain'],
    ["The test DOESN'T detect the virus early.", 'The test DOESN'],
    ['Doctors agree that aspirin can\u2019t cure cancer in adults.', 't cure cancer in adults'],
  ])('refuses a quotation cut at it: %j quoted as %j', (text, quote) => {
    expect(status(text, quote)).toBe('rejected');
    expect(row(text, quote)).toBe(false);
  });

  it.each([
    ['Doctors agree that aspirin can\u2019t cure cancer in adults.', "aspirin can't cure cancer"],
    ["The new vaccine won't win approval in every state.", 'The new vaccine won\u2019t win approval'],
    ['The patients don\u02bct respond to the treatment.', 'The patients don\u02bct respond'],
    // Possessives and elisions still part at the apostrophe, as the tests of words pin.
    ["The company's report said revenue rose.", 'The company'],
    ["L'homme est arriv\u00e9 hier soir.", 'homme est arriv\u00e9 hier soir'],
  ])(
    'accepts a quotation of the whole word, and one cut at another apostrophe: %j quoted as %j',
    (text, quote) => {
      expect(status(text, quote)).toBe('answered');
    },
  );
});

// Hyphen look-alikes and a tilde between two words join them as a hyphen does (`non‧toxic`, `non~toxic`).
describe('tagEdges: rare hyphens and a tilde', () => {
  it.each(['\u2027', '\u2043', '~', '\u223c', '\uff5e', '\u301c'])(
    'refuses "toxic to children" out of non%stoxic',
    (hyphen) => {
      const text = `The syrup is non${hyphen}toxic to children.`;
      expect(status(text, 'toxic to children')).toBe('rejected');
      expect(row(text, 'toxic to children')).toBe(false);
      expect(status(text, `non${hyphen}toxic to children`)).toBe('answered');
    },
  );
});
