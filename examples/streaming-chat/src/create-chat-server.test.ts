import type { AddressInfo } from 'node:net';
import { extractiveModel } from '@gk/synthesis';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { retrievePassages } from '../../demo/src/retrieve.js';
import { scriptedAnswer, scriptedChatModel } from './__fixtures__/scripted-chat-model.js';
import { createChatServer } from './create-chat-server.js';

const QUESTION = 'Must I state changes I made to Apache-2.0 code?';

type Chunk = { type: string; [key: string]: unknown };

let index: LicenceIndex;
beforeAll(() => {
  index = buildLicenceIndex(loadLicences());
}, 60_000);

/** Starts a server on a free port of 127.0.0.1; stopped after the suite. */
async function start(options: Omit<Parameters<typeof createChatServer>[0], 'index' | 'modelLabel'>) {
  const server = createChatServer({ ...options, index, modelLabel: 'test model' });
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
    const huge = await fetch(`${url}/api/chat`, { method: 'POST', body: 'x'.repeat(70_000) });
    expect(huge.status).toBe(400);
    expect((await fetch(`${url}/`)).headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${url}/app.js`)).status).toBe(200);
    expect((await fetch(`${url}/../package.json`)).status).toBe(404);
    expect((await fetch(`${url}/create-chat-server.ts`)).status).toBe(404);
    expect(await (await fetch(`${url}/api/info`)).json()).toEqual({
      model: 'test model',
      policy: 'drop-claims',
    });
  });
});
