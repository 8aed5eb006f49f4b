export { createHandles } from './create-handles.js';
export type { Handles } from './create-handles.js';
export { resolveQuotedRows } from './resolve-quoted-rows.js';
export type {
  QuotedRowFields,
  ResolvedQuotedRow,
  ResolveQuotedRowsOptions,
  ResolveQuotedRowsResult,
} from './resolve-quoted-rows.js';
export { decodeQuotedRows, quotedRowSchema } from './decode-quoted-rows.js';
export type { DecodeQuotedRowsOptions, DecodeQuotedRowsResult } from './decode-quoted-rows.js';
