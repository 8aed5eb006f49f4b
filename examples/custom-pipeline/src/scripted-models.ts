import type { Verdict } from '@gk/judge';
import { scriptedJudge } from '@gk/judge/test';
import { MockLanguageModelV3 } from 'ai/test';

/** How the output names the scripted judge, so nobody mistakes it for a model. */
export const SCRIPTED_JUDGE_LABEL =
  'scripted judge (not a model): faithful iff every accepted claim is found verbatim in a passage it cites, uncalibrated';

/** How the output names the scripted rewriter. */
export const SCRIPTED_REWRITER_LABEL = 'scripted rewriter (not a model): returns the question unchanged';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

function textResult(text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    },
    warnings: [],
  };
}

/**
 * A judge stand-in for offline runs: `scriptedJudge` from `@gk/judge/test` replying with the JSON of
 * `verdict()`, so the reply goes through the same strict decoding in `judgeFaithfulness` as a real judge's.
 */
export function createScriptedJudge(verdict: () => Verdict): MockLanguageModelV3 {
  return scriptedJudge({ modelId: 'verbatim-rule-judge', respond: () => JSON.stringify(verdict()) });
}

/** A rewrite stand-in: replies with the user message it was given, so `rewriteQuery` runs end to end offline. */
export function createScriptedRewriter(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'identity-rewriter',
    doGenerate: async (options) => {
      const user = options.prompt.findLast((message) => message.role === 'user');
      const text =
        user?.role === 'user'
          ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
          : '';
      return textResult(text);
    },
  });
}
