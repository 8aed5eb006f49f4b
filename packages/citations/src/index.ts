// Public API of @gk/citations. Explicit named exports only; this file is the contract.

export type { Citation, Claim, Passage, RejectedClaim, RejectionCode, Span, Verification } from './types.js';

// --- markers, claims, verification, quotes, offsets (issue: citations core) ---
export { parseMarkers, MAX_RANGE_LENGTH } from './parse-markers.js';
export type { Marker, ParseMarkersOptions, ParseMarkersResult } from './parse-markers.js';
export { splitClaims } from './split-claims.js';
export type { ClaimUnit, SplitClaimsOptions, SplitClaimsResult } from './split-claims.js';
export { verifyAnswer } from './verify-answer.js';
export type { VerifyAnswerOptions, VerifyAnswerResult, VerifyOptions } from './verify-answer.js';
export { DEFAULT_IDENTIFIER_RULES } from './identifier-rules.js';
export type { IdentifierRule } from './identifier-rules.js';
export { DEFAULT_MIN_COVERAGE, DEFAULT_STOP_WORDS } from './check-support.js';
export type { SupportOptions } from './check-support.js';
export { formatSources } from './format-sources.js';
export type { FormatSourcesOptions, FormatSourcesResult } from './format-sources.js';
export { locateQuote } from './locate-quote.js';
export type { LocateQuoteOptions, LocateQuoteResult } from './locate-quote.js';
export { resolveCitation } from './resolve-citation.js';
export type { ReadDocument, ResolveCitationResult } from './resolve-citation.js';
export { fromCodePointOffset, fromUtf8ByteOffset, toCodePointOffset, toUtf8ByteOffset } from './offsets.js';
export { summarizeVerifications } from './summarize-verifications.js';
export type {
  SummarizeVerificationsOptions,
  SummarizeVerificationsResult,
} from './summarize-verifications.js';
export { InvalidPassageError } from './invalid-passage-error.js';

// --- structured output: strict decoding, rows, handles, rejection accounting (issue: decoding) ---
export { safeDecodeJson } from './safe-decode-json.js';
export type { SafeDecodeJsonOptions, SafeDecodeJsonResult } from './safe-decode-json.js';
export { decodeJson } from './decode-json.js';
export { DecodeError } from './decode-error.js';
export type { DecodeErrorCode, DecodeErrorOptions } from './decode-error.js';
export { decodeRows } from './decode-rows.js';
export type { DecodeRowsOptions, DecodeRowsResult, RejectedRow, RowRejectionCode } from './decode-rows.js';
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
export { createRejectionCounter, rejectionMetricName } from './create-rejection-counter.js';
export type { RejectionCount, RejectionCounter, RejectionEvent } from './create-rejection-counter.js';
