import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { formatSources } from '@gk/citations';
import { APICallError, streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_MAJOR } from './__fixtures__/mock-models.js';
import { licencePassages as passages } from './__fixtures__/passages.js';
import { DEFAULT_PROMPT } from './synthesize/default-prompt.js';
import { redactionMiddleware } from './redaction/redaction-middleware.js';
import { SynthesisError } from './synthesize/synthesis-error.js';
import { synthesize } from './synthesize/synthesize.js';
import { streamSynthesize } from './stream-synthesize/stream-synthesize.js';

// A local stand-in for the OpenAI chat completions endpoint: it records each request and answers with the
// next scripted reply, as JSON or as server-sent events, exactly in the wire format the provider parses.
interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
/** `cut`: the server (or a proxy) ends the reply with no finish reason (a stream: no usage and no `[DONE]` either). */
type Reply = { status?: number; text?: string; chunks?: string[]; error?: string; cut?: boolean };

let server: Server;
let baseURL: string;
const received: Received[] = [];
const replies: Reply[] = [];

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
}

function respond(reply: Reply, body: Record<string, unknown>, response: ServerResponse): void {
  const usage = { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 };
  if (reply.status !== undefined && reply.status >= 400) {
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ error: { message: reply.error ?? 'error', type: 'server_error', code: null } }),
    );
    return;
  }
  const base = { id: 'chatcmpl-local', created: 1_764_460_800, model: String(body.model) };
  if (body.stream === true) {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown): boolean => response.write(`data: ${JSON.stringify(data)}\n\n`);
    send({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' } }],
    });
    for (const content of reply.chunks ?? []) {
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] });
    }
    if (reply.cut === true) {
      response.end();
      return;
    }
    send({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    });
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    response.end('data: [DONE]\n\n');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      ...base,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text ?? '' },
          finish_reason: reply.cut === true ? null : 'stop',
        },
      ],
      usage,
    }),
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body,
      });
      respond(replies.shift() ?? { status: 500, error: 'no scripted reply' }, body, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  received.length = 0;
  replies.length = 0;
});

const provider = (): ReturnType<typeof createOpenAI> => createOpenAI({ baseURL, apiKey: 'test' });

describe('synthesize over @ai-sdk/openai against a local chat completions server', () => {
  it('uses the provider major that pairs with the AI SDK major (3 with 6, 4 with 7)', () => {
    // @ai-sdk/openai 3 builds v3 models (what AI SDK 6 takes), 4 builds v4 models (AI SDK 7's own).
    expect(provider().chat('gpt-local').specificationVersion).toBe(AI_MAJOR >= 7 ? 'v4' : 'v3');
  });

  it('sends the numbered sources and the question, and returns the cited answer', async () => {
    replies.push({ text: 'The GPL version 3 is compatible with the Apache License 2.0 [2].' });
    const result = await synthesize({
      model: provider().chat('gpt-local'),
      question: 'Is GPL-3.0 compatible with Apache-2.0?',
      passages,
      temperature: 0,
      maxOutputTokens: 200,
    });
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      authorization: 'Bearer test',
    });
    expect(request.body).toMatchObject({ model: 'gpt-local', temperature: 0, max_tokens: 200 });
    expect(request.body.messages).toEqual([
      { role: 'system', content: DEFAULT_PROMPT.system },
      {
        role: 'user',
        content: `Sources:\n\n${formatSources(passages)}\n\nQuestion: Is GPL-3.0 compatible with Apache-2.0?`,
      },
    ]);
    expect(result).toMatchObject({
      status: 'answered',
      model: { provider: 'openai.chat', modelId: 'gpt-local' },
      usage: { inputTokens: 120, outputTokens: 18, totalTokens: 138 },
      attempts: 1,
    });
    expect(result.citations).toEqual([
      {
        source: 2,
        documentId: 'gpl-3.0',
        chunkId: 'gpl-3.0#400',
        start: 400,
        end: 400 + passages[1]!.text.length,
        text: passages[1]!.text,
      },
    ]);
  });

  it('rejects a fabricated source number from the real provider path', async () => {
    replies.push({ text: 'The GPL is a copyleft license [2]. It was written in 1850 [4].' });
    const error = await synthesize({ model: provider().chat('gpt-local'), question: 'q?', passages }).catch(
      (e: unknown) => e,
    );
    expect(SynthesisError.isInstance(error)).toBe(true);
    expect((error as SynthesisError).code).toBe('marker_out_of_range');
  });

  it('rejects the last claim of a stream the server closed with no finish reason, even when it verifies', async () => {
    const whole = 'The GPL is a copyleft license [2].';
    const cut = 'The Apache License 2.0 grants an express patent license [3]';
    replies.push({ chunks: [`${whole} `, cut], cut: true });
    const { events, result } = streamSynthesize({
      model: provider().chat('gpt-local'),
      question: 'q?',
      passages,
      policy: 'reject-answer',
      verify: { support: {} },
    });
    const released: string[] = [];
    let failure: unknown;
    try {
      for await (const event of events) if (event.type === 'claim') released.push(event.claim.text);
    } catch (error) {
      failure = error;
    }
    expect(released).toEqual([whole]);
    expect(failure).toMatchObject({ code: 'rejected_claims' });
    expect((failure as SynthesisError).rejected).toMatchObject([{ code: 'unfinished_claim', text: cut }]);
    await expect(result).rejects.toBe(failure);
    // The same without streaming: a reply with `finish_reason: null`.
    replies.push({ text: `${whole} ${cut}`, cut: true });
    const answer = await synthesize({
      model: provider().chat('gpt-local'),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    expect(answer).toMatchObject({ text: whole, finishReason: 'other' });
    expect(answer.rejected).toMatchObject([{ code: 'unfinished_claim', text: cut }]);
  });

  it('passes the provider error through unchanged; maxRetries retries the transport, not the answer', async () => {
    replies.push({ status: 500, error: 'overloaded' }, { status: 500, error: 'still overloaded' });
    const error = await synthesize({
      model: provider().chat('gpt-local'),
      question: 'q?',
      passages,
      maxRetries: 1,
    }).catch((e: unknown) => e);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(received[0]!.body);
    expect(SynthesisError.isInstance(error)).toBe(false);
    // With retries the AI SDK wraps the last APICallError in a RetryError; the APICallError itself is untouched.
    const last = (error as { lastError?: unknown }).lastError ?? error;
    expect(APICallError.isInstance(last)).toBe(true);
    expect((last as APICallError).statusCode).toBe(500);

    replies.push({ status: 400, error: 'bad request' });
    const direct = await synthesize({
      model: provider().chat('gpt-local'),
      question: 'q?',
      passages,
      maxRetries: 0,
    }).catch((e: unknown) => e);
    expect(APICallError.isInstance(direct)).toBe(true);
  });

  it('streams through redactionMiddleware: the server never sees the value, tokens split over chunks are restored', async () => {
    replies.push({ chunks: ['Write to [EM', 'AIL_', '1] or ', '[EMAIL_1', '] today.'] });
    const model = wrapLanguageModel({
      model: provider().chat('gpt-local'),
      middleware: redactionMiddleware(),
    });
    const result = streamText({ model, prompt: 'Contact ada@example.org about the licence.' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(JSON.stringify(received[0]!.body)).not.toContain('ada@example.org');
    expect(received[0]!.body).toMatchObject({
      stream: true,
      messages: [{ role: 'user', content: 'Contact [EMAIL_1] about the licence.' }],
    });
    expect(deltas.join('')).toBe('Write to ada@example.org or ada@example.org today.');
  });
});
