import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { tagEdges } from './tag-edges.js';
import { wordSequence } from './word-sequence.js';

const tagged = (text: string): string[] => tagEdges(text, wordSequence(text)).items;
const status = (text: string, quote: string): string =>
  verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status;
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// Mathematical bold digits (`𝟒𝟎` is 40) are surrogate pairs: the signs beside them are read as beside a number.
describe('tagEdges: signs beside digits written as surrogate pairs', () => {
  it('tags a number of astral digits with its percent or decimal point, as the same number in ASCII', () => {
    expect(tagged('about \ud835\udfd2\ud835\udfce% in May')).toEqual(tagged('about 40% in May'));
    expect(tagged('grew by .\ud835\udfd3 points')).toEqual(tagged('grew by .5 points'));
  });

  it('refuses a quotation that adds a percent or a decimal point beside astral digits', () => {
    const text = 'Support rose to about 40 points in May. It grew by 5 percentage points.';
    for (const quote of [
      'rose to about \ud835\udfd2\ud835\udfce%',
      'rose to about \ud835\udfd2\ud835\udfce\u2030',
      '.\ud835\udfd3 percentage points',
    ]) {
      expect(status(text, quote)).toBe('rejected');
      expect(row(text, quote)).toBe(false);
    }
  });

  it('accepts astral digits with the percent the passage writes', () => {
    const text = 'Support rose to about 40% in May.';
    expect(status(text, 'rose to about \ud835\udfd2\ud835\udfce%')).toBe('answered');
    expect(row(text, 'rose to about \ud835\udfd2\ud835\udfce%')).toBe(true);
  });
});
