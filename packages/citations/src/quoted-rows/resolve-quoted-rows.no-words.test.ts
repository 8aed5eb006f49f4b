import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { decodeQuotedRows } from './decode-quoted-rows.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

// Unicode calls these letters, yet a quote reads them as no word: U+02BC (an apostrophe, `isnʼt`) and the Hangul
// fillers U+115F, U+1160, U+3164, U+FFA0 (invisible).
const NO_WORD = ['\u02bc', ' \u02bc ', '\u02bc\u02bc.', '\u115f', '\u1160', '\u3164', '\uffa0'];
const list = [passage('It isn\u02bct here. \u3164 \uffa0 \u115f\u1160 Water boils.')];

describe('resolveQuotedRows: a quote whose only letters read as no word', () => {
  it('is quote_not_found with a code, not a TypeError, with or without ignoreCase', () => {
    const rows = NO_WORD.map((quote) => ({ handle: 'S1', quote }));
    for (const options of [{}, { ignoreCase: true }]) {
      const { accepted, rejected } = resolveQuotedRows(rows, list, options);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ index, code }) => [index, code])).toEqual(
        rows.map((_, index) => [index, 'quote_not_found']),
      );
      expect(rejected[0]?.message).toBe(
        'Row 0 quotes no letter or digit (1 characters); expected words of passage S1.',
      );
    }
  });

  it('keeps the other rows of a decoded document', () => {
    const text = JSON.stringify([
      { handle: 'S1', quote: '\u02bc' },
      { handle: 'S1', quote: 'Water boils' },
    ]);
    const { accepted, rejected, error } = decodeQuotedRows(text, list);
    expect(error).toBeNull();
    expect(accepted.map(({ index, citation }) => [index, citation.text])).toEqual([[1, 'Water boils']]);
    expect(rejected.map(({ index, code }) => [index, code])).toEqual([[0, 'quote_not_found']]);
  });

  it('still reads such a letter beside a word', () => {
    const { accepted } = resolveQuotedRows([{ handle: 'S1', quote: 'isn\u02bct here' }], list);
    expect(accepted.map(({ citation }) => citation.text)).toEqual(['isn\u02bct here']);
  });
});
