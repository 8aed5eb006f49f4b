import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Passage } from '@gk/citations';
import {
  type SynthesisDataTypes,
  type SynthesisPolicy,
  streamSynthesize,
  writeSynthesisEvents,
} from '@gk/synthesis';
import { createUIMessageStream, type LanguageModel, pipeUIMessageStreamToResponse, type UIMessage } from 'ai';
import type { LicenceIndex } from '../../demo/src/build-index.js';
import { retrievePassages } from '../../demo/src/retrieve.js';

/** A passage as the page shows it: where it sits in its licence, with some of the licence around it. */
export interface PassageData {
  source: number;
  documentId: string;
  chunkId: string;
  title: string | null;
  start: number;
  end: number;
  text: string;
  /** Up to `CONTEXT` characters of the licence before and after the passage. */
  before: string;
  after: string;
}

/** The messages this server streams: the synthesis parts, and the passages shown to the model. */
export type ChatMessage = UIMessage<unknown, SynthesisDataTypes & { passages: PassageData[] }>;

/** Options for {@link createChatServer}. */
export interface ChatServerOptions {
  model: Exclude<LanguageModel, string>;
  /** The licence index to retrieve from (the demo's). */
  index: LicenceIndex;
  /** Shown in the page's header. */
  modelLabel: string;
  /** Passages per question (default 5). */
  topK?: number;
  /** Default `'drop-claims'`: the answer keeps the claims that verify and shows the rest apart. */
  policy?: SynthesisPolicy;
  /** Lexical support check (default on). */
  support?: boolean;
  /**
   * Host names the server answers to (default `127.0.0.1`, `localhost`, `::1`). A request naming any other host
   * (a page that rebinds its own domain name to this machine) is refused, so another site cannot read answers or
   * spend your model key.
   */
  hosts?: readonly string[];
  /**
   * Where an error the page is not told about goes: a provider's error can hold your key, the prompt (the
   * passages) or unchecked model text, so the page gets a fixed sentence and the error comes here. Default: one
   * line to stderr with the error's name only.
   */
  onError?: (error: unknown) => void;
}

const CONTEXT = 240;
/** Bytes of a request body. */
const MAX_BODY = 64 * 1024;
const MAX_QUESTION = 2000;
const PUBLIC = new URL('../public/', import.meta.url);
const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/styles.css': { file: 'styles.css', type: 'text/css; charset=utf-8' },
};

/**
 * A node:http server for one page and one endpoint: `POST /api/chat` takes `{ question }` (or a `useChat` body
 * with `messages`), retrieves licence passages and streams a verified answer as an AI SDK UI message stream.
 */
