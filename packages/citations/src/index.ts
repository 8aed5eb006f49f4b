// Public API of @gk/citations: explicit named exports; this file is the contract.
// Five subsystems: text (normalisation, offsets, quotes), verify (markers, claims, verification),
// decode (strict JSON decoding; also the `@gk/citations/decode` entry), quoted-rows (handles and quoted rows)
// and provider (citations a provider built itself; also the `@gk/citations/provider` entry).

export type { Citation, Claim, Passage, RejectedClaim, RejectionCode, Span, Verification } from './types.js';

export {
  locateQuote,
  fromCodePointOffset,
  fromUtf8ByteOffset,
  toCodePointOffset,
  toUtf8ByteOffset,
} from './text/index.js';
export type { LocateQuoteOptions, LocateQuoteResult } from './text/index.js';

export {
  createAnswerVerifier,
  DEFAULT_IDENTIFIER_RULES,
  DEFAULT_MIN_COVERAGE,
  DEFAULT_STOP_WORDS,
  formatSources,
  InvalidPassageError,
  MAX_RANGE_LENGTH,
  parseMarkers,
  resolveCitation,
  splitClaims,
  summarizeVerifications,
  verifyAnswer,
} from './verify/index.js';
export type {
  AnswerVerifier,
  ClaimUnit,
  CreateAnswerVerifierOptions,
  FormatSourcesOptions,
  IdentifierRule,
  Marker,
  ParseMarkersOptions,
  ParseMarkersResult,
  ReadDocument,
  ResolveCitationResult,
  SplitClaimsOptions,
  SplitClaimsResult,
  SummarizeVerificationsOptions,
  SummarizeVerificationsResult,
  SupportOptions,
  VerifiedUnit,
  VerifyAnswerOptions,
  VerifyAnswerResult,
  VerifyOptions,
} from './verify/index.js';

export {
  createRejectionCounter,
  DecodeError,
  decodeJson,
  decodeRows,
  InvalidArgumentError,
  rejectionMetricName,
  safeDecodeJson,
} from './decode/index.js';
export type {
  DecodeErrorCode,
  DecodeErrorOptions,
  DecodeRowsOptions,
  DecodeRowsResult,
  RejectedRow,
  RejectionCount,
  RejectionCounter,
  RejectionEvent,
  RowRejectionCode,
  SafeDecodeJsonOptions,
  SafeDecodeJsonResult,
} from './decode/index.js';

export { createHandles, decodeQuotedRows, quotedRowSchema, resolveQuotedRows } from './quoted-rows/index.js';
export type {
  DecodeQuotedRowsOptions,
  DecodeQuotedRowsResult,
  Handles,
  QuotedRowFields,
  ResolvedQuotedRow,
  ResolveQuotedRowsOptions,
  ResolveQuotedRowsResult,
} from './quoted-rows/index.js';

export { verifyProviderCitations } from './provider/index.js';
export type {
  OffsetUnit,
  ProviderAnswerSpan,
  ProviderCitation,
  ProviderDocument,
  ProviderDocumentReference,
  ProviderLocation,
  VerifyProviderCitationsOptions,
  VerifyProviderCitationsResult,
} from './provider/index.js';
