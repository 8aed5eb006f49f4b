import type { Citation, Claim, Verification } from '@gk/citations';
import { generateCompletion } from '@gk/model-kit';
import type { FinishReason } from 'ai';
import {
  applySynthesisPolicy,
  type SynthesisOutcome,
  type SynthesisRejectedClaim,
} from './apply-synthesis-policy.js';
import { type PreparedSynthesis, prepareSynthesis, type SynthesizeOptions } from './prepare-synthesis.js';
import { refusedReply, SynthesisError } from './synthesis-error.js';
import { addUsage } from './add-usage.js';

/**
 * Token counts summed over every attempt; `undefined` when the provider reported none for any one attempt, or reported
 * something that is no count (a BigInt, a string, NaN, a negative or fractional number): never a partial sum.
 */
export interface SynthesisUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

export type { SynthesizeOptions };

/** A verified answer: every citation was built from `passages`, every rejection is listed. */
export interface SynthesizeResult {
  /** The answer to show: the completion minus rejected claims (`'drop-claims'`); empty when abstained. */
  text: string;
  /** The completion exactly as the model wrote it (after any middleware). */
  completion: string;
  status: 'answered' | 'abstained';
  /** The claims `text` holds, each with its citations. */
  claims: Claim[];
  /** Deduplicated, in first-mention order, built only from `passages[n - 1]`. */
  citations: Citation[];
  /** Claims that failed (always empty under `'reject-answer'`, which throws instead). */
  rejected: SynthesisRejectedClaim[];
  /** `verifyAnswer`'s verdict on the whole completion, as it returned it. */
  verification: Verification;
  /**
   * Why the model stopped: `stop`, or `length` (then the last claim was rejected as `unfinished_claim`), ...;
   * `other` with no finish reason from the provider (a stream cut off) is treated like `length`. Also `other` when the
   * AI SDK read no finish reason at all (a model answering in another specification's shape, `finishReason: 'stop'`
   * where AI SDK 6 expects `{ unified, raw }`), which is treated like `length` too.
   */
  finishReason: FinishReason;
  model: { provider: string; modelId: string };
  /** SHA-256 (hex) of the prompt template used (not of the rendered prompt). */
  promptHash: string;
  usage: SynthesisUsage;
  /** Model calls made: 1 unless `retry` allowed more and an earlier attempt failed. */
  attempts: number;
}

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
  const prepared = await prepareSynthesis(options);
  const usage: SynthesisUsage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  for (let attempt = 1; ; attempt++) {
    const completion = await generateCompletion({
      model: prepared.model,
      prompt: prepared.prompt,
      settings: prepared.settings,
    }).catch((error: unknown) => {
      // Outside the retry below: a tool call or a second step comes from how the model is set up, not by chance.
      throw refusedReply(error, { attempts: attempt });
    });
    addUsage(usage, completion.usage, attempt);
    try {
      const outcome = applySynthesisPolicy({
        completion: completion.text,
        finishReason: completion.finishReason,
        rawFinishReason: completion.rawFinishReason,
        passages: prepared.passages,
        verify: prepared.verify,
        policy: prepared.policy,
        attempts: attempt,
      });
      return buildSynthesizeResult(prepared, outcome, {
        completion: completion.text,
        finishReason: completion.finishReason,
        usage,
        attempts: attempt,
      });
    } catch (error) {
      if (!SynthesisError.isInstance(error) || attempt >= prepared.maxAttempts) throw error;
    }
  }
}

/** The result of one synthesis: its outcome, the model identity, the prompt hash and what the calls cost. */
export function buildSynthesizeResult(
  prepared: Pick<PreparedSynthesis, 'model' | 'prompt'>,
  outcome: SynthesisOutcome,
  call: { completion: string; finishReason: FinishReason; usage: SynthesisUsage; attempts: number },
): SynthesizeResult {
  return {
    text: outcome.text,
    completion: call.completion,
    status: outcome.status,
    claims: outcome.claims,
    citations: outcome.citations,
    rejected: outcome.rejected,
    verification: outcome.verification,
    // The AI SDK passes on a finish it could not read as `undefined`, which its own type does not allow.
    finishReason: typeof call.finishReason === 'string' ? call.finishReason : 'other',
    model: { provider: prepared.model.provider, modelId: prepared.model.modelId },
    promptHash: prepared.prompt.templateHash,
    usage: { ...call.usage },
    attempts: call.attempts,
  };
}
