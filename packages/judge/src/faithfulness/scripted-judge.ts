import { checkArgument, isObject, isOptional, readOptions, readArgument } from '@gk/internal';
import { MockLanguageModelV3 } from 'ai/test';

// v3: the mock and specification that AI SDK 6 and AI SDK 7 both ship and accept.
type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];

/** Options for {@link scriptedJudge}. */
export interface ScriptedJudgeOptions {
  /** Returns the completion for one rendered judge prompt (the whole user message text). */
  respond: (prompt: string) => string;
  /** Defaults to `scripted`, so a recorded identity never passes for a real model. */
  provider?: string;
  /** Defaults to `scripted-judge`. */
  modelId?: string;
}

/**
 * An offline judge model for tests and demos that answers each prompt with `respond(prompt)`; its identity
 * says `scripted` so no report can mistake it for a real judge. Call records are on `doGenerateCalls`.
 */
export function scriptedJudge(options: ScriptedJudgeOptions): MockLanguageModelV3 {
  // Checked as every export checks its options, now: not at the first call, nor recorded as a judge's identity.
  readArgument('options', () =>
    checkArgument(isObject(options), 'options', 'an options object `{ respond }`', options),
  );
  const { respond, provider, modelId } = readOptions(options, ['respond', 'provider', 'modelId']);
  checkArgument(
    typeof respond === 'function',
    'options.respond',
    'a function (prompt) => completion',
    respond,
  );
  checkArgument(isOptional(provider, 'string'), 'options.provider', 'a string', provider);
  checkArgument(isOptional(modelId, 'string'), 'options.modelId', 'a string', modelId);
  return new MockLanguageModelV3({
    provider: provider ?? 'scripted',
    modelId: modelId ?? 'scripted-judge',
    doGenerate: async (call) => ({
      content: [{ type: 'text', text: respond(promptText(call)) }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

function promptText(call: CallOptions): string {
  const parts: string[] = [];
  for (const message of call.prompt) {
    if (message.role === 'system') parts.push(message.content);
    else if (message.role === 'user') {
      for (const part of message.content) if (part.type === 'text') parts.push(part.text);
    }
  }
  return parts.join('\n');
}
