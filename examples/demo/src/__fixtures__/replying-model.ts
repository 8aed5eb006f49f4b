import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/**
 * A scripted model that answers every call with `text`: a stand-in for a cloud model in offline tests. Streamed,
 * the text arrives a word at a time.
 */
export function replying(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'fixed-reply',
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
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
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    }),
  });
}
