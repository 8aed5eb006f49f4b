import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for an OpenAI-compatible server, listening on 127.0.0.1 at a free port. */
export interface LocalServer {
  /** The base URL to give the provider (`OPENAI_BASE_URL`), ending in `/v1`. */
  baseURL: string;
  close(): Promise<void>;
}

/** Starts a server that reads each request's whole body, then lets `answer` reply to it. */
export async function startLocalServer(
  answer: (body: string, request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => answer(body, request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
