import { checkArgument, isOptional } from '@gk/internal';
import { type ZodType, z } from 'zod';
import {
  type DecodeRowsOptions,
  decodeIndexedRows,
  type RejectedRow,
  rowOptionKeys,
} from '../decode/decode-rows.js';
import type { DecodeError } from '../decode/decode-error.js';
import { readOptions } from '../decode/read-options.js';
import {
  type QuotedRowFields,
  type ResolvedQuotedRow,
  resolveIndexedQuotedRows,
} from './resolve-quoted-rows.js';
import type { Passage } from '../types.js';
import { assertPassages } from '../verify/invalid-passage-error.js';

/** The default row schema: exactly `{ handle, quote }`, both non-empty strings. */
export const quotedRowSchema = /* @__PURE__ */ (() =>
  z.strictObject({ handle: z.string().min(1), quote: z.string().min(1) }))();

/** Options for {@link decodeQuotedRows}: a row schema carrying `handle` and `quote`, and the row bounds. */
export interface DecodeQuotedRowsOptions<T extends QuotedRowFields> extends DecodeRowsOptions {
  /** Row schema (strict); defaults to {@link quotedRowSchema}. */
  schema?: ZodType<T>;
  /** Locate quotes case-insensitively; off by default. */
  ignoreCase?: boolean;
}

/** Rows that became citations, rows rejected (schema, unknown handle, quote not found), and a document error. */
export interface DecodeQuotedRowsResult<T> {
  accepted: Array<ResolvedQuotedRow<T>>;
  rejected: RejectedRow[];
  /** A whole-document failure, or null; when set, both lists are empty. */
  error: DecodeError | null;
}

/**
 * Decodes rows that cite passages by handle (`S1`…`Sn` from `createHandles(passages)`) and quote them:
 * {@link decodeRows}, then {@link resolveQuotedRows}; rejected rows from both steps are listed by index.
 */
export function decodeQuotedRows<T extends QuotedRowFields = QuotedRowFields>(
  text: string,
  passages: readonly Passage[],
  options: DecodeQuotedRowsOptions<T> = {},
): DecodeQuotedRowsResult<T> {
  const list = assertPassages(passages);
  // Every option is read once and checked before any work: a bad one throws whatever the output holds.
  const keys = [...rowOptionKeys, 'schema', 'ignoreCase'];
  const given = readOptions(options, keys);
  const { ignoreCase } = given;
  checkArgument(isOptional(ignoreCase, 'boolean'), 'options.ignoreCase', 'a boolean', ignoreCase);
  const schema = (given.schema === undefined ? quotedRowSchema : given.schema) as ZodType<T>;
  const decoded = decodeIndexedRows(text, schema, given as DecodeRowsOptions, 'options.schema', keys);
  if (decoded.error !== null) return { accepted: [], rejected: [], error: decoded.error };
  const resolved = resolveIndexedQuotedRows(decoded.accepted, list, {
    ignoreCase: ignoreCase as boolean | undefined,
  });
  const rejected = [...decoded.rejected, ...resolved.rejected].sort((a, b) => a.index - b.index);
  return { accepted: resolved.accepted, rejected, error: null };
}
