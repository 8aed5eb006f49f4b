import { wrapLanguageModel } from 'ai';
import { redactionMiddleware } from '../redaction/redaction-middleware.js';
import { type MockCallOptions, MockLanguageModel, usage } from './mock-models.js';

/**
 * The prompt a model answering `ok` receives when `prompt` goes through `middleware` (the redaction middleware with
 * its defaults unless given).
 */
export async function promptSeenByModel(
  prompt: MockCallOptions['prompt'],
  middleware = redactionMiddleware(),
): Promise<MockCallOptions['prompt']> {
  const inner = new MockLanguageModel({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
  await wrapLanguageModel({ model: inner, middleware }).doGenerate({ prompt });
  return (inner.doGenerateCalls[0] as MockCallOptions).prompt;
}
