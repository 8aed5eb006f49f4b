import { splitClaims } from '@gk/citations';
import { checkArgument, isBlank, isOptional, readArgument, readOptions, stripInvisible } from '@gk/internal';
import type {
  CallOptions,
  GenerateResult,
  LanguageModelV3,
  StreamPart,
  StreamResult,
  Usage,
  Warning,
} from '../model-types.js';
import { DEFAULT_SETTINGS, type ExtractAnswerSettings, extractAnswer, tokenize } from './extract-answer.js';
import { runStartBefore } from '../match-runs.js';

/** Options for `extractiveModel`. */
export interface ExtractiveModelOptions {
  /** Most sentences in one answer (default 3, at most `MAX_SENTENCES`, 100). */
  maxSentences?: number;
  /** The reply when no source sentence shares a content word with the question (default `'NO_SOURCE'`). */
  noSourceToken?: string;
  /** The label that starts the question line after the sources (default `'Question:'`). */
  questionLabel?: string;
  /** Words ignored when matching the question (default: `DEFAULT_STOP_WORDS` of `@gk/citations`). */
  stopWords?: readonly string[];
  /** Locale for sentence segmentation (default `'en'`). */
  locale?: string;
  /**
   * Domain knowledge of which sentences answer which questions: a factor on each source sentence's score (default
   * 1 for all), e.g. more for a warranty disclaimer when a licence question asks about warranties. Called with the
   * sentence and the question as read from the prompt; must return a finite number ≥ 0 (0 rules the sentence out).
   */
  sentenceWeight?: (sentence: string, question: string) => number;
}

/** The largest `maxSentences` an `ExtractiveModel` takes. */
export const MAX_SENTENCES = 100;

/**
 * An offline, deterministic AI SDK language model: it reads the numbered sources from the prompt and answers
 * with verbatim source sentences chosen by BM25 overlap with the question, each tagged `[n]`. It honours the call's
 * `stopSequences` and `maxOutputTokens` (see `limit`) and warns of the sampling settings it ignores.
 */
export class ExtractiveModel implements LanguageModelV3 {
  // v3: the specification AI SDK 6 implements and AI SDK 7 still accepts, so one model serves both.
  readonly specificationVersion = 'v3';
  readonly provider = 'groundkit';
  readonly modelId = 'extractive';
  readonly supportedUrls: Record<string, RegExp[]> = {};
  private readonly settings: ExtractAnswerSettings;

  constructor(given: ExtractiveModelOptions = {}) {
    // Each option read once, into a copy: a getter that throws is refused, naming the option.
    const options = readOptions(given, [
      'maxSentences',
      'noSourceToken',
      'questionLabel',
      'stopWords',
      'locale',
      'sentenceWeight',
    ]);
    const { maxSentences = DEFAULT_SETTINGS.maxSentences, noSourceToken, questionLabel, locale } = options;
    // The words are copied once: a revoked proxy or a throwing getter is refused with a code, and what is checked is
    // what is used.
    const stopWords = readArgument('stopWords', () =>
      Array.isArray(options.stopWords)
        ? Array.from(options.stopWords as readonly unknown[])
        : options.stopWords,
    );
    // Each sentence chosen is verified together with those before it (quotation marks may pair across lines), so the
    // work grows with the square of the answer's length: bounded, as no answer needs more lines.
    checkArgument(
      Number.isSafeInteger(maxSentences) && maxSentences >= 1 && maxSentences <= MAX_SENTENCES,
      'maxSentences',
      `a positive integer up to ${MAX_SENTENCES}`,
      maxSentences,
    );
    checkArgument(
      noSourceToken === undefined || isToken(noSourceToken),
      'noSourceToken',
      'a string that shows and holds no citation marker',
      noSourceToken,
    );
    checkArgument(
      questionLabel === undefined || isLabel(questionLabel),
      'questionLabel',
      'a one-line label that ends in a punctuation mark, such as "Question:"',
      questionLabel,
    );
    checkArgument(
      stopWords === undefined ||
        (Array.isArray(stopWords) && stopWords.every((word) => typeof word === 'string')),
      'stopWords',
      'an array of strings',
      stopWords,
    );
    checkArgument(locale === undefined || isLocale(locale), 'locale', 'a BCP 47 language tag', locale);
    checkArgument(
      isOptional(options.sentenceWeight, 'function'),
      'sentenceWeight',
      'a function',
      options.sentenceWeight,
    );
    this.settings = {
      maxSentences,
      noSourceToken: options.noSourceToken ?? DEFAULT_SETTINGS.noSourceToken,
      questionLabel: options.questionLabel ?? DEFAULT_SETTINGS.questionLabel,
      stopWords: stopWords ? new Set(stopWords as readonly string[]) : DEFAULT_SETTINGS.stopWords,
      locale: options.locale ?? DEFAULT_SETTINGS.locale,
      ...(options.sentenceWeight === undefined ? {} : { sentenceWeight: options.sentenceWeight }),
    };
  }

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const { text, usage, finish } = this.answer(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: finish, raw: finish },
      usage,
      warnings: warningsFor(options),
    };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const { text, usage, finish } = this.answer(options);
    const lines = text.split('\n');
    const parts: StreamPart[] = [
      { type: 'stream-start', warnings: warningsFor(options) },
      { type: 'response-metadata', modelId: this.modelId },
      { type: 'text-start', id: '0' },
      ...lines.map(
        (line, i): StreamPart => ({
          type: 'text-delta',
          id: '0',
          delta: i < lines.length - 1 ? `${line}\n` : line,
        }),
      ),
      { type: 'text-end', id: '0' },
      { type: 'finish', usage, finishReason: { unified: finish, raw: finish } },
    ];
    return {
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }

  private answer(options: CallOptions): { text: string; usage: Usage; finish: 'stop' | 'length' } {
    options.abortSignal?.throwIfAborted();
    const texts = readableTexts(options);
    const { text, finish } = limit(extractAnswer(texts, this.settings).text, options);
    // Usage counts the model's own word tokens, the closest honest analogue of provider tokens.
    const input = texts.reduce((count, part) => count + tokenize(part).length, 0);
    const output = tokenize(text).length;
    return {
      text,
      finish,
      usage: {
        inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: output, text: output, reasoning: undefined },
      },
    };
  }
}

