import {
  checkArgument,
  INVISIBLE_CLASS,
  InvalidArgumentError,
  isBlank,
  isObject,
  readArgument,
  readOptions,
} from '@gk/internal';
import {
  checkModel,
  checkSettingKeys,
  describeFinish,
  generateCompletion,
  isUnfinished,
  ModelStreamError,
  resolveModel,
} from '@gk/model-kit';
import type { CallSettings, LanguageModel } from 'ai';
import { checkRewriteContent } from './check-rewrite-content.js';
import { checkRewriteMarkup } from './check-rewrite-markup.js';
import { QueryRewriteError } from './query-rewrite-error.js';
import { startsWithLabel } from './starts-with-label.js';

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

// Controls (NUL, a terminal's ESC, DEL, C1; tab is a space), unpaired surrogates, and every character that renders as
// nothing by the shared definition (`INVISIBLE_CLASS`: bidi marks, embeddings, overrides and isolates, which reorder
// what a log shows; soft hyphens, zero-width spaces, word joiners, Hangul fillers and the combining grapheme joiner,
// which split a term the search engine then misses; BOM; tag characters) plus U+2800 BRAILLE PATTERN BLANK and the
// interlinear annotation marks, which hide text: never part of a query. Kept: the zero-width joiner and non-joiner
// between letters, marks or emoji (Persian, Indic scripts, emoji sequences), a variation selector after an emoji, a
// keycap digit, a CJK ideograph or a Mongolian letter (which it selects a form of), and the format signs that show (U+0600 ARABIC NUMBER SIGN, Egyptian hieroglyph
// controls).
const JOINS = '[\\p{L}\\p{M}\\p{Extended_Pictographic}\\p{Emoji_Modifier}]';
const SELECTOR = '[\\u180b-\\u180d\\u180f\\ufe00-\\ufe0f\\u{e0100}-\\u{e01ef}]';
const SELECTS = '[\\p{Emoji}\\p{Ideographic}\\p{sc=Mongolian}]';
const REFUSED_CHARACTER = new RegExp(
  `[^\\P{Cc}\\t]|\\p{Cs}|[\\u2800\\ufff9-\\ufffb]|(?<!${JOINS})[\\u200c\\u200d]|[\\u200c\\u200d](?!${JOINS})|` +
    `(?<!${SELECTS})${SELECTOR}|(?![\\u200c\\u200d])(?!${SELECTOR})${INVISIBLE_CLASS}`,
  'u',
);
// Opening and closing quotation marks, pair by pair, and emphasis marks: a reply wrapped whole in one pair (or in a
// run of one, ```` ```query``` ````, `**query**`) is a quoted query.
const QUOTE_PAIRS = [
  '""',
  "''",
  '``',
  '\u201c\u201d',
  '\u2018\u2019',
  '\u201e\u201c',
  '\u201e\u201d',
  '\u201a\u2018',
  '\u201a\u2019',
  '\u201f\u201d',
  '\u201b\u2019',
  '\u00ab\u00bb',
  '\u00bb\u00ab',
  '\u2039\u203a',
  '\u203a\u2039',
  '\u300c\u300d',
  '\u300e\u300f',
  '\u301d\u301e',
  '\u301d\u301f',
  '\uff02\uff02',
  '\uff07\uff07',
  '\uff62\uff63',
  '**',
  '__',
  '~~',
];

/** `rewriteQuery`'s own options; any other key must be an AI SDK call setting (`tools` would make it an agent). */
const REWRITE_OPTION_KEYS: ReadonlySet<string> = new Set(['model', 'query', 'maxLength', 'instructions']);

/**
 * One search query from the model: surrounding whitespace trimmed, then filtered, cut-off, blank, multi-line,
 * labelled, quoted, markup-holding (`checkRewriteMarkup`), control-holding or over-long output is a `QueryRewriteError`, and so is a refusal, an added search
 * operator and a dropped number, quoted phrase or name (`checkRewriteContent`); there is no fallback to the original
 * query.
 */
export async function rewriteQuery(options: RewriteQueryOptions): Promise<string> {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // Every option read once, into a copy: a getter or a proxy that throws is refused with a code, naming the option.
  const given = readOptions(options);
  checkSettingKeys(given, REWRITE_OPTION_KEYS);
  checkModel(given.model, 'options.model');
  const { model, query, maxLength = 256, instructions = DEFAULT_REWRITE_INSTRUCTIONS, ...settings } = given;
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
    // A query is no sentence: it ends without a full stop, and a caller's stop sequence (a line break, say) marks
    // where one ends. So a `stop` is taken as the end of the rewrite, as it was before sentence ends were asked.
    endsWhole: () => true,
  }).catch((error: unknown) => {
    // A reply with a tool call or a second step is no query either: refused as such, the ModelStreamError its cause.
    if (!ModelStreamError.isInstance(error)) throw error;
    // A whole reply holds no interleaved text parts (a stream's refusal): its codes are these two.
    throw new QueryRewriteError(error.code as 'tool_call' | 'part_after_finish', error.message, {
      cause: error,
    });
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
  if (REFUSED_CHARACTER.test(rewritten)) {
    throw new QueryRewriteError(
      'invalid_characters',
      'The query rewrite holds a control character, an unpaired surrogate or a character that renders as nothing (a bidi mark, override or isolate, a zero-width space, a soft hyphen, a filler, a tag character); expected printable text.',
    );
  }
  // The instructions ask for the query alone: a label or quotes around it are refused, never taken off.
  if (startsWithLabel(rewritten, query)) {
    throw new QueryRewriteError(
      'labelled',
      'The query rewrite starts with a label; expected the query alone.',
    );
  }
  if (isQuoted(rewritten)) {
    throw new QueryRewriteError(
      'quoted',
      'The query rewrite is wrapped in quotation marks or emphasis marks; expected the query alone.',
    );
  }
  // Markup or several queries anywhere, not only around the query (`markup`, `multiple_lines`).
  checkRewriteMarkup(query, rewritten);
  if (rewritten.length > maxLength) {
    throw new QueryRewriteError(
      'too_long',
      `The query rewrite is ${rewritten.length} characters long; expected at most ${maxLength}.`,
    );
  }
  checkRewriteContent(query, rewritten);
  return rewritten;
}

/**
 * Whether `text` is wrapped whole in one pair of quotation or emphasis marks, or a run of them (```` ``` ````, `**`),
 * that it holds nowhere else (`"refund policy"`). A `__` pair wraps a query only around a space (`__refund policy__`).
 */
function isQuoted(text: string): boolean {
  if (text.length < 2) return false;
  const open = text[0]!;
  const close = text.at(-1)!;
  if (!QUOTE_PAIRS.includes(open + close)) return false;
  let run = 1;
  while (run < text.length / 2 && text[run] === open && text[text.length - 1 - run] === close) run++;
  const inner = text.slice(run, text.length - run);
  // `__init__`, `__main__`: a name in Python and kin, which emphasis never wraps without a space inside.
  if (open === '_' && run === 2 && !/\s/u.test(inner)) return false;
  return !inner.includes(open) && !inner.includes(close);
}
