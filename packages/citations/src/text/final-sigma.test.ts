import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { locateQuote } from './locate-quote.js';
import { foldText, normalizeForComparison, normalizeWithMap } from './normalize-text.js';
import { wordSequence } from './word-sequence.js';

// Greek writes sigma as `ς` at a word's end and `σ` elsewhere; both are `Σ` in capitals.
const UPPER = 'Η ΟΔΟΣ ΤΗΣ ΠΟΛΗΣ ΕΙΝΑΙ ΜΑΚΡΙΑ.';
const LOWER = 'η οδος της πολης ειναι μακρια.';

describe('case folding of final sigma', () => {
  it('folds ς as σ wherever case is ignored, one unit for one', () => {
    expect(foldText('ΟΔΟΣ')).toBe(foldText('οδος'));
    expect(normalizeForComparison('Η ΟΔΟΣ')).toBe(normalizeForComparison('η οδος'));
    const folded = normalizeWithMap('οδος', { ignoreCase: true });
    expect(folded.text).toBe('οδοσ');
    expect([...folded.originalStart]).toEqual([0, 1, 2, 3]);
    expect(wordSequence('οδος').items).toEqual(['οδοσ']);
  });

  it('folds the other letters whose case folding is not their lower case: lunate sigma, ypogegrammeni, Old Cyrillic variants', () => {
    expect(foldText('ϲ Ϲ')).toBe(foldText('σ σ'));
    expect(foldText('ᾳ')).toBe(foldText('ΑΙ'));
    expect(foldText('\u1c80\u1c82\u1c84\u1c85')).toBe(foldText('ВОТТ'));
  });

  it('leaves ς and Turkish i alone where case is kept or folding is locale-blind', () => {
    expect(normalizeWithMap('οδος').text).toBe('οδος');
    expect(wordSequence('οδος', { keepCase: true }).items).toEqual(['οδος']);
    expect(foldText('dış')).not.toBe(foldText('diş'));
  });

  it('keeps a word with the ypogegrammeni read alike with and without case', () => {
    const text = '漢\u0345 ᾳ ᾳ';
    expect(wordSequence(text).items.length).toBe(wordSequence(text, { keepCase: true }).items.length);
  });

  it('locateQuote finds a quotation written with final sigma in capitals, and the reverse, at exact offsets', () => {
    for (const wholeWords of [false, true]) {
      expect(locateQuote('οδος της πολης', UPPER, { ignoreCase: true, wholeWords })).toEqual({
        start: 2,
        end: 16,
      });
      expect(locateQuote('ΟΔΟΣ ΤΗΣ ΠΟΛΗΣ', LOWER, { ignoreCase: true, wholeWords })).toEqual({
        start: 2,
        end: 16,
      });
    }
    expect(locateQuote('οδος', UPPER)).toBeNull();
  });

  it('verifyAnswer accepts an honest Greek quotation whatever its case, and its support check reads ς as σ', () => {
    for (const [quoted, text] of [
      ['οδος της πολης ειναι μακρια', UPPER],
      ['ΟΔΟΣ ΤΗΣ ΠΟΛΗΣ ΕΙΝΑΙ ΜΑΚΡΙΑ', LOWER],
    ] as const) {
      const verification = verifyAnswer(`Γράφει «${quoted}» [1].`, [passage(text)]);
      expect(verification.rejected).toEqual([]);
      expect(verification.citations[0]!.text).toBe(text.slice(2, 29));
    }
    const supported = verifyAnswer('Η οδος της πολης ειναι μακρια [1].', [passage(UPPER)], {
      support: { minCoverage: 1 },
    });
    expect(supported.rejected).toEqual([]);
  });

  it('resolveQuotedRows accepts it with ignoreCase, at exact offsets, and refuses it with case kept', () => {
    const rows = [{ handle: 'S1', quote: 'οδος της πολης' }];
    const { accepted } = resolveQuotedRows(rows, [passage(UPPER)], { ignoreCase: true });
    expect(accepted.map((row) => row.citation.text)).toEqual(['ΟΔΟΣ ΤΗΣ ΠΟΛΗΣ']);
    const reverse = resolveQuotedRows([{ handle: 'S1', quote: 'ΟΔΟΣ' }], [passage(LOWER)], {
      ignoreCase: true,
    });
    expect(reverse.accepted.map((row) => [row.citation.start, row.citation.end])).toEqual([[2, 6]]);
    expect(resolveQuotedRows(rows, [passage(UPPER)]).accepted).toEqual([]);
    expect(resolveQuotedRows(rows, [passage(LOWER)]).accepted).toHaveLength(1);
    expect(resolveQuotedRows([{ handle: 'S1', quote: 'οδοσ' }], [passage(LOWER)]).accepted).toEqual([]);
  });
});
