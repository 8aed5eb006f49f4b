import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const status = (text: string, quote: string): string =>
  verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status;
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// Two digits joined by punctuation or a sign without a space, or by one space other than U+0020, are one number
// (`10^6` is a million, `1_500` fifteen hundred): a quotation may not start or end inside it, whatever joins them.
describe('tagEdges: a number joined by any punctuation, sign or unusual space', () => {
  it.each([
    ['Each patient received a dose of 10^6 units per day.', 'a dose of 10'],
    ['Each patient received a dose of 10^6 units per day.', '6 units per day'],
    ['Each patient received a dose of 10**6 units per day.', 'a dose of 10'],
    ['Each patient received a dose of 10**6 units per day.', '6 units per day'],
    ['The study used a dose of 10\u207b\u2076 units per day.', '6 units per day'],
    ['The study used a dose of 10\u207b\u2076 units per day.', 'a dose of 10'],
    ['The study used a dose of 10^-6 units per day.', '6 units per day'],
    ['The default timeout is 1_500 ms for each request.', '500 ms for each request'],
    ['The label says 1\u20265 mg twice a day.', '5 mg twice a day'],
    ['The label says 1\u20255 mg twice a day.', '5 mg twice a day'],
    ['In total 1\u060c500 people attended the rally.', '500 people attended the rally'],
    ['In total 1;500 people attended the rally.', '500 people attended the rally'],
    ['In total 1\\500 people attended the rally.', '500 people attended the rally'],
    ['In total 1~500 people attended the rally.', '500 people attended the rally'],
    ['In total 1*500 people attended the rally.', '500 people attended the rally'],
    ['In total 1&500 people attended the rally.', '500 people attended the rally'],
    ['In total 1@500 people attended the rally.', '500 people attended the rally'],
    ['The ratio went from 1:2 to 5=10 units in the trial.', '10 units in the trial'],
    ...['\u2005', '\u2004', '\u2002', '\u2003', '\u205f', '\u3000', '\u1680'].map((space) => [
      `In total 1${space}500 people attended the rally.`,
      '500 people attended the rally',
    ]),
    // Superscript and subscript digits are digits: what joins them to a number joins as between ASCII digits.
    ['The rate fell to 2\u00b7\u2075 per second overall.', '\u2075 per second overall'],
    ['The code reads x\u2081,\u2082 for each pair.', '\u2082 for each pair'],
  ])('refuses a quotation cut out of a joined number: %j quoted as %j', (text, quote) => {
    expect(status(text, quote)).toBe('rejected');
    expect(row(text, quote)).toBe(false);
  });

  it.each([
    ['Each patient received a dose of 10^6 units per day.', 'a dose of 10^6 units per day'],
    ['Each patient received a dose of 10**6 units per day.', 'a dose of 10**6 units'],
    ['The study used a dose of 10\u207b\u2076 units per day.', 'a dose of 10\u207b\u2076 units'],
    ['The default timeout is 1_500 ms for each request.', '1_500 ms for each request'],
    ['In total 1\u2005500 people attended the rally.', 'In total 1\u2005500 people'],
    ['In total 1\u2005500 people attended the rally.', 'In total 1\u2009500 people'],
    // What parts two numbers however close: a footnote's bracket, a percent that closes the first, a quotation
    // mark, a table's bar, a sentence's end.
    ['The firm was founded in 1999.[3] Later it grew.', 'The firm was founded in 1999'],
    ['Support rose by 40%[12] over the year.', 'Support rose by 40%'],
    ['The raw log shows \u201c10\u201d20 units were found that day.', '20 units were found that day'],
    ['| 10|20 | are the two columns of the table.', '20 | are the two columns'],
    ['He counted to 5!6 more came in the end.', '6 more came in the end'],
  ])('accepts a quotation of whole numbers: %j quoted as %j', (text, quote) => {
    expect(status(text, quote)).toBe('answered');
    expect(row(text, quote)).toBe(true);
  });

  it('reads a superscript sign after a digit as the exponent it is: 10⁻⁶ is not 10-6, Ca²⁺ is Ca2+', () => {
    expect(status('The dose was 10\u207b\u2076 units per day.', 'The dose was 10-6 units per day')).toBe(
      'rejected',
    );
    expect(status('The dose was 10-6 units per day.', 'The dose was 10\u207b\u2076 units per day')).toBe(
      'rejected',
    );
    expect(status('Ca\u00b2\u207a ions are needed for clotting.', 'Ca2+ ions are needed')).toBe('answered');
    expect(status('Temperatures fell to \u207b40 degrees at night.', '-40 degrees at night')).toBe(
      'answered',
    );
  });
});
