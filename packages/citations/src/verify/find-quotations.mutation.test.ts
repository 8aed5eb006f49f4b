// Behaviour pinned by mutation testing (npm run mutation -- citations): a quotation is trimmed before its length
// is measured, and a quotation mark of another style inside an open quotation is part of its text, not a new one.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_QUOTE_LENGTH, findQuotations } from './find-quotations.js';

describe('findQuotations (mutation-pinned)', () => {
  it('trims the space inside the quotation marks, and measures the length after trimming', () => {
    expect(findQuotations('The report says " water boils at 100 degrees\u00a0\n" [1].')).toEqual([
      'water boils at 100 degrees',
    ]);
    // Eleven letters padded to fourteen: shorter than the minimum once trimmed, so not a quotation.
    expect('  boils water '.length).toBeGreaterThan(DEFAULT_MIN_QUOTE_LENGTH);
    expect(findQuotations('It "  boils water " [1].')).toEqual([]);
    expect(findQuotations('\u201c   \u201d and "\t"', 0)).toEqual(['', '']);
  });

  it('keeps a quotation of another style inside an open one as part of its text', () => {
    expect(
      findQuotations(
        '\u201eEr sagte \u00bbdie Br\u00fccke ist gesperrt\u00ab gestern\u201c, so the report [2].',
      ),
    ).toEqual(['Er sagte \u00bbdie Br\u00fccke ist gesperrt\u00ab gestern']);
    expect(findQuotations('\u201cHe said \u00abthe tower is tall\u00bb twice\u201d [1].')).toEqual([
      'He said \u00abthe tower is tall\u00bb twice',
    ]);
    // An opening mark inside an open quotation does not restart it: the first opening mark counts.
    expect(findQuotations('"the \u300cinner words here\u300d stay inside" [1].')).toEqual([
      'the \u300cinner words here\u300d stay inside',
    ]);
  });
});
