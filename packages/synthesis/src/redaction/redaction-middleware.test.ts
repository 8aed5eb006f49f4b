import { InvalidArgumentError } from '@gk/internal';
import { parseMarkers } from '@gk/citations';
import {
  generateText,
  type LanguageModelMiddleware,
  type ModelMessage,
  streamText,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_MAJOR,
  generateResult,
  type MockCallOptions,
  MockLanguageModel,
  textStream,
  usage,
} from '../__fixtures__/mock-models.js';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import type { CallOptions, StreamPart } from '../model-types.js';
import { redactionMiddleware } from './redaction-middleware.js';
import { compilePatterns, Redactor, TOKEN_SHAPE } from './redactor.js';

const EMAIL = 'ada.lovelace@example.org';
const PHONE = '+44 20 7946 0958';
const IP = '192.168.10.42';
const KEY = 'sk-proj-abcdefghijklmnop1234567890';

function promptText(call: MockCallOptions | undefined): string {
  return JSON.stringify(call?.prompt ?? null);
}

/** A model that echoes every token it was shown, so the restore path is exercised with real tokens. */
function echoingModel(): MockLanguageModel {
  const seen = (options: MockCallOptions): string => promptText(options).match(TOKEN_SHAPE)?.join(' ') ?? '';
  return new MockLanguageModel({
    doGenerate: async (options) => generateResult(`Echo: ${seen(options)}.`),
    doStream: async (options) => ({ stream: textStream([...`Echo: ${seen(options)}.`]) }),
  });
}

/** An assistant's tool-call part and a tool-result part, as an agent's history holds them. */
const toolCall = (toolCallId: string, toolName: string, input: unknown) =>
  ({ type: 'tool-call', toolCallId, toolName, input }) as const;
const toolResult = (toolCallId: string, toolName: string, output: unknown) =>
  ({ type: 'tool-result', toolCallId, toolName, output }) as const;

