import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** How a scripted reply ends: the AI SDK's unified finish reason and the provider's own (absent when none came). */
export interface ScriptedFinish {
  unified: 'stop' | 'length' | 'other';
  raw: string | undefined;
}

/**
 * A scripted model that answers every call with `text`: a stand-in for a cloud model in offline tests. Streamed,
 * the text arrives a word at a time. `finishReason` (default `stop`) is how it ends, e.g. `length` for a reply cut
 * off at the output limit.
 */
export function replying(
  text: string,
  finishReason: ScriptedFinish = { unified: 'stop', raw: 'stop' },
): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'fixed-reply',
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason,
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...(text.match(/\s*\S+\s*|\s+/g) ?? []).map((delta) => ({
          type: 'text-delta' as const,
          id: 't',
          delta,
        })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason, usage },
      ]),
    }),
  });
}

/** A model whose every call throws `error`, as a provider does when its server fails or cannot be reached. */
export function failing(error: unknown): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'failing',
    doGenerate: async () => {
      throw error;
    },
    doStream: async () => {
      throw error;
    },
  });
}