/**
 * The answer as a model held to the call's limits writes it: up to the first of the `stopSequences` (left out; finish
 * reason `stop`), then at most `maxOutputTokens` tokens as usage counts them (`tokenize`), cut after the last whole
 * one (finish reason `length`). A prefix never holds fewer tokens than a shorter one, so the longest that fits is found
 * by bisection: O(n log n) in the answer.
 */
function limit(answer: string, options: CallOptions): { text: string; finish: 'stop' | 'length' } {
  let text = answer;
  let stopAt = -1;
  for (const sequence of options.stopSequences ?? []) {
    if (typeof sequence !== 'string' || sequence === '') continue;
    const at = text.indexOf(sequence);
    if (at !== -1 && (stopAt === -1 || at < stopAt)) stopAt = at;
  }
  if (stopAt !== -1) text = text.slice(0, stopAt);
  const max = options.maxOutputTokens;
  if (max === undefined || !(tokenize(text).length > max)) return { text, finish: 'stop' };
  let fits = 0;
  let over = text.length;
  while (over - fits > 1) {
    const middle = (fits + over) >>> 1;
    if (tokenize(text.slice(0, middle)).length <= max) fits = middle;
    else over = middle;
  }
  // `.replace(/[^\p{L}\p{N}\p{M}]+$/u, '')` by a loop (see `match-runs.ts`).
  const kept = text.slice(0, fits);
  return { text: kept.slice(0, runStartBefore(kept, kept.length, NOT_WORD)), finish: 'length' };
}

/** Whether `locale` is a string `Intl` takes as a language tag. */
function isLocale(locale: unknown): boolean {
  try {
    return typeof locale === 'string' && typeof Intl.getCanonicalLocales(locale) === 'object';
  } catch {
    return false;
  }
}

/** An offline, deterministic AI SDK `LanguageModel` that answers with cited verbatim source sentences. */
export function extractiveModel(options?: ExtractiveModelOptions): ExtractiveModel {
  return new ExtractiveModel(options);
}

/** The system messages and the text parts of user messages, in order, each apart: a boundary the sources end at. */
function readableTexts(options: CallOptions): string[] {
  const texts: string[] = [];
  for (const message of options.prompt) {
    if (message.role === 'system') texts.push(message.content);
    else if (message.role === 'user') {
      for (const part of message.content) if (part.type === 'text') texts.push(part.text);
    }
  }
  return texts;
}

/**
 * Whether `token` can be the no-source reply: it shows, and it holds no marker, which would make the reply a claim
 * citing a source (`[1]`) that the verifier checks instead of reading it as the abstention.
 */
function isToken(token: unknown): token is string {
  return (
    typeof token === 'string' &&
    !isBlank(token) &&
    !splitClaims(token, { ranges: true }).some((unit) => unit.markers.length > 0)
  );
}

/**
 * Whether `label` can mark the question line: a line that starts with it ends a source, so it must show, sit on one
 * line and end in a visible mark that is no letter or digit (`Question:`, `Q:`; trailing spaces aside); a bare word
 * (`The`) starts ordinary source lines and would cut the sources there.
 */
function isLabel(label: unknown): label is string {
  return (
    typeof label === 'string' &&
    !isBlank(label) &&
    !/[\n\r\v\f\u0085\u2028\u2029]/u.test(label) &&
    /[^\p{L}\p{M}\p{N}\s]$/u.test(stripInvisible(label).trimEnd())
  );
}

// One character that is no letter, digit or mark, which a cut answer does not end with.
const NOT_WORD = /[^\p{L}\p{N}\p{M}]/uy;

// Sampling settings: the model is deterministic, so it has nothing they could change.
const SAMPLING_SETTINGS = [
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
] as const;

/** An `unsupported` warning (the v3 shape) for each feature the call asks for that the model ignores. */
function warningsFor(options: CallOptions): Warning[] {
  const warnings: Warning[] = [];
  for (const setting of SAMPLING_SETTINGS) {
    if (options[setting] !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature: setting,
        details: `The extractive model is deterministic; ${setting} is ignored.`,
      });
    }
  }
  if (options.tools !== undefined && options.tools.length > 0)
    warnings.push({ type: 'unsupported', feature: 'tools' });
  if (options.responseFormat?.type === 'json')
    warnings.push({ type: 'unsupported', feature: 'responseFormat' });
  return warnings;
}
