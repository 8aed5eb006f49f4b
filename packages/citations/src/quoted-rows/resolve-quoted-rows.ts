import { checkArgument, checkOptions, InvalidArgumentError, isOptional } from '@gk/internal';
import { parseHandle } from './create-handles.js';
import type { RejectedRow } from '../decode/decode-rows.js';
import { assertPassages } from '../verify/invalid-passage-error.js';
import { createQuoteLocator, type LocateQuoteResult } from '../text/locate-quote.js';
import type { Citation, Passage } from '../types.js';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The two fields a quoted row must carry: the passage handle and the quoted text. */
export interface QuotedRowFields {
  handle: string;
  quote: string;
}

/** An accepted quoted row: its index, the row as decoded, and the citation built from the located quote. */
export interface ResolvedQuotedRow<T> {
  index: number;
  row: T;
  citation: Citation;
}

/** Options for {@link resolveQuotedRows}. */
export interface ResolveQuotedRowsOptions {
  /** Locate quotes case-insensitively (passed to `locateQuote`); off by default. */
  ignoreCase?: boolean;
}

/** Rows whose quote was found in the passage their handle names, and the rest with reasons. */
export interface ResolveQuotedRowsResult<T> {
  accepted: Array<ResolvedQuotedRow<T>>;
  rejected: RejectedRow[];
}

/**
 * Turns decoded `{ handle, quote }` rows into citations: a handle that was not handed out for `passages` is
 * `unknown_handle`; a quote `locateQuote` cannot find in that passage as whole words (`wholeWords`: a quote found
 * only inside a word, or one without a letter or digit, is not found) is `quote_not_found`; a survivor's
 * citation spans the located quote in document coordinates (`passage.start` + local offset), its `source`
 * is the handle's number. Rows keep their index in `rows`.
 */
export function resolveQuotedRows<T extends QuotedRowFields>(
  rows: readonly T[],
  passages: readonly Passage[],
  options: ResolveQuotedRowsOptions = {},
): ResolveQuotedRowsResult<T> {
  if (!Array.isArray(rows)) {
    throw new InvalidArgumentError({
      parameter: 'rows',
      expected: 'an array of decoded rows',
      received: rows,
    });
  }
  assertPassages(passages);
  return resolveIndexedQuotedRows(
    rows.map((row, index) => ({ index, row })),
    passages,
    options,
  );
}

/** {@link resolveQuotedRows} for rows that already carry their index in the model's array. */
export function resolveIndexedQuotedRows<T extends QuotedRowFields>(
  rows: ReadonlyArray<{ index: number; row: T }>,
  passages: readonly Passage[],
  options: ResolveQuotedRowsOptions,
): ResolveQuotedRowsResult<T> {
  checkOptions(options);
  const { ignoreCase } = options;
  checkArgument(isOptional(ignoreCase, 'boolean'), 'options.ignoreCase', 'a boolean', ignoreCase);
  const accepted: Array<ResolvedQuotedRow<T>> = [];
  const rejected: RejectedRow[] = [];
  // Locators per passage, so that a passage quoted by many rows is normalised once: whole words, and (to say why a
  // quote was refused) any occurrence.
  const locators = new Map<string, (quote: string) => LocateQuoteResult>();
  const locate = (source: number, text: string, wholeWords: boolean, quote: string): LocateQuoteResult => {
    const key = `${source}${wholeWords}`;
    let locator = locators.get(key);
    if (locator === undefined) {
      locator = createQuoteLocator(text, { ignoreCase, wholeWords });
      locators.set(key, locator);
    }
    return locator(quote);
  };
  for (const { index, row } of rows) {
    // A row comes from a model: anything that is not an object names no handle and is rejected as such.
    const source = parseHandle((row as Partial<T> | null)?.handle, passages.length);
    const passage = source === undefined ? undefined : passages[source - 1];
    if (source === undefined || passage === undefined) {
      rejected.push({
        index,
        code: 'unknown_handle',
        message: `Row ${index} names a handle that was not handed out; expected one of S1…S${passages.length}.`,
      });
      continue;
    }
    const { quote } = row;
    const span = typeof quote === 'string' ? locate(source, passage.text, true, quote) : null;
    if (span === null || span.end <= span.start) {
      const length = typeof quote === 'string' ? quote.length : 0;
      const what = `Row ${index} quotes text (${length} characters) that`;
      rejected.push({
        index,
        code: 'quote_not_found',
        message:
          typeof quote === 'string' && !LETTER_OR_DIGIT.test(quote)
            ? `Row ${index} quotes no letter or digit (${length} characters); expected words of passage S${source}.`
            : typeof quote === 'string' && locate(source, passage.text, false, quote) !== null
              ? `${what} occurs in passage S${source} only as part of a word; expected whole words of the passage.`
              : `${what} is not in passage S${source}.`,
      });
      continue;
    }
    const citation: Citation = {
      source,
      documentId: passage.documentId,
      chunkId: passage.chunkId,
      start: passage.start + span.start,
      end: passage.start + span.end,
      text: passage.text.slice(span.start, span.end),
    };
    accepted.push({ index, row, citation });
  }
  return { accepted, rejected };
}
