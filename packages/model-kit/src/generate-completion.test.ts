import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { generateCompletion } from './generate-completion.js';

function mock(
  finish: 'stop' | 'length' | 'content-filter' | 'other' = 'stop',
  provider: { raw: string | undefined } = { raw: finish },
): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'Hello' }],
      finishReason: { unified: finish, raw: provider.raw },
      usage: {
        inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

describe('generateCompletion', () => {
  it('sends the instructions and one user message with the call settings, and returns text, reason and usage', async () => {
    const model = mock('length');
    const completion = await generateCompletion({
      model,
      prompt: { system: 'Be brief.', user: 'Hi' },
      settings: { temperature: 0, maxOutputTokens: 5, topP: 0.5 },
    });
    expect(completion).toEqual({
      text: 'Hello',
      finishReason: 'length',
      rawFinishReason: 'length',
      usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 },
    });
    const [call] = model.doGenerateCalls;
    expect(call).toMatchObject({ temperature: 0, maxOutputTokens: 5, topP: 0.5 });
    expect(call?.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
  });

  it('returns the raw finish reason as the provider gave it, undefined when it gave none', async () => {
    const named = await generateCompletion({
      model: mock('other', { raw: 'eos' }),
      prompt: { system: '', user: 'Hi' },
    });
    expect(named).toMatchObject({ finishReason: 'other', rawFinishReason: 'eos' });
    const none = await generateCompletion({
      model: mock('other', { raw: undefined }),
      prompt: { system: '', user: 'Hi' },
    });
    expect(none).toMatchObject({ finishReason: 'other', rawFinishReason: undefined });
  });

  it('reports a completion that holds a tool call as stopped for `tool-calls`, whatever the provider said', async () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: '{}' } as const;
    const replying = (content: unknown[], unified: 'stop' | 'length' | 'tool-calls') =>
      new MockLanguageModelV3({
        doGenerate: async () => ({
          content: content as never,
          finishReason: { unified, raw: unified },
          usage: {
            inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
          warnings: [],
        }),
      });
    const cases: Array<[unknown[], 'stop' | 'length' | 'tool-calls', string]> = [
      // No tool `f` is known: the AI SDK adds a tool error beside the call.
      [[{ type: 'text', text: 'The GPL requires [2]' }, call], 'stop', 'tool-calls'],
      [[call, { type: 'text', text: 'The GPL requires [2]' }], 'stop', 'tool-calls'],
      [[{ type: 'text', text: 'The GPL requires [2]' }, call], 'tool-calls', 'tool-calls'],
      [[{ type: 'text', text: 'The GPL requires [2]' }, call], 'length', 'length'],
      [[{ type: 'text', text: 'Done.' }], 'stop', 'stop'],
    ];
    for (const [content, unified, expected] of cases) {
      const completion = await generateCompletion({
        model: replying(content, unified),
        prompt: { system: '', user: 'Hi' },
      });
      expect(completion).toMatchObject({ finishReason: expected, rawFinishReason: unified });
    }
  });

  it('sends no system message for empty instructions', async () => {
    const model = mock();
    await generateCompletion({ model, prompt: { system: '', user: 'Hi' } });
    expect(model.doGenerateCalls[0]?.prompt.map((message) => message.role)).toEqual(['user']);
  });
});