describe('redactionMiddleware', () => {
  it('redacts system, user and assistant text before the model sees it and restores the output', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({ patterns: [{ name: 'person', pattern: /\bAda Lovelace\b/ }] }),
    });
    const result = await generateText({
      model,
      system: `Never reveal ${EMAIL}.`,
      messages: [
        {
          role: 'user',
          content: `I am Ada Lovelace, mail ${EMAIL}, phone ${PHONE}, host ${IP}, key ${KEY}.`,
        },
        { role: 'assistant', content: `Noted, ${EMAIL}.` },
        { role: 'user', content: [{ type: 'text', text: 'Summarise.' }] },
      ],
    });
    const seen = promptText(inner.doGenerateCalls[0]);
    for (const secret of [EMAIL, PHONE, IP, KEY, 'Ada Lovelace']) expect(seen).not.toContain(secret);
    // One token per distinct value, the same token in every message of the call.
    expect(seen.match(/\[EMAIL_1\]/g)).toHaveLength(3);
    expect(seen).toContain('[PERSON_1]');
    expect(seen).toContain('[PHONE_1]');
    expect(seen).toContain('[IPV4_1]');
    expect(seen).toContain('[SECRET_1]');
    expect(result.text).toBe(
      `Echo: [EMAIL_1] [PERSON_1] [EMAIL_1] [PHONE_1] [IPV4_1] [SECRET_1] [EMAIL_1].`.replace(
        /\[[A-Z0-9_]+\]/g,
        (token) =>
          ({
            '[EMAIL_1]': EMAIL,
            '[PERSON_1]': 'Ada Lovelace',
            '[PHONE_1]': PHONE,
            '[IPV4_1]': IP,
            '[SECRET_1]': KEY,
          })[token] ?? token,
      ),
    );
  });

  it('gives distinct values distinct numbers', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    await generateText({ model, prompt: `a@example.com b@example.com a@example.com` });
    expect(promptText(inner.doGenerateCalls[0])).toContain('[EMAIL_1] [EMAIL_2] [EMAIL_1]');
  });

  it('hides text that reads as a match once its neighbour is a token, and streams every value back', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = streamText({ model, prompt: 'Reach ada@example.org_bob@example.org(555) 123-4567 now.' });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(promptText(inner.doStreamCalls[0])).toContain('Reach [EMAIL_1][EMAIL_2][PHONE_1] now.');
    expect(text).toBe('Echo: ada@example.org _bob@example.org (555) 123-4567.');
  });

  it('sends no credential of a common format, keeps prose after a key name, and streams every value back', async () => {
    const secrets = [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.Xk3-vQ9pL2mN8rT5wY1zA4bC7dE0fG6hJ-kM3nP9qRs',
      'T0A1B2C3D/B0E1F2G3H/aBcDeFgHiJkLmNoPqRsTuVwX',
      'Sup3rS3cretPw',
      'ASIAY34FZKBOKMUTVV7A',
      'hunter2',
      'Qx7!pLm2;',
    ];
    const [jwt, hook, link, aws, short, odbc] = secrets;
    const prompt = [
      `curl -H "Authorization: Bearer ${jwt}"`,
      `SLACK_WEBHOOK=https://hooks.slack.com/services/${hook}`,
      `DATABASE_URL=redis://:${link}@cache:6379/0 and ${aws}`,
      `db password=${short}`,
      `Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd=${odbc}`,
      'The secret: understanding takes years. Token: Authentication is required.',
    ].join('\n');
    for (const stream of [false, true]) {
      const inner = echoingModel();
      const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
      let text = '';
      if (stream) for await (const delta of streamText({ model, prompt }).textStream) text += delta;
      else text = (await generateText({ model, prompt })).text;
      const seen = promptText((stream ? inner.doStreamCalls : inner.doGenerateCalls)[0]);
      for (const secret of secrets) expect(seen).not.toContain(secret);
      expect(seen).toContain('The secret: understanding takes years. Token: Authentication is required.');
      // The echoing model streams one character at a time: every token is split across chunks.
      expect(text).toBe(`Echo: ${secrets.join(' ')}.`);
    }
  });

  it('creates a fresh map for every call: a token from call A is never restored in call B', async () => {
    const outputs = ['Write to [EMAIL_1].', 'Write to [EMAIL_1].', 'Write to [EMAIL_1].'];
    let call = 0;
    const inner = new MockLanguageModel({ doGenerate: async () => generateResult(outputs[call++] ?? '') });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const a = await generateText({ model, prompt: `Contact ${EMAIL}.` });
    expect(a.text).toBe(`Write to ${EMAIL}.`);
    // Call B has no e-mail: the same token must stay a token, not become call A's value.
    const b = await generateText({ model, prompt: 'No personal data here.' });
    expect(b.text).toBe('Write to [EMAIL_1].');
    // Call C has another e-mail: [EMAIL_1] now means that one, never call A's.
    const c = await generateText({ model, prompt: 'Contact grace@example.net.' });
    expect(c.text).toBe('Write to grace@example.net.');
  });

  it('restores tokens split across stream chunks, at every split point', async () => {
    const answer = `Mail [EMAIL_1] or call [PHONE_1]; [EMAIL_1] again, [NOT_A_TOKEN] [EMAIL_2] [EMA`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: answer.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [...new Set(cuts)].sort((x, y) => x - y);
          const chunks = [0, ...points].map((start, i) => answer.slice(start, points[i] ?? answer.length));
          const inner = new MockLanguageModel({ doStream: async () => ({ stream: textStream(chunks) }) });
          const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
          const result = streamText({ model, prompt: `Reach ${EMAIL} at ${PHONE}.` });
          const deltas: string[] = [];
          for await (const delta of result.textStream) deltas.push(delta);
          expect(deltas.join('')).toBe(
            `Mail ${EMAIL} or call ${PHONE}; ${EMAIL} again, [NOT_A_TOKEN] [EMAIL_2] [EMA`,
          );
          // No delta ever shows a token (whole or partial) that could have been restored.
          for (const delta of deltas) expect(delta).not.toMatch(/\[EMAIL_1|\[PHONE_1/);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('flushes a held-back tail when the stream finishes without text-end', async () => {
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: new ReadableStream<StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 'a' });
            controller.enqueue({ type: 'text-delta', id: 'a', delta: 'see [EMAIL' });
            controller.enqueue({
              type: 'finish',
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 1, text: 1, reasoning: undefined },
              },
              finishReason: { unified: 'stop', raw: 'stop' },
            });
            controller.close();
          },
        }),
      }),
    });
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const { stream } = await wrapped.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: EMAIL }] }],
    });
    const parts = await convertReadableStreamToArray(stream);
    // 'see ' goes out at once; '[EMAIL' could be the start of [EMAIL_1] and is held until the finish part.
    expect(parts.map((part) => part.type)).toEqual(['text-start', 'text-delta', 'text-delta', 'finish']);
    expect(parts.slice(1, 3)).toMatchObject([{ delta: 'see ' }, { delta: '[EMAIL' }]);
  });

  it('never issues a token that already occurs in the prompt, so literal text is never rewritten', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = await generateText({ model, prompt: `Template [EMAIL_1] stays; ${EMAIL} goes.` });
    expect(promptText(inner.doGenerateCalls[0])).toContain('Template [EMAIL_1] stays; [EMAIL_2] goes.');
    expect(result.text).toBe(`Echo: [EMAIL_1] ${EMAIL}.`);
  });

  it('redacts text tool results, and leaves other parts alone', async () => {
    const inner = echoingModel();
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const bytes = new Uint8Array([137, 80, 78, 71]);
    // File data is the bytes themselves in v3 (AI SDK 6) and tagged `{ type: 'data', data }` in v4 (AI SDK 7).
    const image = (AI_MAJOR >= 7 ? { type: 'data', data: bytes } : bytes) as Uint8Array;
    await wrapped.doGenerate({
      prompt: [
        { role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: image }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: '1',
              toolName: 'lookup',
              output: { type: 'text', value: `ip ${IP}` },
            },
            {
              type: 'tool-result',
              toolCallId: '2',
              toolName: 'lookup',
              output: { type: 'content', value: [{ type: 'text', text: `phone ${PHONE}` }] },
            },
          ],
        },
      ],
    });
    const seen = promptText(inner.doGenerateCalls[0]);
    for (const secret of [IP, PHONE]) expect(seen).not.toContain(secret);
    expect(seen).toContain('[IPV4_1]');
    expect(seen).toContain('[PHONE_1]');
    const file = inner.doGenerateCalls[0]?.prompt[0]?.content[0] as { data: unknown } | undefined;
    expect(file?.data).toBe(image);
  });

  it('redacts an agent history: earlier tool-call inputs, JSON tool results, denial and approval reasons', async () => {
    const inner = echoingModel();
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const prompt = [
      {
        role: 'assistant',
        content: [
          toolCall(
            '1',
            'send',
            // Parsed, so `__proto__` is an own key, as in a model's JSON arguments.
            JSON.parse(
              `{"to":"${EMAIL}","cc":["${PHONE}"],"__proto__":"${IP}","note":"Reply to [EMAIL_1]","count":2,"${KEY}":1}`,
            ),
          ),
        ],
      },
      {
        role: 'tool',
        content: [
          toolResult('1', 'send', { type: 'json', value: { ip: IP } }),
          toolResult('2', 'send', { type: 'error-json', value: [`bounced: ${EMAIL}`] }),
          toolResult('3', 'send', { type: 'execution-denied', reason: `${KEY} is not yours` }),
          { type: 'tool-approval-response', approvalId: 'a', approved: false, reason: `not ${EMAIL}` },
        ],
      },
    ] as unknown as CallOptions['prompt'];
    await wrapped.doGenerate({ prompt });
    const seen = promptText(inner.doGenerateCalls[0]);
    for (const secret of [EMAIL, PHONE, IP, KEY]) expect(seen).not.toContain(secret);
    // A token written literally in the history is reserved: the address becomes another token, and the literal
    // one is never restored to it.
    expect(seen).toContain('Reply to [EMAIL_1]');
    expect(seen).toContain('[EMAIL_2]');
    const call = inner.doGenerateCalls[0]!;
    const input = (call.prompt[0]!.content[0] as unknown as { input: Record<string, unknown> }).input;
    // Keys are redacted too: a key can be a value (`{ "ada@example.org": ... }`).
    expect(Object.keys(input)).toEqual(['to', 'cc', '__proto__', 'note', 'count', '[SECRET_1]']);
    expect(input['count']).toBe(2);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });

  // The model reads a JSON value as JSON text, `{"password":"hunter2x"}`: the value stands after its key there, so the
  // rule that looks back for a key finds it (a review found such values sent, each string read alone).
  it('redacts a JSON string value whose key names a secret, in tool results and earlier tool-call inputs', async () => {
    const inner = echoingModel();
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const prompt = [
      {
        role: 'assistant',
        content: [toolCall('1', 'login', { user: 'ada', secretAccessKey: 'wJalrXUtnFEMIK7MDENGbPxRfiCY' })],
      },
      {
        role: 'tool',
        content: [
          toolResult('1', 'login', {
            type: 'json',
            value: { password: 'hunter2x', db: { api_key: 'abc123xyz', note: 'password reset' }, token: 7 },
          }),
          toolResult('2', 'login', { type: 'error-json', value: [{ secret: 'Tr0ub\\4dor&3' }] }),
        ],
      },
    ] as unknown as CallOptions['prompt'];
    await wrapped.doGenerate({ prompt });
    const seen = promptText(inner.doGenerateCalls[0]);
    for (const secret of ['hunter2x', 'abc123xyz', 'Tr0ub', 'wJalrXUtnFEMIK7MDENGbPxRfiCY']) {
      expect(seen).not.toContain(secret);
    }
    const call = inner.doGenerateCalls[0]!;
    const output = (call.prompt[1]!.content[0] as unknown as { output: { value: unknown } }).output.value;
    // Keys, other values and what is not a string stay.
    expect(output).toEqual({
      password: '[SECRET_2]',
      db: { api_key: '[SECRET_3]', note: 'password reset' },
      token: 7,
    });
    expect((call.prompt[1]!.content[1] as unknown as { output: { value: unknown } }).output.value).toEqual([
      { secret: '[SECRET_4]' },
    ]);
    const input = (call.prompt[0]!.content[0] as unknown as { input: unknown }).input;
    expect(input).toEqual({ user: 'ada', secretAccessKey: '[SECRET_1]' });
  });

  // A value under a key named as a secret is the secret whole, as the model reads the pair, JSON-escaped: a review
  // found the text around an address, or after a quote or a line break in it, sent.
  it.each([
    { password: 'hunter2x 10.0.0.5' },
    { db_password: 'Winter2024 ada@example.org' },
    { password: 'hunt"er2x-rest' },
    { password: 'line1\nS3cretTail' },
    // A value starting with the sign that ends a key in text (`=`, `:`) is a value all the same (a review found it sent).
    { password: '=Xk9pLm2q' },
    { api_key: ':Xk9pLm2q' },
  ])('redacts the whole JSON value of a key named as a secret and restores it exactly: %j', async (value) => {
    const [key, secret] = Object.entries(value)[0] as [string, string];
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const messages = [
      { role: 'user', content: 'log in' },
      {
        role: 'assistant',
        content: [toolCall('c1', 'login', value)],
      },
      {
        role: 'tool',
        content: [toolResult('c1', 'login', { type: 'json', value })],
      },
    ] as ModelMessage[];
    const generated = await generateText({ model, messages });
    const streamed = await streamText({ model, messages }).text;
    for (const call of [inner.doGenerateCalls[0], inner.doStreamCalls[0]]) {
      const [, assistant, tool] = (call?.prompt ?? []) as unknown as Array<{ content: unknown[] }>;
      expect(assistant?.content[0]).toMatchObject({ input: { [key]: '[SECRET_1]' } });
      expect(tool?.content[0]).toMatchObject({ output: { value: { [key]: '[SECRET_1]' } } });
    }
    expect(generated.text).toBe(`Echo: ${secret} ${secret}.`);
    expect(streamed).toBe(`Echo: ${secret} ${secret}.`);
  });

  it('holds back a split token per channel: a text and a reasoning block with one id never mix', async () => {
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: convertArrayToReadableStream<StreamPart>([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 'x' },
          { type: 'reasoning-start', id: 'x' },
          { type: 'text-delta', id: 'x', delta: 'Answer: mail [EMA' },
          { type: 'reasoning-delta', id: 'x', delta: 'IL_1] is what I thought' },
          { type: 'text-delta', id: 'x', delta: 'IL_1] now.' },
          { type: 'reasoning-end', id: 'x' },
          { type: 'text-end', id: 'x' },
          { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
        ]),
      }),
    });
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const { stream } = await wrapped.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: `Mail ${EMAIL}.` }] }],
    });
    const parts = (await convertReadableStreamToArray(stream)) as StreamPart[];
    const joined = (type: string) =>
      parts
        .filter((part) => part.type === type)
        .map((part) => (part as { delta: string }).delta)
        .join('');
    expect(joined('text-delta')).toBe(`Answer: mail ${EMAIL} now.`);
    expect(joined('reasoning-delta')).toBe('IL_1] is what I thought');
  });

  // Inline text files (`{ type: 'text', text }` file data) exist from the v4 specification on, so in AI SDK 7.
  it.runIf(AI_MAJOR >= 7)('redacts inline text files (AI SDK 7)', async () => {
    const inner = echoingModel();
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const prompt = [
      {
        role: 'user',
        content: [{ type: 'file', mediaType: 'text/plain', data: { type: 'text', text: `cv of ${EMAIL}` } }],
      },
    ] as unknown as CallOptions['prompt'];
    await wrapped.doGenerate({ prompt });
    const seen = promptText(inner.doGenerateCalls[0]);
    expect(seen).not.toContain(EMAIL);
    expect(seen).toContain('cv of [EMAIL_1]');
  });

  // A v4 result may carry the structured output's text beside its content; v3 results have no such field.
  it.runIf(AI_MAJOR >= 7)('restores tokens in structuredOutputText (AI SDK 7)', async () => {
    const inner = new MockLanguageModel({
      doGenerate: async () => ({
        ...generateResult('{"contact":"[EMAIL_1]"}'),
        structuredOutputText: '{"contact":"[EMAIL_1]"}',
      }),
    });
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = await wrapped.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: `Contact ${EMAIL}.` }] }],
    });
    expect((result as { structuredOutputText?: string }).structuredOutputText).toBe(`{"contact":"${EMAIL}"}`);
    expect(result.content).toEqual([{ type: 'text', text: `{"contact":"${EMAIL}"}` }]);
  });

  // Called the way AI SDK 7 calls a middleware, so it runs on AI SDK 6 too: the structured output's text is JSON, and
  // a value goes into it JSON-escaped, as into a tool call's input (a review found `Tr0ub\\4dor&3,` made it invalid).
  it('restores tokens in structuredOutputText JSON-escaped (AI SDK 7 result shape)', async () => {
    const middleware = redactionMiddleware({
      patterns: [{ name: 'person', pattern: /Ada "the Countess"\n\tLovelace/ }],
    });
    const json = '{"pw":"[SECRET_1]","name":"[PERSON_1]"}';
    const inner = new MockLanguageModel({
      doGenerate: async () => ({ ...generateResult(json), structuredOutputText: json }),
    });
    const params = {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'My db password=Tr0ub\\4dor&3, and Ada "the Countess"\n\tLovelace.' },
          ],
        },
      ],
    } as CallOptions;
    const wrapGenerate = middleware.wrapGenerate as unknown as (options: {
      doGenerate: () => unknown;
      doStream: () => unknown;
      params: CallOptions;
      model: MockLanguageModel;
    }) => Promise<{ structuredOutputText?: string; content: unknown }>;
    const result = await wrapGenerate({
      doGenerate: () => inner.doGenerate(params),
      doStream: () => inner.doStream(params),
      params,
      model: inner,
    });
    expect(promptText(inner.doGenerateCalls[0])).not.toMatch(/Tr0ub|Lovelace/);
    expect(JSON.parse(result.structuredOutputText ?? 'null')).toEqual({
      pw: 'Tr0ub\\4dor&3,',
      name: 'Ada "the Countess"\n\tLovelace',
    });
    // The text part is text: its value goes in as written.
    expect(result.content).toEqual([
      { type: 'text', text: '{"pw":"Tr0ub\\4dor&3,","name":"Ada "the Countess"\n\tLovelace"}' },
    ]);
  });

  it('uses only the configured patterns when defaults are off', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({
        defaults: false,
        patterns: [{ name: 'case_id', pattern: /CASE-\d{4}/ }],
      }),
    });
    const result = await generateText({ model, prompt: `CASE-2024 from ${EMAIL}` });
    expect(promptText(inner.doGenerateCalls[0])).toContain(`[CASE_ID_1] from ${EMAIL}`);
    expect(result.text).toBe('Echo: CASE-2024.');
  });

  it('refuses a misspelt option, which would leave its patterns out and send what they match', () => {
    const person = { name: 'person', pattern: /\bAda Lovelace\b/ };
    for (const options of [
      { pattern: [person] },
      { Patterns: [person] },
      { patterns: [person], default: false },
    ]) {
      const key = Object.keys(options).find((name) => name !== 'patterns');
      expect(() => redactionMiddleware(options as never)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: `options.${key}` }),
      );
    }
    expect(() => redactionMiddleware({ patterns: [person], defaults: false })).not.toThrow();
  });

  it('refuses pattern names that could not form a token', () => {
    for (const name of ['', '1ABC', 'has space', 'a]b', 'x'.repeat(40), '__proto__x'.replace('x', '-')]) {
      expect(() => redactionMiddleware({ patterns: [{ name, pattern: /x/ }] })).toThrow(InvalidArgumentError);
    }
  });
});

