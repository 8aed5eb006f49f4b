import { checkArgument, InvalidArgumentError, isBlank, isObject } from '@gk/internal';
import { checkModel, describeFinish, generateCompletion, isUnfinished, resolveModel } from '@gk/model-kit';
import type { CallSettings, LanguageModel } from 'ai';
import { QueryRewriteError } from './query-rewrite-error.js';

/** Options for `rewriteQuery`; every AI SDK call setting (`temperature`, `maxOutputTokens`, ...) passes through. */
export interface RewriteQueryOptions extends CallSettings {
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** The user's question or conversation turn to turn into one search query. */
  query: string;
  /** Longest accepted rewrite in UTF-16 code units; longer output is rejected, never truncated (default 256). */
  maxLength?: number;
  /** Instructions for the model; the default asks for one search query on one line. */
  instructions?: string;
}

/** The default instructions given to the model by `rewriteQuery`. */
export const DEFAULT_REWRITE_INSTRUCTIONS =
  'Rewrite the user message into one standalone search query for a document search engine. ' +
  'Keep names, numbers and technical terms exactly as written. ' +
  'Reply with the query only, on a single line, without quotes, labels or explanation.';

/**
 * One search query from the model: surrounding whitespace trimmed, then filtered, cut-off, blank, multi-line,
 * control-holding or over-long output is a `QueryRewriteError` and there is no fallback to the original query.
 */
export async function rewriteQuery(options: RewriteQueryOptions): Promise<string> {
  checkArgument(isObject(options), 'options', 'an options object', options);
  checkModel(options.model, 'options.model');
  const { model, query, maxLength = 256, instructions = DEFAULT_REWRITE_INSTRUCTIONS, ...settings } = options;
  if (!Number.isSafeInteger(maxLength) || maxLength < 1) {
    throw new InvalidArgumentError({
      parameter: 'options.maxLength',
      expected: 'a positive integer',
      received: maxLength,
    });
  }
  if (typeof query !== 'string') {
    throw new InvalidArgumentError({ parameter: 'options.query', expected: 'a string', received: query });
  }
  if (typeof instructions !== 'string') {
    throw new InvalidArgumentError({
      parameter: 'options.instructions',
      expected: 'a string',
      received: instructions,
    });
  }
  if (isBlank(query)) {
    throw new QueryRewriteError('empty_query', 'The query to rewrite is blank; the model was not called.');
  }
  const { text, finishReason, rawFinishReason } = await generateCompletion({
    model: resolveModel(model),
    prompt: { system: instructions, user: query },
    settings,
  });
  if (finishReason === 'content-filter') {
    throw new QueryRewriteError(
      'content_filter',
      "The provider stopped the rewrite with finish reason 'content-filter'; a filtered rewrite is never a query.",
    );
  }
  // Also `other` with no raw reason: no finish reason arrived, as when a connection is closed mid-reply (ADR 0032).
  if (isUnfinished(finishReason, rawFinishReason)) {
    throw new QueryRewriteError(
      'unfinished',
      `The model stopped before finishing the rewrite (finish reason ${describeFinish(finishReason, rawFinishReason)}); a cut-off query is not used.`,
    );
  }
  const rewritten = text.trim();
  if (isBlank(rewritten)) {
    throw new QueryRewriteError('blank', 'The model returned a blank query rewrite.');
  }
  // Every line break Unicode names: LF, CR, VT, FF, NEL, the line and paragraph separators.
  if (/[\n\r\v\f\u0085\u2028\u2029]/u.test(rewritten)) {
    throw new QueryRewriteError(
      'multiple_lines',
      'The model returned more than one line; expected one query.',
    );
  }
  // Controls (NUL, a terminal's ESC, DEL, C1; tab is a space), unpaired surrogates, bidi embeddings, overrides and
  // isolates (which reorder what a log shows) and tag characters (invisible ASCII): never part of a query, and they
  // would reach the search engine and the logs as they are. Joiners and marks that scripts need stay.
  if (/[^\P{Cc}\t]|\p{Cs}|[\u202a-\u202e\u2066-\u2069\u{e0001}\u{e0020}-\u{e007f}]/u.test(rewritten)) {
    throw new QueryRewriteError(
      'invalid_characters',
      'The query rewrite holds a control character, an unpaired surrogate, a bidi override or isolate, or a tag character; expected printable text.',
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
