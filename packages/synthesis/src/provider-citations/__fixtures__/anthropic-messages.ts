// Anthropic Messages API, as its public reference documents it (read 2026-12-01):
// - https://platform.claude.com/docs/en/build-with-claude/citations — document blocks with
//   `citations: { enabled: true }`; text blocks carrying `citations` of type `char_location` (0-indexed
//   `start_char_index`, exclusive `end_char_index`), `page_location` (1-indexed `start_page_number`, exclusive
//   `end_page_number`), `content_block_location`, each with `cited_text`, `document_index`, `document_title`;
//   streaming adds `citations_delta` events on the text block.
// - https://platform.claude.com/docs/en/api/messages — the Message object (`id`, `type: "message"`, `role`,
//   `model`, `content`, `stop_reason`, `stop_sequence`, `usage`) and the request (`model`, `max_tokens`,
//   `messages`), headers `x-api-key` and `anthropic-version: 2023-06-01`.
// - https://platform.claude.com/docs/en/build-with-claude/streaming — `message_start`, `ping`,
//   `content_block_start` / `content_block_delta` / `content_block_stop`, `message_delta`, `message_stop`.
// - https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool — `server_tool_use`,
//   `web_search_tool_result` and `web_search_result_location` citations (`url`, `title`,
//   `encrypted_index`, `cited_text`).
import type { ReceivedRequest, ServerReply } from './local-server.js';
import { splitText } from './local-server.js';

export const ANTHROPIC_KEY = 'sk-ant-local-test';
export const ANTHROPIC_MODEL = 'claude-sonnet-4-5';

/** A content block of a Message, as the API sends it. */
export type AnthropicBlock = Record<string, unknown> & { type: string };

/** A Message object around the given content blocks. */
export function anthropicMessage(content: AnthropicBlock[]): Record<string, unknown> {
  return {
    id: 'msg_01Gk7LocalCitationsTest',
    type: 'message',
    role: 'assistant',
    model: ANTHROPIC_MODEL,
    content,
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 2095,
      output_tokens: 118,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
}

/** The same message as the server-sent events of a streamed response. */
export function anthropicStream(message: Record<string, unknown>): ServerReply {
  const events: Array<{ event: string; data: unknown }> = [];
  const send = (event: string, data: Record<string, unknown>) =>
    events.push({ event, data: { type: event, ...data } });
  send('message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 2095, output_tokens: 1 } },
  });
  send('ping', {});
  (message.content as AnthropicBlock[]).forEach((block, index) => {
    if (block.type === 'text') {
      const citations = (block.citations as unknown[] | undefined) ?? [];
      send('content_block_start', {
        index,
        content_block: { type: 'text', text: '', ...(block.citations ? { citations: [] } : {}) },
      });
      for (const citation of citations) {
        send('content_block_delta', { index, delta: { type: 'citations_delta', citation } });
      }
      for (const text of splitText(block.text as string)) {
        send('content_block_delta', { index, delta: { type: 'text_delta', text } });
      }
    } else if (block.type === 'server_tool_use') {
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      send('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      send('content_block_start', { index, content_block: block });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 118 },
  });
  send('message_stop', {});
  return { events };
}

/** What the request must hold: the documents' texts in order (PDFs as base64), and whether web search is on. */
export interface AnthropicExpectation {
  texts?: string[];
  pdfs?: number;
  webSearch?: boolean;
}

/**
 * Checks a request as the Messages API would (path, headers, body shape, document blocks with citations on)
 * and lists every problem; an empty list means the API would have accepted it.
 */
export function checkAnthropicRequest(request: ReceivedRequest, expectation: AnthropicExpectation): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  need(request.method === 'POST', `method ${request.method}`);
  need(request.url === '/v1/messages', `path ${request.url}`);
  need(request.headers['x-api-key'] === ANTHROPIC_KEY, 'x-api-key');
  need(request.headers['anthropic-version'] === '2023-06-01', 'anthropic-version');
  need(String(request.headers['content-type']).startsWith('application/json'), 'content-type');
  const body = request.body as Record<string, unknown> | undefined;
  need(body?.model === ANTHROPIC_MODEL, 'model');
  need(typeof body?.max_tokens === 'number', 'max_tokens');
  const messages = body?.messages as
    | Array<{ role: string; content: Array<Record<string, unknown>> }>
    | undefined;
  need(Array.isArray(messages) && messages.length === 1 && messages[0]!.role === 'user', 'one user message');
  const content = messages?.[0]?.content ?? [];
  const documents = content.filter((part) => part.type === 'document');
  const texts = documents.filter((part) => (part.source as Record<string, unknown>)?.type === 'text');
  const pdfs = documents.filter((part) => (part.source as Record<string, unknown>)?.type === 'base64');
  for (const part of documents) {
    need(
      (part.citations as { enabled?: boolean } | undefined)?.enabled === true,
      'citations enabled on every document',
    );
    need(typeof part.title === 'string', 'a document title');
  }
  need(
    JSON.stringify(texts.map((part) => (part.source as Record<string, unknown>).data)) ===
      JSON.stringify(expectation.texts ?? []),
    'the documents sent, in order',
  );
  for (const part of texts)
    need((part.source as Record<string, unknown>).media_type === 'text/plain', 'media_type');
  need(pdfs.length === (expectation.pdfs ?? 0), 'PDF documents');
  for (const part of pdfs)
    need((part.source as Record<string, unknown>).media_type === 'application/pdf', 'PDF media_type');
  need(
    content.some((part) => part.type === 'text'),
    'the question',
  );
  const tools = (body?.tools as Array<Record<string, unknown>> | undefined) ?? [];
  need(
    tools.some((tool) => tool.type === 'web_search_20250305' && tool.name === 'web_search') ===
      (expectation.webSearch ?? false),
    'the web search tool',
  );
  return problems;
}

/** The Messages API's error body for a request it refuses. */
export function anthropicError(problems: string[]): ServerReply {
  return {
    status: 400,
    json: { type: 'error', error: { type: 'invalid_request_error', message: problems.join('; ') } },
  };
}
