// Three local stand-ins, one per provider, each answering the question with citations it built itself, in the
// response shape its public API reference documents (Anthropic Messages API citations, OpenAI Responses API
// annotations with file search results, Gemini grounding metadata; read 2026-12-01). Each answer carries
// one citation of the kind real responses get wrong, so the example shows a rejection beside the verified ones.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toCodePointOffset, toUtf8ByteOffset } from '@gk/citations';
import { DOCUMENTS } from './documents.js';

const NOTICE = 'The notice period is three months 📅.';
const JAPANESE = '借家人は三か月前に通知しなければならない。';
const DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';

/** Where `quote` sits in document `index`, counted in code points (Anthropic's character indexes). */
function codePoints(index: number, quote: string): { start: number; end: number } {
  const text = DOCUMENTS[index]!.text;
  const start = text.indexOf(quote);
  return { start: toCodePointOffset(text, start), end: toCodePointOffset(text, start + quote.length) };
}

function anthropicMessage(): unknown {
  const cite = (index: number, quote: string, citedText = quote) => {
    const span = codePoints(index, quote);
    return {
      type: 'char_location',
      cited_text: citedText,
      document_index: index,
      document_title: DOCUMENTS[index]!.documentId,
      start_char_index: span.start,
      end_char_index: span.end,
    };
  };
  return {
    id: 'msg_local_example',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1200, output_tokens: 80 },
    content: [
      { type: 'text', text: 'In short: ' },
      { type: 'text', text: 'the notice period is three months 📅', citations: [cite(0, NOTICE)] },
      { type: 'text', text: '; ' },
      { type: 'text', text: '借家人は三か月前に通知する', citations: [cite(0, JAPANESE)] },
      { type: 'text', text: '. ' },
      // The provider's copy of the cited text disagrees with the document at those offsets.
      {
        type: 'text',
        text: 'Deposits come back within 14 days.',
        citations: [cite(1, DEPOSIT, 'A deposit must be returned within 14 days after the tenant leaves.')],
      },
    ],
  };
}

function openaiResponse(): unknown {
  const news = 'https://news.example.com/renters-2026';
  const text =
    'The notice period is three months 📅. Deposits come back within 30 days. ' +
    `Most landlords return it sooner ([news.example.com](${news})).`;
  const after = (sentence: string) => toCodePointOffset(text, text.indexOf(sentence) + sentence.length);
  const link = `([news.example.com](${news}))`;
  const results = [
    { file_id: 'file-TenancyAct4', filename: 'tenancy-act.txt', score: 0.93, text: NOTICE, attributes: {} },
    {
      file_id: 'file-DepositRules0',
      filename: 'deposit-rules.txt',
      score: 0.9,
      text: DEPOSIT,
      attributes: {},
    },
  ];
  return {
    id: 'resp_local_example',
    object: 'response',
    created_at: 1_796_083_200,
    status: 'completed',
    model: 'gpt-4.1-mini',
    output: [
      {
        id: 'fs_local',
        type: 'file_search_call',
        status: 'completed',
        queries: ['notice', 'deposit'],
        results,
      },
      {
        id: 'ws_local',
        type: 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: 'deposit' },
      },
      {
        id: 'msg_local',
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [
          {
            type: 'output_text',
            text,
            logprobs: [],
            annotations: [
              {
                type: 'file_citation',
                file_id: 'file-TenancyAct4',
                filename: 'tenancy-act.txt',
                index: after('months 📅.'),
              },
              {
                type: 'file_citation',
                file_id: 'file-DepositRules0',
                filename: 'deposit-rules.txt',
                index: after('30 days.'),
              },
              // A web page, which is none of the documents sent.
              {
                type: 'url_citation',
                start_index: toCodePointOffset(text, text.indexOf(link)),
                end_index: toCodePointOffset(text, text.indexOf(link) + link.length),
                url: news,
                title: 'Renters news',
              },
            ],
          },
        ],
      },
    ],
    usage: { input_tokens: 900, output_tokens: 60, total_tokens: 960 },
  };
}

function geminiResponse(): unknown {
  const text =
    'Die Kündigungsfrist beträgt drei Monate 📅. Deposits come back within 30 days. Many landlords are faster.';
  const segment = (sentence: string) => {
    const start = text.indexOf(sentence);
    const startIndex = toUtf8ByteOffset(text, start);
    // UTF-8 bytes, as the Gemini API counts them; a zero is left out of proto3 JSON.
    return {
      ...(startIndex === 0 ? {} : { startIndex }),
      endIndex: toUtf8ByteOffset(text, start + sentence.length),
      text: sentence,
    };
  };
  const store = 'fileSearchStores/gk-example';
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text }] },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: {
          groundingChunks: [
            {
              retrievedContext: {
                title: 'tenancy-act',
                text: 'Die Kündigungsfrist beträgt drei Monate.',
                fileSearchStore: store,
              },
            },
            { retrievedContext: { title: 'deposit-rules', text: DEPOSIT, fileSearchStore: store } },
            // A web result from Google Search, which is none of the documents sent.
            {
              web: {
                uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9example',
                title: 'news.example.com',
              },
            },
          ],
          groundingSupports: [
            { segment: segment('Die Kündigungsfrist beträgt drei Monate 📅.'), groundingChunkIndices: [0] },
            { segment: segment('Deposits come back within 30 days.'), groundingChunkIndices: [1] },
            { segment: segment('Many landlords are faster.'), groundingChunkIndices: [2] },
          ],
        },
      },
    ],
    usageMetadata: { promptTokenCount: 400, candidatesTokenCount: 40, totalTokenCount: 440 },
    modelVersion: 'gemini-2.5-flash',
  };
}

/** Base URLs of the three local servers, and how to stop them. */
export interface LocalProviders {
  anthropic: string;
  openai: string;
  google: string;
  close(): Promise<void>;
}

const ROUTES: Array<{ name: 'anthropic' | 'openai' | 'google'; path: RegExp; respond: () => unknown }> = [
  { name: 'anthropic', path: /^\/v1\/messages$/, respond: anthropicMessage },
  { name: 'openai', path: /^\/v1\/responses$/, respond: openaiResponse },
  { name: 'google', path: /^\/v1beta\/models\/[\w.-]+:generateContent$/, respond: geminiResponse },
];

/** Starts one server on 127.0.0.1 that answers each provider's path; nothing leaves the machine. */
export async function startLocalProviders(): Promise<LocalProviders> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const route = ROUTES.find((candidate) => candidate.path.test(request.url ?? ''));
      const status = request.method === 'POST' && route !== undefined ? 200 : 404;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(route === undefined ? { error: { message: 'not found' } } : route.respond()),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    anthropic: `${base}/v1`,
    openai: `${base}/v1`,
    google: `${base}/v1beta`,
    close: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}