export function createChatServer(options: ChatServerOptions): Server {
  const documents = new Map(options.index.documents.map((document) => [document.id, document.text]));
  const hosts = new Set((options.hosts ?? LOOPBACK).map((host) => host.toLowerCase()));
  // The label is shown to every visitor: a base URL in it may carry a user name, password or key.
  const modelLabel = publicLabel(options.modelLabel);
  const report =
    options.onError ??
    ((error: unknown) =>
      process.stderr.write(
        `chat: an answer failed (${error instanceof Error ? error.name : typeof error})\n`,
      ));
  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      report(error);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
      else response.destroy(error instanceof Error ? error : undefined);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!fromHere(request, hosts)) {
      sendJson(response, 403, {
        code: 'foreign_host',
        error: 'this server answers only to its own host names',
      });
      return;
    }
    if (request.method === 'GET' && path === '/api/info') {
      sendJson(response, 200, { model: modelLabel, policy: options.policy ?? 'drop-claims' });
      return;
    }
    if (request.method === 'GET' && FILES[path] !== undefined) {
      const { file, type } = FILES[path];
      const body = await readFile(new URL(file, PUBLIC));
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
      return;
    }
    if (request.method === 'POST' && path === '/api/chat') {
      // A JSON content type makes a cross-site browser request ask first (CORS preflight), which this server
      // never grants: a form or a no-cors fetch from another page cannot start an answer.
      if (!isJson(request.headers['content-type'])) {
        request.resume();
        sendJson(response, 415, { code: 'not_json', error: 'expected content-type application/json' });
        return;
      }
      const body = await readBody(request);
      if (body === null) {
        sendJson(response, 413, {
          code: 'body_too_large',
          error: `expected a body of at most ${MAX_BODY} bytes`,
        });
        return;
      }
      const question = readQuestion(body);
      if (question === null) {
        sendJson(response, 400, {
          code: 'bad_question',
          error: `expected { "question": "..." } of 1 to ${MAX_QUESTION} characters`,
        });
        return;
      }
      answer(question, response);
      return;
    }
    sendJson(response, 404, { error: 'not found' });
  }

  function answer(question: string, response: ServerResponse): void {
    const { passages } = retrievePassages(options.index, question, { topK: options.topK ?? 5 });
    // A reader who leaves stops the model: nothing is generated for nobody.
    const left = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) left.abort();
    });
    const stream = createUIMessageStream<ChatMessage>({
      execute: async ({ writer }) => {
        writer.write({ type: 'start' });
        writer.write({ type: 'data-passages', id: 'passages', data: passages.map((p, i) => toData(p, i)) });
        const { events } = streamSynthesize({
          model: options.model,
          question,
          passages,
          policy: options.policy ?? 'drop-claims',
          verify: options.support === false ? {} : { support: {} },
          abortSignal: left.signal,
        });
        await writeSynthesisEvents(writer, events);
        writer.write({ type: 'finish' });
      },
      // Not the error's message: a provider error can quote the key, the request (the passages) or model text
      // no check has seen. The page gets a fixed sentence; the error goes to `onError`.
      onError: (error) => {
        if (left.signal.aborted) return 'The answer was stopped.';
        report(error);
        return 'The answer failed; the server log says why.';
      },
    });
    pipeUIMessageStreamToResponse({ response, stream });
  }

  function toData(passage: Passage, index: number): PassageData {
    const document = documents.get(passage.documentId) ?? '';
    return {
      source: index + 1,
      documentId: passage.documentId,
      chunkId: passage.chunkId,
      title: passage.title ?? null,
      start: passage.start,
      end: passage.end,
      text: passage.text,
      before: document.slice(Math.max(0, passage.start - CONTEXT), passage.start),
      after: document.slice(passage.end, passage.end + CONTEXT),
    };
  }
}

/** The body as UTF-8 (a character split between chunks kept whole), or null past `MAX_BODY` bytes. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY) {
    request.resume();
    return null;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_BODY) {
      request.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/** Whether the request names one of `hosts` (its Host header, and its Origin when a browser sends one). */
function fromHere(request: IncomingMessage, hosts: ReadonlySet<string>): boolean {
  const named = hostName(`http://${request.headers.host ?? ''}`);
  if (named === null || !hosts.has(named)) return false;
  const origin = request.headers.origin;
  return origin === undefined || hostName(origin) === named;
}

/** The host name of a URL, lower case, without the brackets of an IPv6 address; null if it is none. */
function hostName(url: string): string | null {
  try {
    const { hostname } = new URL(url);
    return hostname === '' ? null : hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return null;
  }
}

function isJson(type: string | undefined): boolean {
  return type?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * `label` with every URL in it cut to its scheme, host and path: a user name, password, query (`?api-key=`) or
 * fragment is not shown.
 */
export function publicLabel(label: string): string {
  return label.replace(/[a-z][a-z\d+.-]*:\/\/\S*/gi, (url) => {
    try {
      const { protocol, host, pathname } = new URL(url);
      return `${protocol}//${host}${pathname === '/' && !url.endsWith('/') ? '' : pathname}`;
    } catch {
      return '(a URL)';
    }
  });
}

/** The question: `question` of a JSON body, or the text of the last user message of a `useChat` body. */
function readQuestion(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { question, messages } = parsed as { question?: unknown; messages?: unknown };
  let text: unknown = question;
  if (text === undefined && Array.isArray(messages)) {
    const last = [...messages].reverse().find((message) => message?.role === 'user');
    const parts: unknown[] = Array.isArray(last?.parts) ? last.parts : [];
    text = parts
      .filter((part): part is { type: 'text'; text: string } => (part as { type?: unknown })?.type === 'text')
      .map((part) => part.text)
      .join(' ');
  }
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > MAX_QUESTION ? null : trimmed;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
