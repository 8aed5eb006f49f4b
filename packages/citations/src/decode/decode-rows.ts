import { excerpt, InvalidArgumentError } from '@gk/internal';
import { type ZodType, z } from 'zod';
import { DecodeError } from './decode-error.js';
import { parseWithSchema } from './parse-with-schema.js';
import { readOptions } from './read-options.js';
import { readJsonText, readLimits } from './read-json-text.js';
import { type SafeDecodeJsonOptions, schemaError } from './safe-decode-json.js';
import { toStrictSchema } from './to-strict-schema.js';

/** Options for {@link decodeRows}: the decoder's bounds, a row bound, and where the array sits. */
export interface DecodeRowsOptions extends SafeDecodeJsonOptions {
  /** Most rows accepted in one output (default 1000); more is a document-level `too_large`. */
  maxRows?: number;
  /** Read the rows from this key of a top-level object holding nothing else, instead of a top-level array. */
  key?: string;
}

/** Why one row was rejected: it failed the row schema, named an unknown handle, or quoted text not in its passage. */
export type RowRejectionCode = 'schema' | 'unknown_handle' | 'quote_not_found';

/** One rejected row: its 0-based index in the array, the reason, and zod's issues for `schema`. */
export interface RejectedRow {
  index: number;
  code: RowRejectionCode;
  message: string;
  issues?: DecodeError['issues'];
}

/**
 * Accepted rows in order, rejected rows with reasons, and `error` when the document as a whole was refused
 * (then both lists are empty).
 */
export interface DecodeRowsResult<T> {
  accepted: T[];
  rejected: RejectedRow[];
  /** A whole-document failure (`not_json`, `too_large`, `schema` for the container, ...), or null. */
  error: DecodeError | null;
}

/** Accepted rows with their original index, for callers that resolve rows further. */
export interface IndexedRowsResult<T> {
  accepted: Array<{ index: number; row: T }>;
  rejected: RejectedRow[];
  error: DecodeError | null;
}

const forbiddenKeys: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The container schema without `key`, built on first use: an app that never decodes rows bundles no zod. */
let anyArray: z.ZodArray<z.ZodUnknown> | undefined;

/** The options {@link decodeRows} takes. */
export const rowOptionKeys: readonly string[] = ['maxBytes', 'maxDepth', 'maxRows', 'key'];

/** The default row bound. */
export const defaultMaxRows = 1000;

/**
 * Decodes a model output holding an array of rows (or an object holding one under `key`) with the same
 * strict reading as {@link safeDecodeJson}, then validates each row on its own: one bad row never discards
 * the others. Never throws for any text (an async row schema, or one that runs out of stack, refuses the document
 * as `safeDecodeJson` does); throws an InvalidArgumentError for a row schema that is not a zod 4 schema or that
 * holds `.catch()` / `z.success()`, or for invalid options, and rethrows what its own refinements or transforms throw.
 */
export function decodeRows<T>(
  text: string,
  rowSchema: ZodType<T>,
  options?: DecodeRowsOptions,
): DecodeRowsResult<T> {
  const result = decodeIndexedRows(text, rowSchema, options, 'rowSchema');
  return {
    accepted: result.accepted.map((item) => item.row),
    rejected: result.rejected,
    error: result.error,
  };
}

/** {@link decodeRows} keeping each accepted row's index in the original array. */
export function decodeIndexedRows<T>(
  text: string,
  rowSchema: ZodType<T>,
  options: DecodeRowsOptions | undefined,
  schemaParameter: string,
  keys: readonly string[] = rowOptionKeys,
): IndexedRowsResult<T> {
  const given = readOptions(options, keys) as { [key in keyof DecodeRowsOptions]?: unknown };
  const limits = readLimits(given as SafeDecodeJsonOptions, keys);
  const maxRows = given.maxRows === undefined ? defaultMaxRows : (given.maxRows as number);
  if (!Number.isSafeInteger(maxRows) || maxRows < 0) {
    throw new InvalidArgumentError({
      parameter: 'options.maxRows',
      expected: 'a non-negative integer',
      received: maxRows,
    });
  }
  const key = given.key as string | undefined;
  if (key !== undefined && (typeof key !== 'string' || key === '' || forbiddenKeys.includes(key))) {
    throw new InvalidArgumentError({
      parameter: 'options.key',
      expected: 'a non-empty string other than __proto__, constructor or prototype',
      received: key,
    });
  }
  const strict = toStrictSchema(rowSchema, schemaParameter);

  const read = readJsonText(text, limits);
  if (!read.success) return documentError(read.error);
  anyArray ??= z.array(z.unknown());
  const container = key === undefined ? anyArray : z.strictObject({ [key]: anyArray });
  const shape = container.safeParse(read.value);
  if (!shape.success) {
    const expected =
      key === undefined ? 'a top-level array of rows' : `an object holding only "${key}": [rows]`;
    return documentError(schemaError(text, shape.error.issues, `Output is not ${expected}: it`));
  }
  const rows = (key === undefined ? shape.data : (shape.data as Record<string, unknown[]>)[key]) as unknown[];
  if (rows.length > maxRows) {
    return documentError(
      new DecodeError({
        code: 'too_large',
        message: `Output holds ${rows.length} row${rows.length === 1 ? '' : 's'}, more than maxRows ${maxRows}.`,
        excerpt: excerpt(text),
      }),
    );
  }

  const accepted: Array<{ index: number; row: T }> = [];
  const rejected: RejectedRow[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    const parsed = parseWithSchema(strict, row, text);
    // An async row schema, or one that ran out of stack, is no fault of one row: the document is refused whole.
    if (parsed instanceof DecodeError) return documentError(parsed);
    if (parsed.success) {
      accepted.push({ index, row: parsed.data });
      continue;
    }
    const issues = parsed.error.issues;
    const error = schemaError('', issues, `Row ${index}`);
    rejected.push({ index, code: 'schema', message: error.message, issues });
  }
  return { accepted, rejected, error: null };
}

function documentError(error: DecodeError): IndexedRowsResult<never> {
  return { accepted: [], rejected: [], error };
}
