export { safeDecodeJson } from './safe-decode-json.js';
export type { SafeDecodeJsonOptions, SafeDecodeJsonResult } from './safe-decode-json.js';
export { decodeJson } from './decode-json.js';
export { DecodeError } from './decode-error.js';
export type { DecodeErrorCode, DecodeErrorOptions } from './decode-error.js';
export { decodeRows } from './decode-rows.js';
export type { DecodeRowsOptions, DecodeRowsResult, RejectedRow, RowRejectionCode } from './decode-rows.js';
export { createRejectionCounter, rejectionMetricName } from './create-rejection-counter.js';
export type { RejectionCount, RejectionCounter, RejectionEvent } from './create-rejection-counter.js';
// Bad options throw this error (bundled from the private kit; recognised across copies by `isInstance`).
export { InvalidArgumentError } from '@gk/internal';
