import {
  type Citation,
  type Passage,
  type RejectedClaim,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';
import { generateText, type LanguageModel } from 'ai';
import { acceptedText } from './accepted-text.js';
import { isBlank } from './blank.js';
import { DEFAULT_PROMPT, NO_SOURCE_TOKEN, type PromptTemplate, renderPrompt } from './default-prompt.js';
import { SynthesisError } from './synthesis-error.js';
import { resolveModel } from './resolve-model.js';

/** Options for `synthesize`. */
export interface SynthesizeOptions {
  /**
   * Any AI SDK language model: a model object, or a model id string resolved the way the AI SDK resolves it
   * (global default provider, else the gateway); its `provider` and `modelId` are recorded in the result.
   */
  model: LanguageModel;
  question: string;
  /** The retrieved passages, shown to the model as sources `[1]..[n]`; `[n]` resolves to `passages[n - 1]`. */
  passages: readonly Passage[];
  /** A custom template (default `DEFAULT_PROMPT`); its SHA-256 is `promptHash`. */
  prompt?: PromptTemplate;
  /**
   * Options for `verifyAnswer`. The lexical support check is off unless you pass `support` (it over-refuses
   * paraphrase); `noSourceToken` defaults to `NO_SOURCE_TOKEN`.
   */
  verify?: VerifyOptions;
  /** `'reject-answer'` (default): any rejected claim fails the answer. `'drop-claims'`: survivors are kept. */
  policy?: 'reject-answer' | 'drop-claims';
  /**
   * Opt-in: total model calls allowed when an attempt ends in a post-call `SynthesisError` (1..5, default 1).
   * The same prompt is sent again, nothing is repaired, and `attempts` records how many calls were made.
   */
  retry?: { maxAttempts: number };
  maxOutputTokens?: number;
  temperature?: number;
  seed?: number;
  /** AI SDK transport retries (network errors, rate limits); they never re-prompt on a bad answer. */
  maxRetries?: number;
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/** Token counts summed over every attempt; `undefined` when the provider reported none. */
export interface SynthesisUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

/** A verified answer: every citation was built from `passages`, every rejection is listed. */
export interface SynthesizeResult {
  /** The answer to show: the completion minus rejected claims (`'drop-claims'`); empty when abstained. */
  text: string;
  /** The completion exactly as the model wrote it (after any middleware). */
  completion: string;
  status: 'answered' | 'abstained';
  /** Deduplicated, in first-mention order, built only from `passages[n - 1]`. */
  citations: Citation[];
  /** Claims that failed verification (always empty under `'reject-answer'`, which throws instead). */
  rejected: RejectedClaim[];
  verification: Verification;
  model: { provider: string; modelId: string };
  /** SHA-256 (hex) of the prompt template used (not of the rendered prompt). */
  promptHash: string;
  usage: SynthesisUsage;
  /** Model calls made: 1 unless `retry` allowed more and an earlier attempt failed. */
  attempts: number;
}

const RETRY_LIMIT = 5;

/**
 * Answers `question` from `passages` with any AI SDK model and verifies the answer: citations are built from
 * the passages the model's `[n]` markers name, and anything that does not verify is rejected with a code.
 *
 * @example
 * const result = await synthesize({ model: extractiveModel(), question: 'When is GPL-3.0 compatible?', passages });
 * result.status;     // 'answered'
 * result.citations;  // [{ source: 1, documentId: 'gpl-3.0', chunkId: 'c4', start: 812, end: 1190, text: '...' }]
 */
export async function synthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
  const { question, passages, policy = 'reject-answer' } = options;
  const model = resolveModel(options.model);
  if (!Array.isArray(passages) || passages.length === 0) {
    throw new SynthesisError({
      code: 'no_passages',
      message: 'No passages to answer from; the model was not called.',
    });
  }
  if (typeof question !== 'string' || isBlank(question)) {
    throw new SynthesisError({
      code: 'empty_question',
      message: 'The question is blank; the model was not called.',
    });
  }
  if (policy !== 'reject-answer' && policy !== 'drop-claims') {
    throw new TypeError(`policy must be 'reject-answer' or 'drop-claims', received ${String(policy)}`);
  }
  const maxAttempts = options.retry?.maxAttempts ?? 1;
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > RETRY_LIMIT) {
    throw new RangeError(
      `retry.maxAttempts must be an integer in 1..${RETRY_LIMIT}, received ${String(maxAttempts)}`,
    );
  }
  const prompt = await renderPrompt(options.prompt ?? DEFAULT_PROMPT, { question, passages });
  const verifyOptions: VerifyOptions = { noSourceToken: NO_SOURCE_TOKEN, support: false, ...options.verify };
  const usage: SynthesisUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };

  for (let attempt = 1; ; attempt++) {
    const generated = await generateText({
      model,
      // `system` (not `instructions`, which AI SDK 6 does not know): AI SDK 7 still reads it.
      system: prompt.system,
      prompt: prompt.user,
      maxOutputTokens: options.maxOutputTokens,
      temperature: options.temperature,
      seed: options.seed,
      maxRetries: options.maxRetries,
      abortSignal: options.abortSignal,
      headers: options.headers,
    });
    addUsage(usage, generated.usage);
    try {
      const outcome = judge(generated.text, passages, verifyOptions, policy, attempt);
      return {
        ...outcome,
        completion: generated.text,
        model: { provider: model.provider, modelId: model.modelId },
        promptHash: prompt.templateHash,
        usage,
        attempts: attempt,
      };
    } catch (error) {
      if (!SynthesisError.isInstance(error) || attempt >= maxAttempts) throw error;
    }
  }
}

