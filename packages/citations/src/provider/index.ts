export { verifyProviderCitations } from './verify-provider-citations.js';
export type {
  ProviderAnswerSpan,
  ProviderCitation,
  ProviderDocument,
  ProviderDocumentReference,
  ProviderLocation,
  VerifyProviderCitationsOptions,
  VerifyProviderCitationsResult,
} from './verify-provider-citations.js';
export type { OffsetUnit } from './create-offset-converter.js';
