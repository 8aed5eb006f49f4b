import {
  type OffsetUnit,
  type ProviderCitation,
  type ProviderDocument,
  type Verification,
  type VerifyProviderCitationsOptions,
  verifyProviderCitations,
} from '@gk/citations';
import { checkArgument, InvalidArgumentError } from '@gk/internal';
import { readAnthropicCitations } from './read-anthropic-citations.js';
import {
  isOffsetUnit,
  isRecord,
  type ProviderResult,
  readFinalStep,
  type StepView,
} from './read-final-step.js';
import { readGoogleCitations } from './read-google-citations.js';
import { readOpenAICitations } from './read-openai-citations.js';

/** The providers whose own citations the adapters read. */
export type CitationProvider = 'anthropic' | 'openai' | 'google';

/** Options for {@link verifyProviderResult}: those of `verifyProviderCitations`, and how to read the result. */
export interface VerifyProviderResultOptions extends VerifyProviderCitationsOptions {
  /** Whose citations to read; by default told from the provider metadata of the result. */
  provider?: CitationProvider;
  /**
   * What the provider's offsets count, when you know better than the default (Anthropic and OpenAI: code
   * points; Gemini: UTF-8 bytes, as its reference says).
   */
  offsetUnit?: OffsetUnit;
}

/** The result of {@link verifyProviderResult}. */
export interface VerifyProviderResultResult {
  provider: CitationProvider;
  /** The answer the citations point into: the final step's text, as the AI SDK's `text`. */
  answer: string;
  /** The provider's citations as read from the result, in the neutral shape, before any check. */
  citations: ProviderCitation[];
  /** Claims with citations built from your documents, and every provider citation that failed, with a code. */
  verification: Verification;
}

const READERS = {
  anthropic: readAnthropicCitations,
  openai: readOpenAICitations,
  google: readGoogleCitations,
} as const;

// Provider-metadata keys that tell the providers apart (the Azure and Vertex providers reuse the readers).
const METADATA_KEYS: ReadonlyArray<[string, CitationProvider]> = [
  ['anthropic', 'anthropic'],
  ['openai', 'openai'],
  ['azure', 'openai'],
  ['google', 'google'],
  ['vertex', 'google'],
];

/**
 * Reads the citations that Anthropic, OpenAI (Responses API) or Gemini built themselves out of an AI SDK
 * `generateText` or `streamText` result (AI SDK 6 or 7) and checks each against the documents you sent, in
 * the order you sent them: a provider's citation is untrusted input until it resolves against what was sent.
 *
 * @example
 * const result = await generateText({ model: anthropic('claude-sonnet-4-5'), messages });
 * const { verification } = await verifyProviderResult(result, documents);
 * verification.citations; // built from documents[i], at offsets that hold the provider's cited text
 * verification.rejected; // e.g. { code: 'span_mismatch', message: 'Citation 2 (char_location) cites …' }
 */
export async function verifyProviderResult(
  result: ProviderResult,
  documents: readonly ProviderDocument[],
  options: VerifyProviderResultOptions = {},
): Promise<VerifyProviderResultResult> {
  if (!isRecord(options as unknown)) {
    throw new InvalidArgumentError({
      parameter: 'options',
      expected: 'an options object',
      received: options,
    });
  }
  const { provider: requested, offsetUnit, ...verifyOptions } = options;
  if (requested !== undefined && !(typeof requested === 'string' && Object.hasOwn(READERS, requested))) {
    throw new InvalidArgumentError({
      parameter: 'options.provider',
      expected: "'anthropic', 'openai' or 'google'",
      received: requested,
    });
  }
  checkArgument(
    isOffsetUnit(offsetUnit),
    'options.offsetUnit',
    "'utf16', 'code-point' or 'utf8'",
    offsetUnit,
  );
  checkArgument(Array.isArray(documents), 'documents', 'an array of documents', documents);
  const step = await readFinalStep(result);
  const provider = requested ?? detectProvider(step);
  if (provider === undefined) {
    throw new InvalidArgumentError({
      parameter: 'options.provider',
      expected: "'anthropic', 'openai' or 'google' (the result's provider metadata names none of them)",
      received: requested,
    });
  }
  const { answer, citations } = READERS[provider](step, offsetUnit === undefined ? {} : { unit: offsetUnit });
  const verification = verifyProviderCitations(answer, citations, documents, verifyOptions);
  return { provider, answer, citations, verification };
}

/** The provider whose metadata the step carries, on the step or on one of its content parts. */
function detectProvider(step: StepView): CitationProvider | undefined {
  const holders = [step.providerMetadata, ...step.content.map((part) => part.providerMetadata)];
  for (const [key, provider] of METADATA_KEYS) {
    if (holders.some((metadata) => isRecord(metadata) && Object.hasOwn(metadata, key))) return provider;
  }
  return undefined;
}
