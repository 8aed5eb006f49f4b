import aiPackage from 'ai/package.json' with { type: 'json' };
import * as aiTest from 'ai/test';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import type { GenerateResult, StreamPart } from '../model-types.js';

/** The major version of the `ai` package these tests run against (6 in the workspace, 7 in the matrix run). */
export const AI_MAJOR = Number(aiPackage.version.split('.')[0]);

/**
 * The newest mock language model the installed `ai` ships: `MockLanguageModelV4` on AI SDK 7 (the specification
 * its own providers implement), `MockLanguageModelV3` on AI SDK 6. Their text results have the same shape.
 */
export const MockLanguageModel: typeof MockLanguageModelV3 =
  (aiTest as unknown as { MockLanguageModelV4?: typeof MockLanguageModelV3 }).MockLanguageModelV4 ??
  MockLanguageModelV3;
/** An instance of {@link MockLanguageModel}. */
export type MockLanguageModel = MockLanguageModelV3;
/** The options of one recorded model call. */
export type MockCallOptions = MockLanguageModelV3['doGenerateCalls'][number];

/** Usage as a provider reports it, with fixed token counts. */
export const usage = {
  inputTokens: { total: 11, noCache: 11, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 7, reasoning: undefined },
};

/** A generate result whose content is one text part per string. */
export function generateResult(...texts: string[]): GenerateResult {
  return {
    content: texts.map((text) => ({ type: 'text' as const, text })),
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/** How a provider says why it stopped. */
export type FinishReason = GenerateResult['finishReason']['unified'];

/**
 * A completion, or a completion and the reason the model stopped (default `stop`), with the provider's raw reason
 * (default `'provider-raw'`; `undefined` when the provider reported none).
 */
export type Reply =
  | string
  | { text: string; finishReason: FinishReason; rawFinishReason?: string | undefined };

/** A generate result for one reply, with its finish reason as a provider reports it. */
export function replyResult(reply: Reply): GenerateResult {
  if (typeof reply === 'string') return generateResult(reply);
  return {
    ...generateResult(reply.text),
    finishReason: {
      unified: reply.finishReason,
      raw: 'rawFinishReason' in reply ? reply.rawFinishReason : 'provider-raw',
    },
  };
}

/** A mock model that answers each successive call with the next reply (the last one repeats). */
export function scriptedModel(...replies: Reply[]): MockLanguageModel {
  let call = 0;
  return new MockLanguageModel({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doGenerate: async () => replyResult(replies[Math.min(call++, replies.length - 1)] ?? ''),
  });
}

/** A mock model that fails the test if either method is called. */
export function forbiddenModel(): MockLanguageModel {
  const fail = (): never => {
    throw new Error('the model must not be called');
  };
  return new MockLanguageModel({ doGenerate: fail, doStream: fail });
}

/** A readable stream of text deltas, one per chunk, framed as a provider would frame them. */
export function textStream(chunks: readonly string[]): ReadableStream<StreamPart> {
  return convertArrayToReadableStream<StreamPart>([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
  ]);
}
