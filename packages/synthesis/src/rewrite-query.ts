import { generateText, type LanguageModel } from 'ai';
import { isBlank } from './blank.js';
import { QueryRewriteError } from './query-rewrite-error.js';

/** Options for `rewriteQuery`. */
export interface RewriteQueryOptions {
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** The user's question or conversation turn to turn into one search query. */
  query: string;
  /** Longest accepted rewrite in UTF-16 code units; longer output is rejected, never truncated (default 256). */
  maxLength?: number;
  /** Instructions for the model; the default asks for one search query on one line. */
  instructions?: string;
  maxOutputTokens?: number;
  temperature?: number;
  /** AI SDK transport retries (network and rate limits only, never a re-prompt). */
  maxRetries?: number;
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/** The default instructions given to the model by `rewriteQuery`. */
export const DEFAULT_REWRITE_INSTRUCTIONS =
  'Rewrite the user message into one standalone search query for a document search engine. ' +
  'Keep names, numbers and technical terms exactly as written. ' +
  'Reply with the query only, on a single line, without quotes, labels or explanation.';

/**
 * One search query from the model: surrounding whitespace trimmed, then blank, multi-line or over-long output
 * is a `QueryRewriteError` and there is no fallback to the original query.
 */
export async function rewriteQuery(options: RewriteQueryOptions): Promise<string> {
  const { model, query, maxLength = 256 } = options;
  if (!Number.isSafeInteger(maxLength) || maxLength < 1) {
    throw new RangeError(`maxLength must be a positive integer, received ${String(maxLength)}`);
  }
  if (typeof query !== 'string' || isBlank(query)) {
    throw new QueryRewriteError('empty_query', 'The query to rewrite is blank; the model was not called.');
  }
  const { text } = await generateText({
    model,
    // `system` (not `instructions`, which AI SDK 6 does not know): AI SDK 7 still reads it.
    system: options.instructions ?? DEFAULT_REWRITE_INSTRUCTIONS,
    prompt: query,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    maxRetries: options.maxRetries,
    abortSignal: options.abortSignal,
    headers: options.headers,
  });
  const rewritten = text.trim();
  if (isBlank(rewritten)) {
    throw new QueryRewriteError('blank', 'The model returned a blank query rewrite.');
  }
  if (/[\n\r\u2028\u2029]/u.test(rewritten)) {
    throw new QueryRewriteError(
      'multiple_lines',
      'The model returned more than one line; expected one query.',
    );
  }
  if (rewritten.length > maxLength) {
    throw new QueryRewriteError(
      'too_long',
      `The query rewrite is ${rewritten.length} characters long; expected at most ${maxLength}.`,
    );
  }
  return rewritten;
}
