// OpenAI Responses API, as its public reference documents it (read 2026-12-01):
// - https://platform.openai.com/docs/api-reference/responses/create and /responses/object — the request
//   (`model`, `input`, `tools`, `include`, `stream`) and the Response object (`id`, `object: "response"`,
//   `created_at`, `status`, `model`, `output`, `usage`, ...); `output_text` content parts with `annotations`:
//   `file_citation` (`file_id`, `filename`, `index`: where the citation goes in the text), `url_citation`
//   (`start_index`, `end_index`, `url`, `title`), `container_file_citation`, `file_path`.
// - https://platform.openai.com/docs/guides/tools-file-search — the `file_search` tool with
//   `vector_store_ids`, the `file_search_call` output item, and its `results` (`file_id`, `filename`, `score`,
//   `text`, `attributes`) when `include: ["file_search_call.results"]` is sent.
// - https://platform.openai.com/docs/guides/tools-web-search — the `web_search_call` item and inline
//   `url_citation` annotations whose span is the markdown link the model wrote.
// - https://platform.openai.com/docs/api-reference/responses-streaming — `response.created`,
//   `response.in_progress`, `response.output_item.added` / `.done`, `response.file_search_call.*`,
//   `response.content_part.added` / `.done`, `response.output_text.delta`,
//   `response.output_text.annotation.added`, `response.output_text.done`, `response.completed`, each with a
//   `sequence_number`, sent as `event:` + `data:` lines.
import type { ReceivedRequest, ServerReply } from './local-server.js';
import { splitText } from './local-server.js';

export const OPENAI_KEY = 'sk-local-test';
export const OPENAI_MODEL = 'gpt-4.1-mini';
export const VECTOR_STORE = 'vs_gkTenancy01';

/** What one scripted response holds: the answer, its annotations, and what the file search retrieved. */
export interface OpenAIScript {
  text: string;
  annotations: Array<Record<string, unknown>>;
  results: Array<{ file_id: string; filename: string; score: number; text: string }>;
  webSearch?: boolean;
}

const usage = {
  input_tokens: 1821,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 96,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 1917,
};

function outputItems(script: OpenAIScript): Array<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = [
    {
      id: 'fs_68gkLocalFileSearch',
      type: 'file_search_call',
      status: 'completed',
      queries: ['tenant notice period', 'deposit return'],
      results: script.results.map((result) => ({ ...result, attributes: {} })),
    },
  ];
  if (script.webSearch) {
    items.push({
      id: 'ws_68gkLocalWebSearch',
      type: 'web_search_call',
      status: 'completed',
      action: { type: 'search', query: 'tenant deposit rules' },
    });
  }
  items.push({
    id: 'msg_68gkLocalMessage',
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: script.text, annotations: script.annotations, logprobs: [] }],
  });
  return items;
}

/** The Response object of a completed response. */
export function openaiResponse(
  script: OpenAIScript,
  request: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: 'resp_68gkLocalCitations',
    object: 'response',
    created_at: 1_796_083_200,
    status: 'completed',
    background: false,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: request.max_output_tokens ?? null,
    model: OPENAI_MODEL,
    output: outputItems(script),
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: request.tools ?? [],
    top_p: 1,
    truncation: 'disabled',
    usage,
    user: null,
    metadata: {},
  };
}

/** The same response as the server-sent events of a streamed one. */
export function openaiStream(script: OpenAIScript, request: Record<string, unknown>): ServerReply {
  const full = openaiResponse(script, request);
  const events: Array<{ event: string; data: unknown }> = [];
  const send = (type: string, data: Record<string, unknown>) =>
    events.push({ event: type, data: { type, sequence_number: events.length, ...data } });
  const pending = { ...full, status: 'in_progress', output: [], usage: null };
  send('response.created', { response: pending });
  send('response.in_progress', { response: pending });
  (full.output as Array<Record<string, unknown>>).forEach((item, output_index) => {
    const item_id = item.id;
    if (item.type === 'message') {
      send('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', content: [] },
      });
      const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
      send('response.content_part.added', { item_id, output_index, content_index: 0, part });
      for (const delta of splitText(script.text, 4)) {
        send('response.output_text.delta', { item_id, output_index, content_index: 0, delta, logprobs: [] });
      }
      script.annotations.forEach((annotation, annotation_index) => {
        send('response.output_text.annotation.added', {
          item_id,
          output_index,
          content_index: 0,
          annotation_index,
          annotation,
        });
      });
      send('response.output_text.done', {
        item_id,
        output_index,
        content_index: 0,
        text: script.text,
        logprobs: [],
      });
      const done = { type: 'output_text', text: script.text, annotations: script.annotations, logprobs: [] };
      send('response.content_part.done', { item_id, output_index, content_index: 0, part: done });
    } else {
      const kind = item.type === 'file_search_call' ? 'file_search_call' : 'web_search_call';
      send('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', results: null },
      });
      send(`response.${kind}.in_progress`, { output_index, item_id });
      send(`response.${kind}.searching`, { output_index, item_id });
      send(`response.${kind}.completed`, { output_index, item_id });
    }
    send('response.output_item.done', { output_index, item });
  });
  send('response.completed', { response: full });
  return { events };
}

/** Checks a request as the Responses API would and lists every problem (none: it would be accepted). */
export function checkOpenAIRequest(request: ReceivedRequest, script: OpenAIScript): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  need(request.method === 'POST', `method ${request.method}`);
  need(request.url === '/v1/responses', `path ${request.url}`);
  need(request.headers.authorization === `Bearer ${OPENAI_KEY}`, 'authorization');
  const body = request.body as Record<string, unknown> | undefined;
  need(body?.model === OPENAI_MODEL, 'model');
  const input = body?.input as Array<{ role?: string; content?: unknown }> | undefined;
  need(Array.isArray(input) && input.some((message) => message.role === 'user'), 'a user message');
  const tools = (body?.tools as Array<Record<string, unknown>> | undefined) ?? [];
  const fileSearch = tools.find((tool) => tool.type === 'file_search');
  need(
    JSON.stringify(fileSearch?.vector_store_ids) === JSON.stringify([VECTOR_STORE]),
    'file_search over the store',
  );
  need(tools.some((tool) => tool.type === 'web_search') === (script.webSearch ?? false), 'web_search');
  need(
    Array.isArray(body?.include) && (body.include as unknown[]).includes('file_search_call.results'),
    'include file_search_call.results',
  );
  return problems;
}

/** The Responses API's error body for a request it refuses. */
export function openaiError(problems: string[]): ServerReply {
  return {
    status: 400,
    json: { error: { message: problems.join('; '), type: 'invalid_request_error', param: null, code: null } },
  };
}
