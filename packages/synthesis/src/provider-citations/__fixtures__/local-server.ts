import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the local server received, its body parsed as JSON. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, such as `/v1/messages`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A JSON response, or a stream of server-sent events (`event:` lines only where the provider sends them). */
export type ServerReply =
  | { status: number; json: unknown }
  | { events: Array<{ event?: string; data: unknown }>; done?: string };

/** A local HTTP server on 127.0.0.1 that answers with what `handle` returns and records what it received. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>` followed by the path prefix given. */
  baseURL: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a server on a free port of 127.0.0.1; nothing leaves the machine. */
export async function startLocalServer(
  handle: (request: ReceivedRequest) => ServerReply,
  prefix = '',
): Promise<LocalServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // an unparsable body is recorded as text; the handler refuses it
      }
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      received.push(entry);
      const reply = handle(entry);
      if ('json' in reply) {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.json));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const { event, data } of reply.events) {
        response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
      }
      response.end(reply.done === undefined ? undefined : `data: ${reply.done}\n\n`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}${prefix}`,
    received,
    close: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}

/** Splits a text into `count` pieces at code point boundaries, as a provider streams deltas. */
export function splitText(text: string, count = 3): string[] {
  const points = [...text];
  const size = Math.ceil(points.length / count);
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += size) pieces.push(points.slice(i, i + size).join(''));
  return pieces.length === 0 ? [''] : pieces;
}
