import type { MockLanguageModelV3 } from 'ai/test';

/** The usage a provider reports with a generate result. */
export type Usage = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>['usage'];

/** Usage as a provider reports it, with `input` prompt tokens and `output` text tokens and nothing cached. */
export function usage(input: number, output: number): Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
