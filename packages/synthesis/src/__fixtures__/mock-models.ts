import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

/** Usage as a provider reports it, with fixed token counts. */
export const usage = {
  inputTokens: { total: 11, noCache: 11, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 7, reasoning: undefined },
};

/** How a provider says why it stopped. */
export type FinishReason = LanguageModelV4GenerateResult['finishReason']['unified'];

/** A completion, or a completion and the reason the model stopped (default `stop`). */
export type Reply = string | { text: string; finishReason: FinishReason };

/** A generate result whose content is one text part per string. */
export function generateResult(...texts: string[]): LanguageModelV4GenerateResult {
  return {
    content: texts.map((text) => ({ type: 'text' as const, text })),
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/** A generate result for one reply, with its finish reason as a provider reports it. */
export function replyResult(reply: Reply): LanguageModelV4GenerateResult {
  if (typeof reply === 'string') return generateResult(reply);
  return {
    ...generateResult(reply.text),
    finishReason: { unified: reply.finishReason, raw: 'provider-raw' },
  };
}

/** A mock model that answers each successive call with the next reply (the last one repeats). */
export function scriptedModel(...replies: Reply[]): MockLanguageModelV4 {
  let call = 0;
  return new MockLanguageModelV4({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doGenerate: async () => replyResult(replies[Math.min(call++, replies.length - 1)] ?? ''),
  });
}

/** A mock model that fails the test if either method is called. */
export function forbiddenModel(): MockLanguageModelV4 {
  const fail = (): never => {
    throw new Error('the model must not be called');
  };
  return new MockLanguageModelV4({ doGenerate: fail, doStream: fail });
}

/** A readable stream of text deltas, one per chunk, framed as a provider would frame them. */
export function textStream(chunks: readonly string[]): ReadableStream<LanguageModelV4StreamPart> {
  return convertArrayToReadableStream<LanguageModelV4StreamPart>([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
  ]);
}
