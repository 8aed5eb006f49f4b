import {
  type Citation,
  type Claim,
  type OffsetUnit,
  type ProviderCitation,
  type ProviderDocument,
  type Verification,
  type VerifyProviderCitationsOptions,
  verifyProviderCitations,
} from '@gk/citations';
import { checkArgument, excerpt, InvalidArgumentError, readArgument, readOptions } from '@gk/internal';
import { describeFinish, finishWithStopSequences, finishWithTools, isUnfinished } from '@gk/model-kit';
import type { FinishReason } from 'ai';
import type { SynthesisRejectedClaim } from '../synthesize/apply-synthesis-policy.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
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
  /**
   * Claims with citations built from your documents, and every provider citation that failed, with a code. When
   * the model did not finish (see `finishReason`), its last claim, and any claim reaching into it, is rejected as
   * `unfinished_claim`: the text after it was cut, so the claim may be too.
   */
  verification: ProviderResultVerification;
  /**
   * Why the model stopped, as the final step (else the result) says; `tool-calls` when it said `stop` but the step
   * holds a tool call it did not run itself. Anything but `stop` counts as unfinished, none included, and so does a
   * `stop` whose raw reason says the turn goes on (Anthropic's `pause_turn`, which the AI SDK maps to `stop`).
   */
  finishReason: FinishReason | undefined;
}

/** `verifyProviderCitations`'s verdict, with synthesis's own `unfinished_claim` among the rejections. */
export interface ProviderResultVerification extends Omit<Verification, 'rejected'> {
  rejected: SynthesisRejectedClaim[];
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
 * A filtered answer (finish reason `content-filter`) is refused with a `SynthesisError` (`content_filter`), and
 * one the model did not finish has its last claim rejected (`unfinished_claim`), as `synthesize` does.
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
  // Read once, into a copy: options that are no plain object, or a getter that throws, are refused, naming it.
  const { provider: requested, offsetUnit, ...verifyOptions } = readOptions(options);
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
  readArgument('documents', () =>
    checkArgument(Array.isArray(documents), 'documents', 'an array of documents', documents),
  );
  const step = await readFinalStep(result);
  const finishReason = finishOf(step);
  if (finishReason === 'content-filter') {
    throw new SynthesisError({
      code: 'content_filter',
      message:
        "The provider stopped the answer with finish reason 'content-filter'; a filtered answer is never checked as one.",
    });
  }
  const provider = requested ?? detectProvider(step);
  if (provider === undefined) {
    throw new InvalidArgumentError({
      parameter: 'options.provider',
      expected: "'anthropic', 'openai' or 'google' (the result's provider metadata names none of them)",
      received: requested,
    });
  }
  const { answer, citations } = READERS[provider](step, offsetUnit === undefined ? {} : { unit: offsetUnit });
  const checked = verifyProviderCitations(answer, citations, documents, verifyOptions);
  const rawFinishReason = typeof step.rawFinishReason === 'string' ? step.rawFinishReason : undefined;
  // The caller's own call: its stop sequences are not in the result, but Anthropic names a stop one of them made
  // (`stop_sequence`, mapped to `stop`); a text that ends short of a sentence's end there may be cut mid-claim.
  const finished =
    rawFinishReason === 'stop_sequence'
      ? finishWithStopSequences(finishReason as FinishReason, [rawFinishReason], answer)
      : (finishReason as FinishReason);
  const verification = isUnfinished(finished, rawFinishReason)
    ? rejectLastClaim(checked, describeFinish(finished, rawFinishReason))
    : checked;
  return { provider, answer, citations, verification, finishReason };
}

/**
 * The step's finish reason, `tool-calls` where it said `stop` but holds a tool call the provider did not run (its
 * text stopped for a tool result); a provider-run tool (web search) returned its result within the step.
 */
function finishOf(step: StepView): FinishReason | undefined {
  const reason = step.finishReason as FinishReason | undefined;
  const holdsTool = step.content.some(
    (part) =>
      typeof part.type === 'string' && part.type.startsWith('tool-') && part.providerExecuted !== true,
  );
  return finishWithTools(reason as FinishReason, holdsTool);
}

/**
 * Rejects as `unfinished_claim` the claim that starts last and every claim that reaches into it: where the cut
 * sentence starts is unknown (the text after the last claim may be uncited), so the last claim is never shown.
 */
function rejectLastClaim(verification: Verification, finish: string): ProviderResultVerification {
  let last = -1;
  for (const claim of verification.claims)
    for (const span of spansOf(claim)) last = Math.max(last, span.start);
  const reaches = (claim: Claim) => spansOf(claim).some((span) => span.start >= last || span.end > last);
  const cut = verification.claims.filter(reaches);
  if (cut.length === 0) return verification;
  const claims = verification.claims.filter((claim) => !reaches(claim));
  const kept = new Set(claims.flatMap((claim) => claim.citations.map(citationKey)));
  const rejected: SynthesisRejectedClaim[] = [
    ...verification.rejected,
    ...cut.map((claim) => ({
      text: claim.text,
      span: claim.span,
      code: 'unfinished_claim' as const,
      markers: [...new Set(claim.citations.map((citation) => citation.source))],
      message: `Claim "${excerpt(claim.text, { length: 80 })}" may be cut off: the model stopped (finish reason ${finish}) after it.`,
    })),
  ];
  return {
    ...verification,
    status: claims.length > 0 ? 'answered' : 'rejected',
    claims,
    rejected,
    citations: verification.citations.filter((citation) => kept.has(citationKey(citation))),
  };
}

function spansOf(claim: Claim): Array<{ start: number; end: number }> {
  return claim.duplicates === undefined ? [claim.span] : [claim.span, ...claim.duplicates];
}

function citationKey(citation: Citation): string {
  return `${citation.source}:${citation.documentId}:${citation.start}:${citation.end}`;
}

/** The provider whose metadata the step carries, on the step or on one of its content parts. */
function detectProvider(step: StepView): CitationProvider | undefined {
  const holders = [step.providerMetadata, ...step.content.map((part) => part.providerMetadata)];
  for (const [key, provider] of METADATA_KEYS) {
    if (holders.some((metadata) => isRecord(metadata) && Object.hasOwn(metadata, key))) return provider;
  }
  return undefined;
}
