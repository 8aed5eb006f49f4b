import type { LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

// What the scripted model "says". One sentence is made up, one cites a source that does not exist, one
// cites nothing: the kinds of mistakes real models make, so that the verification has something to catch.
const SCRIPTED_ANSWER = [
  'Hotel stays are reimbursed up to 180 EUR per night in most cities [1].',
  'Receipts are required for every expense above 25 EUR [2].',
  'Partners may join business trips at company expense [1].',
  'Managers approve exceptions in the expense tool [4].',
  'Book early to get the best prices.',
].join(' ');

/**
 * The app's model call, scripted so the example runs offline: an AI SDK `MockLanguageModelV3` that always
 * answers with the text above (or `answer`), stopping for `finishReason`. Swap in any real model (`openai('gpt-4o-mini')`) and nothing else changes.
 */
export function createAppModel(
  answer: string = SCRIPTED_ANSWER,
  finishReason: 'stop' | 'length' | 'content-filter' | 'error' | 'other' = 'stop',
): LanguageModel {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'handbook-assistant',
    doGenerate: async () => ({
      content: [{ type: 'text', text: answer }],
      finishReason: { unified: finishReason, raw: finishReason },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 0, text: 0, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}
