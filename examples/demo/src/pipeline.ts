import { type Citation, InvalidPassageError } from '@gk/citations';
import {
  InvalidArgumentError,
  type SynthesisEvent,
  SynthesisError,
  type SynthesisRejectedClaim,
  streamSynthesize,
  synthesize,
} from '@gk/synthesis';
import type { LanguageModel } from 'ai';
import { buildLicenceIndex, type LicenceIndex } from './build-index.js';
import { loadLicences } from './load-licences.js';
import { type RankedLicence, retrievePassages } from './retrieve.js';
import { type ShownClaim, showClaims } from './show-claims.js';

/** How one question ended; `failed` when the model could not be called or its reply could not be read. */
export type AnswerOutcome = 'answered' | 'abstained' | 'rejected' | 'failed';

/** A passage as it was numbered for the model. */
export interface ShownPassage {
  source: number;
  documentId: string;
  chunkId: string;
  start: number;
  end: number;
}

/** Everything the demo prints about one question; also what `--json` emits for it. */
export interface AnswerRecord {
  question: string;
  outcome: AnswerOutcome;
  /** Who abstained: retrieval (no passage matched, no model was called) or the model; `null` otherwise. */
  abstainedAt: 'retrieval' | 'model' | null;
  /** The model's answer text, when synthesis returned one. */
  text: string | null;
  /** The claims the answer shows, each citation with whether it was narrowed to a quotation and where the claim sits. */
  claims: ShownClaim[];
  /** The claims cut from the answer, a last claim the model did not finish (`unfinished_claim`) among them. */
  rejected: SynthesisRejectedClaim[];
  citations: Citation[];
  /**
   * Why there is no answer: the synthesis rejection (`SynthesisError` code and message) when the answer as a whole
   * was refused, or `model_call_failed` with the model's error message when the call failed (outcome `failed`).
   */
  error: { code: string; message: string } | null;
  /** Licence ids the question names, in order of mention. */
  mentionedLicences: string[];
  /** The licence answered from: the first one named (see `retrievePassages`); empty for the whole corpus. */
  searchedLicences: string[];
  /** When no licence is named: the families that fit best, best first (see `retrievePassages`). */
  licenceRanking: RankedLicence[];
  /** When no licence is named: the other families that fit about as well as the best, so the question is ambiguous. */
  ambiguousWith: string[];
  /** What the question asks that the licence it names says nothing about (see `retrievePassages`); then nothing is cited. */
  unaddressed: string[];
  passages: ShownPassage[];
  promptHash: string | null;
  timings: { retrievalMs: number; synthesisMs: number; totalMs: number };
}

/** Options for {@link createLicencePipeline}. */
export interface LicencePipelineOptions {
  model: Exclude<LanguageModel, string>;
  /** Passages shown to the model per question (default 5). */
  topK?: number;
  /** `drop-claims` (default here) keeps supported claims and lists the rest; `reject-answer` refuses the answer. */
  policy?: 'drop-claims' | 'reject-answer';
  /** Lexical support check in `verifyAnswer` (default on): a claim must share 55% of its content words. */
  support?: boolean;
  /** A prebuilt index, e.g. shared between tests; built from `spdx-license-list` when absent. */
  index?: LicenceIndex;
}

/** Options for one question. */
export interface AnswerQuestionOptions {
  /**
   * Called with each claim as soon as it is verified, while the model is still writing (the answer is then
   * streamed with `streamSynthesize`); without it the answer is made in one call with `synthesize`.
   */
  onClaim?: (claim: ShownClaim) => void;
}

/** A question-answering pipeline over the licence corpus: retrieve, then synthesize with citations. */
export interface LicencePipeline {
  index: LicenceIndex;
  answerQuestion(question: string, options?: AnswerQuestionOptions): Promise<AnswerRecord>;
}

/** Builds the index (about a second) and returns `answerQuestion`, used by the CLI and the examples. */
export function createLicencePipeline(options: LicencePipelineOptions): LicencePipeline {
  const index = options.index ?? buildLicenceIndex(loadLicences());
  const policy = options.policy ?? 'drop-claims';
  const topK = options.topK ?? 5;
  const verify = options.support === false ? undefined : { support: {} };

  async function answerQuestion(
    question: string,
    answerOptions: AnswerQuestionOptions = {},
  ): Promise<AnswerRecord> {
    const began = performance.now();
    const retrieval = retrievePassages(index, question, { topK });
    const record: AnswerRecord = {
      question,
      outcome: 'abstained',
      abstainedAt: 'retrieval',
      text: null,
      claims: [],
      rejected: [],
      citations: [],
      error: null,
      mentionedLicences: retrieval.mentionedLicences,
      searchedLicences: retrieval.searchedLicences,
      licenceRanking: retrieval.licenceRanking,
      ambiguousWith: retrieval.ambiguousWith,
      unaddressed: retrieval.unaddressed,
      passages: retrieval.passages.map((passage, position) => ({
        source: position + 1,
        documentId: passage.documentId,
        chunkId: passage.chunkId,
        start: passage.start,
        end: passage.end,
      })),
      promptHash: null,
      timings: { retrievalMs: retrieval.ms, synthesisMs: 0, totalMs: 0 },
    };
    // Synthesis over zero passages is an invocation error; the demo reports it without calling a model.
    if (retrieval.passages.length > 0) {
      const synthesisBegan = performance.now();
      // An error thrown by `onClaim` is the caller's, not the model's: it is rethrown, never recorded as a failed call.
      const caller = { threw: false };
      try {
        const passages = retrieval.passages;
        const { onClaim } = answerOptions;
        const call = { model: options.model, question, passages, policy, verify };
        const result =
          onClaim === undefined
            ? await synthesize(call)
            : await streamSynthesize({
                ...call,
                onEvent: (event: SynthesisEvent) => {
                  if (event.type !== 'claim') return;
                  try {
                    onClaim(showClaims([event.claim], passages)[0]!);
                  } catch (error) {
                    caller.threw = true;
                    throw error;
                  }
                },
              }).result;
        record.outcome = result.status;
        record.abstainedAt = result.status === 'abstained' ? 'model' : null;
        record.text = result.text;
        // What the answer shows, not `result.verification`: that is the whole completion, a cut-off last claim included.
        record.claims = showClaims(result.claims, passages);
        record.rejected = result.rejected;
        record.citations = result.citations;
        record.promptHash = result.promptHash;
      } catch (error) {
        if (SynthesisError.isInstance(error)) {
          record.outcome = 'rejected';
          record.abstainedAt = null;
          record.error = { code: error.code, message: error.message };
          // A refused stream stops at its first rejection: it lists what was rejected up to there.
          record.rejected = error.rejected;
        } else if (caller.threw || isDemoError(error)) {
          throw error;
        } else {
          record.outcome = 'failed';
          record.abstainedAt = null;
          record.error = { code: 'model_call_failed', message: messageOf(error) };
        }
      }
      record.timings.synthesisMs = performance.now() - synthesisBegan;
    }
    record.timings.totalMs = performance.now() - began;
    return record;
  }

  return { index, answerQuestion };
}

/** Groundkit's refusal of the demo's own input (options, passages): a bug in the demo, not a failed model call. */
function isDemoError(error: unknown): boolean {
  return InvalidArgumentError.isInstance(error) || InvalidPassageError.isInstance(error);
}

// A server's error message can be long (an HTML error page); the record keeps its start.
const MESSAGE_LENGTH = 200;

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const characters = Array.from(message);
  return characters.length <= MESSAGE_LENGTH ? message : `${characters.slice(0, MESSAGE_LENGTH).join('')}…`;
}
