// locateQuote on QuoteSum: each human quote against the source it was taken from (exact offsets), and against a
// source of an example with another question (a real negative: any hit there is a false hit).
import { locateQuote } from '../src/index.js';
import type { QuoteRow } from './real-data.js';

/** The quote-location measurements. */
export interface QuoteSumResult {
  examples: number;
  quotes: number;
  withOffsets: number;
  exact: number;
  elsewhere: number;
  missed: number;
  negatives: number;
  falseHits: number;
  /** Quotes of at least 12 characters, the length from which verifyAnswer checks a quotation. */
  negativesLong: number;
  falseHitsLong: number;
}

/** Measures locateQuote on every quote the dataset gives offsets for. */
export function evaluateQuoteSum(rows: readonly QuoteRow[]): QuoteSumResult {
  const result: QuoteSumResult = {
    examples: rows.length,
    quotes: rows.reduce((sum, row) => sum + row.quotes.length, 0),
    withOffsets: 0,
    exact: 0,
    elsewhere: 0,
    missed: 0,
    negatives: 0,
    falseHits: 0,
    negativesLong: 0,
    falseHitsLong: 0,
  };
  rows.forEach((row, index) => {
    for (const quote of row.quotes) {
      if (quote.start === null || quote.end === null || quote.found_in === null) continue;
      const source = row.sources.find((s) => s.n === quote.n);
      if (source === undefined) continue;
      result.withOffsets++;
      const span = locateQuote(quote.quote, quote.found_in === 'title' ? source.title : source.text);
      if (span === null) result.missed++;
      else if (span.start === quote.start && span.end === quote.end) result.exact++;
      else result.elsewhere++;
      // Examples with the same question share their sources: the negative comes from another question.
      const other = otherSource(rows, index, row);
      const hit = locateQuote(quote.quote, other.text) ?? locateQuote(quote.quote, other.title);
      result.negatives++;
      if (hit !== null) result.falseHits++;
      if (quote.quote.trim().length >= 12) {
        result.negativesLong++;
        if (hit !== null) result.falseHitsLong++;
      }
    }
  });
  return result;
}

function otherSource(
  rows: readonly QuoteRow[],
  index: number,
  row: QuoteRow,
): { title: string; text: string } {
  for (let k = 1; k < rows.length; k++) {
    const candidate = rows[(index + k) % rows.length]!;
    if (candidate.question !== row.question) return candidate.sources[0]!;
  }
  return { title: '', text: '' };
}