// A review found PII reaching the provider from the user's own middleware: in `wrapLanguageModel`, the first
// middleware in the list transforms the call first, so one after redaction adds text redaction never reads.
describe('redactionMiddleware among other middleware', () => {
  const profile: LanguageModelMiddleware = {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => ({
      ...params,
      prompt: [{ role: 'system', content: `The user is Ada, ${EMAIL}, ${PHONE}.` }, ...params.prompt],
    }),
  };

  it('reads what a middleware listed before it adds, and not what one listed after it adds', async () => {
    const seen = async (middleware: LanguageModelMiddleware[]): Promise<string> => {
      const inner = echoingModel();
      await generateText({ model: wrapLanguageModel({ model: inner, middleware }), prompt: 'Hello.' });
      return promptText(inner.doGenerateCalls[0]);
    };
    // Redaction last (innermost): it reads the prompt the provider is sent.
    const last = await seen([profile, redactionMiddleware()]);
    expect(last).toContain('The user is Ada, [EMAIL_1], [PHONE_1].');
    expect(last).not.toContain(EMAIL);
    // Redaction first: the profile's text goes to the provider as written.
    const first = await seen([redactionMiddleware(), profile]);
    expect(first).toContain(`The user is Ada, ${EMAIL}, ${PHONE}.`);
  });
});

