import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractiveModel } from '@gk/synthesis';
import { APICallError } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { retrievePassages } from '../../demo/src/retrieve.js';
import { scriptedAnswer, scriptedChatModel } from './__fixtures__/scripted-chat-model.js';
import { createChatServer, publicLabel } from './create-chat-server.js';

const QUESTION = 'Must I state changes I made to Apache-2.0 code?';

type Chunk = { type: string; [key: string]: unknown };

let index: LicenceIndex;
beforeAll(() => {
  index = buildLicenceIndex(loadLicences());
}, 60_000);

/** Starts a server on a free port of 127.0.0.1; stopped after the suite. */
async function start(
  options: Omit<Parameters<typeof createChatServer>[0], 'index' | 'modelLabel'> & { modelLabel?: string },
) {
  const server = createChatServer({ modelLabel: 'test model', ...options, index });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: ReturnType<typeof createChatServer>[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** The UI message stream chunks of a response (server-sent events). */
async function readChunks(response: Response): Promise<Chunk[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, ''))
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Chunk);
}

const post = (url: string, body: unknown): Promise<Response> =>
  fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('createChatServer', () => {
  it('streams the passages, then verified claims with citations, and never the fabricated claim', async () => {
    const passages = retrievePassages(index, QUESTION, { topK: 5 }).passages;
    const url = await start({ model: scriptedChatModel(passages) });
    const response = await post(url, { question: QUESTION });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const chunks = await readChunks(response);
    const types = chunks.map((chunk) => chunk.type);
    expect(types[0]).toBe('start');
    expect(types[1]).toBe('data-passages');
    expect(types.at(-1)).toBe('finish');
    const text = chunks
      .flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta as string] : []))
      .join('');
    expect(text).not.toContain('500 euros');
    const claims = chunks.filter((chunk) => chunk.type === 'data-claim');
    expect(claims).toHaveLength(2);
    const rejected = chunks.filter((chunk) => chunk.type === 'data-rejected-claim');
    expect(rejected).toMatchObject([
      { data: { text: scriptedAnswer(passages).claims[1], code: 'unsupported' } },
    ]);
    // Every citation is a span of a passage that was shown, and its text is that span of the licence.
    const licences = new Map(index.documents.map((document) => [document.id, document.text]));
    for (const chunk of chunks.filter((candidate) => candidate.type === 'data-citation')) {
      const citation = chunk.data as { documentId: string; start: number; end: number; text: string };
      expect(licences.get(citation.documentId)?.slice(citation.start, citation.end)).toBe(citation.text);
    }
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis')).toMatchObject({
      data: { status: 'answered', claims: 2, rejected: 1 },
    });
  });

  it('answers a useChat request body (the last user message) with the offline model', async () => {
    const url = await start({ model: extractiveModel() });
    const chunks = await readChunks(
      await post(url, {
        messages: [
          {
            id: 'a',
            role: 'user',
            parts: [{ type: 'text', text: 'Is there any warranty for ISC software?' }],
          },
        ],
      }),
    );
    expect(chunks.filter((chunk) => chunk.type === 'data-claim').length).toBeGreaterThan(0);
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis')).toMatchObject({
      data: { status: 'answered' },
    });
  });

  it('reports no passages as a refused answer, without calling a model', async () => {
    const url = await start({ model: extractiveModel() });
    const chunks = await readChunks(await post(url, { question: 'What is the boiling point of water?' }));
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis-error')).toMatchObject({
      data: { code: 'no_passages' },
    });
  });

  it('stops the model when the reader leaves mid-answer', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'The licence says ' });
            // ... and the model goes on writing slowly; the reader does not wait for it.
          },
        }),
      }),
    });
    const url = await start({ model });
    const leave = new AbortController();
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: QUESTION }),
      signal: leave.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    leave.abort();
    await expect.poll(() => model.doStreamCalls[0]?.abortSignal?.aborted, { timeout: 5000 }).toBe(true);
  });

  it('refuses bad requests and serves only its own files', async () => {
    const url = await start({ model: extractiveModel() });
    for (const body of [{}, { question: '' }, { question: 7 }, { question: 'x'.repeat(2001) }, 'not json'])
      expect((await post(url, body)).status).toBe(400);
    // Valid JSON with a short question: only the size limit refuses it.
    const huge = await post(url, {
      question: 'Is there any warranty for ISC software?',
      pad: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(413);
    const wide = await post(url, {
      question: 'Is there any warranty for ISC software?',
      pad: 'é'.repeat(40_000),
    });
    expect(wide.status).toBe(413);
    expect((await fetch(`${url}/`)).headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${url}/app.js`)).status).toBe(200);
    expect((await fetch(`${url}/../package.json`)).status).toBe(404);
    expect((await fetch(`${url}/create-chat-server.ts`)).status).toBe(404);
    expect(await (await fetch(`${url}/api/info`)).json()).toEqual({
      model: 'test model',
      policy: 'drop-claims',
    });
  });

  it('tells the page no error message: a key, the prompt or unchecked model text stays on the server', async () => {
    const secret = 'sk-proj-R5secretR5secret';
    const failures: Array<() => never> = [
      () => {
        throw new APICallError({
          message: `Incorrect API key provided: ${secret}`,
          url: 'https://user:pw@proxy.internal/v1/chat/completions',
          requestBodyValues: {},
        });
      },
      () => {
        throw new Error(`upstream said: You must pay 500 euros [1]. (${secret})`);
      },
      () => {
        throw `a thrown string with ${secret}`;
      },
    ];
    const streamed = new MockLanguageModelV3({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'You must pay 500 euros ' },
          { type: 'error', error: new Error(`stream broke after "You must pay 500 euros" ${secret}`) },
        ]),
      }),
    });
    const models = [
      ...failures.map((fail) => new MockLanguageModelV3({ doStream: async () => fail() })),
      streamed,
    ];
    for (const model of models) {
      const reported: unknown[] = [];
      const url = await start({ model, onError: (error) => reported.push(error) });
      const chunks = await readChunks(await post(url, { question: QUESTION }));
      const errors = chunks.filter((chunk) => chunk.type === 'error');
      expect(errors).toEqual([{ type: 'error', errorText: 'The answer failed; the server log says why.' }]);
      const sent = JSON.stringify(chunks);
      expect(sent).not.toContain(secret);
      expect(sent).not.toContain('500 euros');
      expect(reported.length).toBeGreaterThan(0);
    }
  });

  it('shows a model label without the user name, password, query or fragment of a URL in it', async () => {
    const cases: Array<[string, string]> = [
      [
        'openai chat m at https://user:hunter2@proxy.internal/v1',
        'openai chat m at https://proxy.internal/v1',
      ],
      [
        'openai chat m at https://proxy.internal/v1?api-key=abc123',
        'openai chat m at https://proxy.internal/v1',
      ],
      ['m at http://127.0.0.1:8080/v1#token=abc123', 'm at http://127.0.0.1:8080/v1'],
      ['m at https://:abc123@host/ and http://a:abc123@b', 'm at https://host/ and http://b'],
      ['extractive (offline, deterministic)', 'extractive (offline, deterministic)'],
    ];
    for (const [label, shown] of cases) expect(publicLabel(label)).toBe(shown);
    const url = await start({ model: extractiveModel(), modelLabel: cases[0]![0] });
    const info = await (await fetch(`${url}/api/info`)).text();
    expect(info).not.toContain('hunter2');
    expect(JSON.parse(info).model).toBe(cases[0]![1]);
  });

  it('answers only requests to its own host, from its own page, with a JSON body', async () => {
    const url = await start({ model: extractiveModel() });
    const { port } = new URL(url);
    /** A raw request: fetch does not let a test set Host. */
    const raw = (path: string, headers: Record<string, string>, body?: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ question: 'Is there any warranty for ISC software?' });
    // A page that rebinds its own name to 127.0.0.1 sends its name as Host.
    for (const host of [
      'rebind.evil.example',
      `rebind.evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
    ]) {
      expect(await raw('/api/info', { host })).toBe(403);
      expect(await raw('/api/chat', { host, ...json }, body)).toBe(403);
    }
    // Another page's request (its Origin), and a body a form or a no-cors fetch can send without asking.
    expect(
      await raw('/api/chat', { host: `127.0.0.1:${port}`, origin: 'https://evil.example', ...json }, body),
    ).toBe(403);
    expect(await raw('/api/chat', { host: `127.0.0.1:${port}`, origin: 'null', ...json }, body)).toBe(403);
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])
      expect(await raw('/api/chat', { host: `127.0.0.1:${port}`, 'content-type': type }, body)).toBe(415);
    expect(await raw('/api/chat', { host: `127.0.0.1:${port}` }, body)).toBe(415);
    // Its own names, and its own page.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`])
      expect(await raw('/api/info', { host })).toBe(200);
    expect(
      await raw(
        '/api/chat',
        { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, ...json },
        body,
      ),
    ).toBe(200);
  });

  it('reads a character split between two chunks of the body whole', async () => {
    let prompt = '';
    const model = new MockLanguageModelV3({
      doStream: async (options) => {
        prompt = JSON.stringify(options.prompt);
        throw new Error('stop here');
      },
    });
    const url = await start({ model, onError: () => {} });
    const { port } = new URL(url);
    const bytes = Buffer.from(JSON.stringify({ question: `${QUESTION} Änderung € 😀` }));
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/chat',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
      // Cut inside each multi-byte character, one write per piece.
      let from = 0;
      for (const lead of [0xc3, 0xe2, 0xf0]) {
        const cut = bytes.indexOf(lead, from) + 1;
        request.write(bytes.subarray(from, cut));
        from = cut;
      }
      request.end(bytes.subarray(from));
    });
    expect(prompt).toContain('Änderung € 😀');
  });
});
