// Public API of @gk/synthesis. Explicit named exports only; this file is the contract.

export { synthesize } from './synthesize/index.js';
export type { SynthesisUsage, SynthesizeOptions, SynthesizeResult } from './synthesize/index.js';
export type {
  SynthesisPolicy,
  SynthesisRejectedClaim,
  SynthesisRejectionCode,
} from './synthesize/index.js';
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
export { buildSynthesisRow } from './synthesize/index.js';
export type { BuildSynthesisRowOptions } from './synthesize/index.js';
export { SynthesisError } from './synthesize/index.js';
export type { SynthesisErrorCode, SynthesisErrorOptions } from './synthesize/index.js';
export { DEFAULT_PROMPT, NO_SOURCE_TOKEN, renderPrompt } from './synthesize/index.js';
export type { RenderedPrompt } from './synthesize/index.js';
export { hashPromptTemplate, ModelStreamError } from '@gk/model-kit';
export type { ModelStreamErrorCode, PromptTemplate } from '@gk/model-kit';
export { extractiveModel, ExtractiveModel } from './extractive-model/index.js';
export type { ExtractiveModelOptions } from './extractive-model/index.js';
export { redactionMiddleware } from './redaction/index.js';
export type { RedactionMiddlewareOptions } from './redaction/index.js';
export { DEFAULT_REDACTION_PATTERNS } from './redaction/index.js';
export type { RedactionPattern } from './redaction/index.js';
export { rewriteQuery, DEFAULT_REWRITE_INSTRUCTIONS } from './rewrite-query/index.js';
export type { RewriteQueryOptions } from './rewrite-query/index.js';
export { QueryRewriteError } from './rewrite-query/index.js';
export type { QueryRewriteErrorCode } from './rewrite-query/index.js';
export { hashText } from './hash-text.js';
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
  ProviderResultVerification,
  ReadAnthropicCitationsOptions,
  ReadGoogleCitationsOptions,
  ReadOpenAICitationsOptions,
  ReadProviderCitationsResult,
  VerifyProviderResultOptions,
  VerifyProviderResultResult,
} from './provider-citations/index.js';
