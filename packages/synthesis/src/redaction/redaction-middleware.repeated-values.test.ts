import { generateText, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type MockCallOptions, MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { promptSeenByModel } from '../__fixtures__/prompt-seen-by-model.js';
import { recordingTool } from '../__fixtures__/recording-tool.js';
import type { GenerateResult, StreamPart } from '../model-types.js';
import { redactionMiddleware } from './redaction-middleware.js';

// A review found a value redacted where its key names it sent as written where it appears again without the key: in
// the same text, in another message, and in an agent's next step, where the AI SDK carries the restored tool input
// and the tool's output (which echoes it) back in the prompt.

const SECRET = 'hunter2x9Q';

/** What the model read of `prompt`, as JSON. */
const read = async (prompt: MockCallOptions['prompt']): Promise<string> =>
  JSON.stringify(await promptSeenByModel(prompt));

const user = (...texts: string[]): MockCallOptions['prompt'] =>
  texts.map((text) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] }));

describe('redactionMiddleware and a value that appears again without its key', () => {
  it('redacts it again in the same text, to a token that restores to what it replaced', async () => {
    const seen = await read(user(`password: ${SECRET}. Again: ${SECRET}`));
    expect(seen).not.toContain(SECRET);
    expect(seen).toMatch(/password: \[SECRET_1\]\S* Again: \[SECRET_\d\]/);
  });

  it('redacts it in another message with the same token', async () => {
    const seen = await read(user(`password: ${SECRET}`, `I typed ${SECRET}, then ${SECRET}`));
    expect(seen).not.toContain(SECRET);
    expect(seen).toContain('I typed [SECRET_1], then [SECRET_1]');
  });

  it('redacts it in an earlier message than the one that names it, and across split text parts', async () => {
    const seen = await read([
      { role: 'system', content: `Known: ${SECRET}` },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'hunter2' },
          { type: 'text', text: `x9Q is it; password: ${SECRET}` },
        ],
      },
    ]);
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain('x9Q');
    expect(seen).toContain('Known: [SECRET_1]');
  });

  it('redacts it in tool inputs, JSON tool outputs, content items, reasoning and denial reasons', async () => {
    const seen = await read([
      ...user(`password: ${SECRET}`),
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: `use ${SECRET}` },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 't',
            input: { text: SECRET, list: [`a ${SECRET}`] },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 't',
            output: { type: 'json', value: { r: SECRET } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 't',
            output: { type: 'content', value: [{ type: 'text', text: `got ${SECRET}` }] },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 't',
            output: { type: 'execution-denied', reason: `not ${SECRET}` },
          },
        ],
      },
    ]);
    expect(seen).not.toContain(SECRET);
    expect(seen).toContain('"text":"[SECRET_1]"');
  });

  it('leaves a short value inside a longer word, and honest text around it, as written', async () => {
    const seen = await read(user('pin=4821', 'call 48213 or 4821, not x4821'));
    expect(seen).toContain('pin=[SECRET_1]');
    expect(seen).toContain('call 48213 or [SECRET_1], not x4821');
  });

  it('redacts a long value inside a longer word (fail-closed)', async () => {
    const seen = await read(user(`password: ${SECRET}`, `id-${SECRET}abc`));
    expect(seen).toContain('id-[SECRET_1]abc');
  });

  it('never sends the value in the next step of a tool loop (generateText)', async () => {
    let step = 0;
    const inner = new MockLanguageModel({
      doGenerate: async (): Promise<GenerateResult> =>
        ++step === 1
          ? {
              content: [
                { type: 'tool-call', toolCallId: 'c1', toolName: 'echo', input: '{"text":"[SECRET_1]"}' },
              ],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: 'text', text: 'Done: [SECRET_1]' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            },
    });
    const { calls, tool: echo } = recordingTool((input: { text: string }) => `Result for ${input.text}`);
    const result = await generateText({
      model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
      prompt: `Log in to the portal; my password: ${SECRET}`,
      stopWhen: stepCountIs(3),
      tools: { echo },
    });
    // The tool still gets the real value, and the answer restores it.
    expect(calls).toEqual([{ text: SECRET }]);
    expect(result.text).toBe(`Done: ${SECRET}`);
    expect(inner.doGenerateCalls).toHaveLength(2);
    const second = JSON.stringify(inner.doGenerateCalls[1]?.prompt);
    expect(second).not.toContain(SECRET);
    expect(second).toContain('"input":{"text":"[SECRET_1]"}');
    expect(second).toContain('Result for [SECRET_1]');
  });

  it('never sends the value in the next step of a tool loop (streamText)', async () => {
    let step = 0;
    const finish = (unified: 'stop' | 'tool-calls'): StreamPart => ({
      type: 'finish',
      usage,
      finishReason: { unified, raw: unified },
    });
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: convertArrayToReadableStream<StreamPart>(
          ++step === 1
            ? [
                { type: 'stream-start', warnings: [] },
                { type: 'tool-input-start', id: 'c1', toolName: 'echo' },
                { type: 'tool-input-delta', id: 'c1', delta: '{"text":"[SEC' },
                { type: 'tool-input-delta', id: 'c1', delta: 'RET_1]"}' },
                { type: 'tool-input-end', id: 'c1' },
                { type: 'tool-call', toolCallId: 'c1', toolName: 'echo', input: '{"text":"[SECRET_1]"}' },
                finish('tool-calls'),
              ]
            : [
                { type: 'stream-start', warnings: [] },
                { type: 'text-start', id: 't' },
                { type: 'text-delta', id: 't', delta: 'ok' },
                { type: 'text-end', id: 't' },
                finish('stop'),
              ],
        ),
      }),
    });
    const { calls, tool: echo } = recordingTool((input: { text: string }) => ({
      ok: false,
      message: `Login failed with ${input.text}`,
    }));
    const result = streamText({
      model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
      prompt: `Sign in as ada. Password: ${SECRET}`,
      stopWhen: stepCountIs(3),
      tools: { echo },
    });
    await result.consumeStream();
    expect(calls).toEqual([{ text: SECRET }]);
    expect(inner.doStreamCalls).toHaveLength(2);
    const second = JSON.stringify(inner.doStreamCalls[1]?.prompt);
    expect(second).not.toContain(SECRET);
    expect(second).toContain('Login failed with [SECRET_1]');
  });
});
