// Public API of @gk/synthesis. Explicit named exports only; this file is the contract.

export { synthesize } from './synthesize.js';
export type { SynthesisUsage, SynthesizeOptions, SynthesizeResult } from './synthesize.js';
export type {
  SynthesisPolicy,
  SynthesisRejectedClaim,
  SynthesisRejectionCode,
} from './apply-synthesis-policy.js';
export { streamSynthesize } from './stream-synthesize/index.js';
export type {
  StreamSynthesizeOptions,
  StreamSynthesizeResult,
  SynthesisAbstainedEvent,
  SynthesisClaimEvent,
  SynthesisDoneEvent,
  SynthesisEvent,
  SynthesisRejectedEvent,
} from './stream-synthesize/index.js';
export {
  citationDataSchema,
  claimDataSchema,
  createSynthesisUIMessageStream,
  rejectedClaimDataSchema,
  synthesisDataPartSchemas,
  synthesisDataSchema,
  synthesisErrorDataSchema,
  writeSynthesisEvents,
} from './ui-message-stream/index.js';
export type {
  CreateSynthesisUIMessageStreamOptions,
  SynthesisDataTypes,
  SynthesisUIMessage,
  SynthesisUIMessageChunk,
  SynthesisUIMessageWriter,
  SynthesisWrittenChunk,
  WriteSynthesisEventsOptions,
} from './ui-message-stream/index.js';
export { buildSynthesisRow } from './build-synthesis-row.js';
export type { BuildSynthesisRowOptions } from './build-synthesis-row.js';
export { SynthesisError } from './synthesis-error.js';
export type { SynthesisErrorCode, SynthesisErrorOptions } from './synthesis-error.js';
export { DEFAULT_PROMPT, NO_SOURCE_TOKEN, renderPrompt } from './default-prompt.js';
export type { RenderedPrompt } from './default-prompt.js';
export { hashPromptTemplate } from '@gk/model-kit';
export type { PromptTemplate } from '@gk/model-kit';
export { extractiveModel, ExtractiveModel } from './extractive-model.js';
export type { ExtractiveModelOptions } from './extractive-model.js';
export { redactionMiddleware } from './redaction-middleware.js';
export type { RedactionMiddlewareOptions } from './redaction-middleware.js';
export { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
export type { RedactionPattern } from './redactor.js';
export { rewriteQuery, DEFAULT_REWRITE_INSTRUCTIONS } from './rewrite-query.js';
export type { RewriteQueryOptions } from './rewrite-query.js';
export { QueryRewriteError } from './query-rewrite-error.js';
export type { QueryRewriteErrorCode } from './query-rewrite-error.js';
export { sha256Hex as hashText } from '@gk/internal';
export { InvalidArgumentError } from '@gk/internal';
export {
  readAnthropicCitations,
  readGoogleCitations,
  readOpenAICitations,
  verifyProviderResult,
} from './provider-citations/index.js';
export type {
  CitationProvider,
  ProviderResult,
  ReadAnthropicCitationsOptions,
  ReadGoogleCitationsOptions,
  ReadOpenAICitationsOptions,
  ReadProviderCitationsResult,
  VerifyProviderResultOptions,
  VerifyProviderResultResult,
} from './provider-citations/index.js';