describe('redaction tokens', () => {
  it('never parse as citation markers', () => {
    const redactor = new Redactor(
      compilePatterns([...DEFAULT_REDACTION_PATTERNS, { name: 'N', pattern: /Bob/ }]),
      [],
    );
    const redacted = redactor.redact(`Bob ${EMAIL} ${PHONE} ${IP} ${KEY} 10.0.0.1 Bob`);
    expect(parseMarkers(redacted)).toEqual([]);
    expect(redacted).toBe('[N_1] [EMAIL_1] [PHONE_1] [IPV4_1] [SECRET_1] [IPV4_2] [N_1]');
    expect(parseMarkers(`${redacted} [1]`)).toHaveLength(1);
  });
});

describe('DEFAULT_REDACTION_PATTERNS', () => {
  const redact = (text: string): string =>
    new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), []).redact(text);

  it.each([
    ['mail first.last+tag@sub.example.co.uk now', 'mail [EMAIL_1] now'],
    ['call (555) 123-4567 or 555.123.4567', 'call [PHONE_1] or [PHONE_2]'],
    ['dial +1 555 123 4567 or +4915112345678', 'dial [PHONE_1] or [PHONE_2]'],
    // International numbers: groups of any length, a bracketed area code or trunk prefix, no-break spaces.
    [
      'Priya +91 98765 43210, Jonas +49 171 1234567, Berlin office +49 30 12345678.',
      'Priya [PHONE_1], Jonas [PHONE_2], Berlin office [PHONE_3].',
    ],
    [
      'Moscow +7 (495) 123-45-67, London +44 (0)20 7946 0958, Sydney +61 (02) 9876 5432.',
      'Moscow [PHONE_1], London [PHONE_2], Sydney [PHONE_3].',
    ],
    ['call +1 (555) 123-4567, +44(0)2079460958 or +91 9876543210', 'call [PHONE_1], [PHONE_2] or [PHONE_3]'],
    ['Tél. : +33\u00a01\u00a023\u00a045\u00a067\u00a089.', 'Tél. : [PHONE_1].'],
    // An extension glued to the number or after a space is part of it (a review found the glued forms sent whole).
    ['call 555-123-4567x89 or (555) 123-4567ext. 12', 'call [PHONE_1] or [PHONE_2]'],
    [
      'call +44 20 7946 0958x12, +15551234567 ext 9 or 555.123.4567 Extension 44.',
      'call [PHONE_1], [PHONE_2] or [PHONE_3].',
    ],
    ['call 555-123-4567 xylophone', 'call [PHONE_1] xylophone'],
    ['hosts 10.0.0.1, 255.255.255.255.', 'hosts [IPV4_1], [IPV4_2].'],
    [`token ghp_${'a1'.repeat(18)} and AKIAABCDEFGHIJKLMNOP`, 'token [SECRET_1] and [SECRET_2]'],
    ['digest 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 ok', 'digest [SECRET_1] ok'],
    ['jwt-ish AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 end', 'jwt-ish [SECRET_1] end'],
    // A label never ends with '-', so a dash after the address ends it.
    ['Mail bob@example.com--he is on call.', 'Mail [EMAIL_1]--he is on call.'],
    ['the bob@example.com-based team', 'the [EMAIL_1]-based team'],
    ['MAIL BOB@EXAMPLE.COM-', 'MAIL [EMAIL_1]-'],
    ['write bob@example.co.uk--x', 'write [EMAIL_1]--x'],
    ['mail ops@my-company.co-op.example now', 'mail [EMAIL_1] now'],
    // Letters of any script, precomposed or with a combining mark, in the local part and the domain.
    ['josé@example.com and jürgen.müller@beispiel.de', '[EMAIL_1] and [EMAIL_2]'],
    ['jose\u0301@example.com', '[EMAIL_1]'],
    ['ivan@пример.рф, 李@例子.中国', '[EMAIL_1], [EMAIL_2]'],
    ['x@example.xn--p1ai!', '[EMAIL_1]!'],
    // In text written without spaces the address ends where its script's characters begin, on both sides.
    [
      'ご質問がございましたらada@example.orgまでお気軽にお問い合わせください',
      'ご質問がございましたら[EMAIL_1]までお気軽にお問い合わせください',
    ],
    ['请发邮件至ada@example.org，谢谢', '请发邮件至[EMAIL_1]，谢谢'],
    ['อีเมลada@example.orgครับ', 'อีเมล[EMAIL_1]ครับ'],
    ['请联系 李@例子.中国 谢谢', '请联系 [EMAIL_1] 谢谢'],
    // Any script in the name and the domain; a Latin name at a domain of a script written without spaces.
    [
      'Write to info@例子.中国, support@例え.テスト or contact@ไทยนิค.ไทย today.',
      'Write to [EMAIL_1], [EMAIL_2] or [EMAIL_3] today.',
    ],
    ['担当：ルーシー@例え.テスト', '担当：[EMAIL_1]'],
    // Text of the domain's script after it cannot be told from it: it goes with the address, never the reverse.
    ['李@例子.中国までお問い合わせいただければ担当者から折り返しご連絡いたします', '[EMAIL_1]'],
    ['请发邮件到张伟@公司.中国我们会在三个工作日之内给您回复谢谢您的耐心等待和支持', '[EMAIL_1]'],
    [
      '山田@example.co.jpまでお問い合わせいただければ担当者から折り返しご連絡いたします',
      '[EMAIL_1]までお問い合わせいただければ担当者から折り返しご連絡いたします',
    ],
    [`${'李'.repeat(70)}@例子.中国`, `${'李'.repeat(6)}[EMAIL_1]`],
  ])('redacts %j', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it.each([
    'Judgment of 2023-01-15, case 12/345, page 10 20 30.',
    'Version 1.2.3 and 256.1.1.1 and 1.2.3.4.5 are not hosts.',
    'pneumonoultramicroscopicsilicovolcanoconiosis is a long word.',
    'state-of-the-art-retrieval-augmented-generation-2024 is hyphenated.',
    'docs/getting-started/installation/version-2/index.html is a path.',
    'Cite [1] and [2][3]; the total was 1,234,567.89 EUR.',
    // Signed numbers are not phone numbers: ranges, amounts, decimals, versions, offsets, dates, ISBNs.
    'Raise it from +1 to +5, or +10 - +20, or +10-20; scores +3 -2.',
    'Shares rose +12.50 EUR (+2.5-3.0%), at +40.7128, -74.0060; version +1.2.3.',
    'Offset UTC+05:30 since +2023-01-15; ISBN 978-3-16-148410-0; +0 123 4567 and +1 2 3.',
    'no at sign here, and a lonely @ there',
    'user@-bad.example and user@bad-.example and a@b.c',
  ])('leaves %j alone', (input) => {
    expect(redact(input)).toBe(input);
  });

  it('does not mutate the caller regexes', () => {
    const pattern = /Bob/y;
    pattern.lastIndex = 2;
    new Redactor(compilePatterns([{ name: 'N', pattern }]), []).redact('Bob and Bob');
    expect(pattern.lastIndex).toBe(2);
  });

  it('skips empty matches instead of looping', () => {
    const redactor = new Redactor(compilePatterns([{ name: 'EMPTY', pattern: /x*/ }]), []);
    expect(redactor.redact('abc')).toBe('abc');
    expect(redactor.redact('axxb')).toBe('a[EMPTY_1]b');
  });
});
