import { type CallSettings, type FinishReason, generateText } from 'ai';
import { finishWithTools } from './is-unfinished.js';
import type { LanguageModelObject } from './resolve-model.js';

/** Options for {@link generateCompletion}. */
export interface GenerateCompletionOptions {
  model: LanguageModelObject;
  /** The instructions (`system`, left out when empty) and the user message. */
  prompt: { system: string; user: string };
  /** AI SDK call settings, passed through as given. */
  settings?: CallSettings;
}

/** What one model call produced: the text, why it stopped, and the usage it reported. */
export interface Completion {
  text: string;
  /**
   * The AI SDK's unified finish reason: `stop`, `length`, `content-filter`, `error`, ...; `tool-calls` also when
   * the provider said `stop` but the completion holds a tool call, since its text stopped for a tool result.
   */
  finishReason: FinishReason;
  /**
   * The provider's own finish reason; `undefined` when none arrived (with `other`, the provider or the AI SDK
   * saw no finish reason at all, as when a connection closes mid-answer).
   */
  rawFinishReason: string | undefined;
  usage: {
    inputTokens: number | undefined;
    outputTokens: number | undefined;
    totalTokens: number | undefined;
  };
}

/**
 * One `generateText` call with instructions and one user message, the way every package makes it; AI SDK
 * errors pass through unchanged.
 */
export async function generateCompletion(options: GenerateCompletionOptions): Promise<Completion> {
  const { model, prompt, settings } = options;
  const result = await generateText({
    ...settings,
    model,
    // `system` is the name both AI SDK majors accept (v7 prefers `instructions`, which v6 does not know).
    ...(prompt.system === '' ? {} : { system: prompt.system }),
    prompt: prompt.user,
  });
  const { inputTokens, outputTokens, totalTokens } = result.usage;
  return {
    text: result.text,
    // A completion that holds a tool call stopped for its result, whatever the provider said.
    finishReason: finishWithTools(
      result.finishReason,
      result.content.some((part) => part.type.startsWith('tool-')),
    ),
    rawFinishReason: result.rawFinishReason,
    usage: { inputTokens, outputTokens, totalTokens },
  };
}
