import { generateText, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MockCallOptions, MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { recordingTool } from '../__fixtures__/recording-tool.js';
import type { GenerateResult, StreamPart } from '../model-types.js';
import { redactionMiddleware } from './redaction-middleware.js';

const EMAIL = 'ada.lovelace@example.org';
// A value JSON must escape: quotes, a backslash, a control character and a lone surrogate.
const AWKWARD = 'Ada "the Countess" \\ Lovelace\u0001\ud800';
const awkward = { name: 'person', pattern: /Ada "the Countess" \\ Lovelace\u0001\ud800/ };

function toolCallResult(input: string): GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'sendMail', input }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function toolCallStream(
  deltas: readonly string[],
  input: string,
  encoding?: 'text',
): ReadableStream<StreamPart> {
  return convertArrayToReadableStream<StreamPart>([
    { type: 'stream-start', warnings: [] },
    {
      type: 'tool-input-start',
      id: 'c1',
      toolName: 'sendMail',
      ...(encoding === undefined ? {} : { inputEncoding: encoding }),
    } as StreamPart,
    ...deltas.map((delta) => ({ type: 'tool-input-delta' as const, id: 'c1', delta })),
    { type: 'tool-input-end', id: 'c1' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'sendMail', input },
    { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
  ]);
}

const userPrompt = (text: string): MockCallOptions['prompt'] => [
  { role: 'user', content: [{ type: 'text', text }] },
];

describe('redactionMiddleware and tool calls', () => {
  it('runs a tool on the real value and keeps one token for it across an agent loop (generate)', async () => {
    let step = 0;
    const inner = new MockLanguageModel({
      doGenerate: async () =>
        ++step === 1
          ? toolCallResult('{"to":"[EMAIL_1]"}')
          : {
              content: [{ type: 'text', text: 'Sent to [EMAIL_1].' }],
              finishReason: { unified: 'stop', raw: 'stop' },
              usage,
              warnings: [],
            },
    });
    const { calls, tool: sendMail } = recordingTool((_: { to: string }) => 'ok');
    const result = await generateText({
      model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
      prompt: `Mail the report to ${EMAIL} please`,
      stopWhen: stepCountIs(3),
      tools: { sendMail },
    });
    expect(calls).toEqual([{ to: EMAIL }]);
    expect(result.text).toBe(`Sent to ${EMAIL}.`);
    // Step 2 reads the restored call from the history and redacts it again to the same token as the user's text.
    const second = JSON.stringify(inner.doGenerateCalls[1]?.prompt);
    expect(second).not.toContain(EMAIL);
    expect(second).not.toContain('EMAIL_2');
    expect(second).toContain('Mail the report to [EMAIL_1] please');
  });

  it('restores a value JSON must escape into valid JSON in a generated tool call', async () => {
    const inner = new MockLanguageModel({
      doGenerate: async () => toolCallResult('{"to":"[PERSON_1]","note":"[EMAIL_9] [PERSON_1]"}'),
    });
    const wrapped = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({ patterns: [awkward] }),
    });
    const result = await wrapped.doGenerate({ prompt: userPrompt(`Write to ${AWKWARD}.`) });
    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).not.toContain('Countess');
    const call = result.content[0] as { type: string; input: string };
    expect(call.type).toBe('tool-call');
    // A token the middleware never issued stays as it is.
    expect(JSON.parse(call.input)).toEqual({ to: AWKWARD, note: `[EMAIL_9] ${AWKWARD}` });
  });

  it('restores streamed tool input split anywhere across deltas into valid JSON, and the tool call', async () => {
    const input = '{"to":"[PERSON_1]","cc":"[EMAIL_1]","x":"[EMAIL_9]"}';
    const expected = { to: AWKWARD, cc: EMAIL, x: '[EMAIL_9]' };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: input.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [...new Set(cuts)].sort((x, y) => x - y);
          const deltas = [0, ...points].map((start, i) => input.slice(start, points[i] ?? input.length));
          const inner = new MockLanguageModel({
            doStream: async () => ({ stream: toolCallStream(deltas, input) }),
          });
          const wrapped = wrapLanguageModel({
            model: inner,
            middleware: redactionMiddleware({ patterns: [awkward] }),
          });
          const { stream } = await wrapped.doStream({ prompt: userPrompt(`${AWKWARD} at ${EMAIL}`) });
          const parts = (await convertReadableStreamToArray(stream)) as StreamPart[];
          const streamed = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
          expect(JSON.parse(streamed.join(''))).toEqual(expected);
          // No delta shows a token (whole or partial) that could have been restored.
          for (const delta of streamed) expect(delta).not.toMatch(/\[PERSON_1|\[EMAIL_1/);
          const call = parts.find((part) => part.type === 'tool-call') as { input: string } | undefined;
          expect(JSON.parse(call?.input ?? '')).toEqual(expected);
          // The held-back tail goes out before the input ends.
          const types = parts.map((part) => part.type);
          expect(types.lastIndexOf('tool-input-delta')).toBeLessThan(types.indexOf('tool-input-end'));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('restores raw tool input text without JSON escaping (AI SDK 7 inputEncoding "text")', async () => {
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: toolCallStream(['mail [PERS', 'ON_1] now'], JSON.stringify('mail [PERSON_1] now'), 'text'),
      }),
    });
    const wrapped = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({ patterns: [awkward] }),
    });
    const { stream } = await wrapped.doStream({ prompt: userPrompt(`${AWKWARD}`) });
    const parts = (await convertReadableStreamToArray(stream)) as StreamPart[];
    const streamed = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    expect(streamed.join('')).toBe(`mail ${AWKWARD} now`);
    const call = parts.find((part) => part.type === 'tool-call') as { input: string } | undefined;
    expect(JSON.parse(call?.input ?? '')).toBe(`mail ${AWKWARD} now`);
  });

  it('runs a streamed tool call on the real value through streamText', async () => {
    const input = '{"to":"[EMAIL_1]"}';
    const inner = new MockLanguageModel({
      doStream: async () => ({ stream: toolCallStream(['{"to":"[EM', 'AIL_1]"}'], input) }),
    });
    const { calls, tool: sendMail } = recordingTool((_: { to: string }) => 'ok');
    const result = streamText({
      model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
      prompt: `Mail ${EMAIL}`,
      tools: { sendMail },
    });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'tool-input-delta') seen.push(part.delta);
      if (part.type === 'tool-call') seen.push(JSON.stringify(part.input));
    }
    expect(calls).toEqual([{ to: EMAIL }]);
    expect(seen.join(' ')).not.toContain('EMAIL_1');
    expect(JSON.parse(seen.slice(0, -1).join(''))).toEqual({ to: EMAIL });
  });
});
