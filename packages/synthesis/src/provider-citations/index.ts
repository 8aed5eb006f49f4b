export { verifyProviderResult } from './verify-provider-result.js';
export type {
  CitationProvider,
  ProviderResultVerification,
  VerifyProviderResultOptions,
  VerifyProviderResultResult,
} from './verify-provider-result.js';
export { readAnthropicCitations } from './read-anthropic-citations.js';
export type {
  ReadAnthropicCitationsOptions,
  ReadProviderCitationsResult,
} from './read-anthropic-citations.js';
export { readOpenAICitations } from './read-openai-citations.js';
export type { ReadOpenAICitationsOptions } from './read-openai-citations.js';
export { readGoogleCitations } from './read-google-citations.js';
export type { ReadGoogleCitationsOptions } from './read-google-citations.js';
export type { ProviderResult } from './read-final-step.js';
