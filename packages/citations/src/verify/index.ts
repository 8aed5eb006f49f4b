export { parseMarkers, MAX_RANGE_LENGTH } from './parse-markers.js';
export type { Marker, ParseMarkersOptions, ParseMarkersResult } from './parse-markers.js';
export { splitClaims } from './split-claims.js';
export type { ClaimUnit, SplitClaimsOptions, SplitClaimsResult } from './split-claims.js';
export { verifyAnswer } from './verify-answer.js';
export { createAnswerVerifier } from './create-answer-verifier.js';
export type {
  AnswerVerifier,
  CreateAnswerVerifierOptions,
  VerifiedUnit,
} from './create-answer-verifier.js';
export type { VerifyAnswerOptions, VerifyAnswerResult, VerifyOptions } from './verify-answer.js';
export { DEFAULT_IDENTIFIER_RULES } from './identifier-rules.js';
export type { IdentifierRule } from './identifier-rules.js';
export { DEFAULT_MIN_COVERAGE, DEFAULT_STOP_WORDS } from './check-support.js';
export type { SupportOptions } from './check-support.js';
export { formatSources } from './format-sources.js';
export type { FormatSourcesOptions } from './format-sources.js';
export { resolveCitation } from './resolve-citation.js';
export type { ReadDocument, ResolveCitationResult } from './resolve-citation.js';
export { summarizeVerifications } from './summarize-verifications.js';
export type {
  SummarizeVerificationsOptions,
  SummarizeVerificationsResult,
} from './summarize-verifications.js';
export { InvalidPassageError } from './invalid-passage-error.js';
// What the `@gk/citations/verify` entry also needs to stand alone: the shapes it returns and the error bad options throw.
export type { Citation, Claim, Passage, RejectedClaim, RejectionCode, Span, Verification } from '../types.js';
export { InvalidArgumentError } from '@gk/internal';