type Outcome = Pick<SynthesizeResult, 'text' | 'status' | 'citations' | 'rejected' | 'verification'>;

function judge(
  completion: string,
  passages: readonly Passage[],
  verify: VerifyOptions,
  policy: 'reject-answer' | 'drop-claims',
  attempts: number,
): Outcome {
  if (isBlank(completion)) {
    throw new SynthesisError({
      code: 'empty_completion',
      message: 'The model returned a blank completion.',
      attempts,
    });
  }
  const verification = verifyAnswer(completion, passages, verify);
  const { rejected } = verification;
  const fail = (
    code: 'marker_out_of_range' | 'no_accepted_claims' | 'rejected_claims',
    message: string,
  ): never => {
    throw new SynthesisError({ code, message, verification, attempts });
  };
  const outOfRange = rejected.filter((claim) => claim.code === 'marker_out_of_range');
  if (outOfRange.length > 0) {
    const numbers = outOfRange
      .flatMap((claim) => claim.markers)
      .filter((n) => !(n >= 1 && n <= passages.length));
    fail(
      'marker_out_of_range',
      `The answer cites ${describeNumbers(numbers)}, outside the ${passages.length} source(s) shown (1..${passages.length}).`,
    );
  }
  if (verification.status === 'rejected') {
    fail(
      'no_accepted_claims',
      `None of the ${rejected.length} claim(s) in the answer verified: ${countCodes(rejected)}.`,
    );
  }
  if (rejected.length > 0 && policy === 'reject-answer') {
    fail(
      'rejected_claims',
      `${rejected.length} of ${rejected.length + verification.claims.length} claim(s) failed verification (${countCodes(rejected)}); policy 'reject-answer' refuses the answer.`,
    );
  }
  if (verification.status === 'abstained') {
    // An abstention has nothing cited to show; the model's words stay available in `completion`.
    return { text: '', status: 'abstained', citations: [], rejected, verification };
  }
  return {
    text: rejected.length === 0 ? completion.trim() : acceptedText(completion, verification, verify),
    status: 'answered',
    citations: verification.citations,
    rejected,
    verification,
  };
}

function describeNumbers(numbers: readonly number[]): string {
  const unique = [...new Set(numbers)];
  const shown = unique.slice(0, 5).map((n) => (Number.isSafeInteger(n) ? `[${n}]` : '[a number past 2^53]'));
  return unique.length > 5 ? `${shown.join('')} and ${unique.length - 5} more` : shown.join('');
}

function countCodes(rejected: readonly RejectedClaim[]): string {
  const counts = new Map<string, number>();
  for (const claim of rejected) counts.set(claim.code, (counts.get(claim.code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${count} ${code}`).join(', ');
}

function addUsage(
  total: SynthesisUsage,
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number },
): void {
  const add = (a: number | undefined, b: number | undefined): number | undefined =>
    b === undefined ? a : (a ?? 0) + b;
  total.inputTokens = add(total.inputTokens, usage.inputTokens);
  total.outputTokens = add(total.outputTokens, usage.outputTokens);
  total.totalTokens = add(total.totalTokens, usage.totalTokens);
}
