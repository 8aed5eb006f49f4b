import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { toUtf8ByteOffset } from '@gk/citations';
import { generateText, streamText, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MAJOR } from '../__fixtures__/mock-models.js';
import {
  checkGeminiRequest,
  FILE_SEARCH_STORE,
  GEMINI_MODEL,
  type GeminiScript,
  GOOGLE_KEY,
  geminiError,
  geminiResponse,
  geminiStream,
} from './__fixtures__/gemini-generate-content.js';
import { type LocalServer, startLocalServer } from './__fixtures__/local-server.js';
import { QUESTION, spanOf, TENANCY_DOCUMENTS as documents } from './__fixtures__/tenancy-documents.js';
import { verifyProviderResult } from './verify-provider-result.js';

// Gemini's grounding metadata through the real @ai-sdk/google, pointed at a local server that speaks the Gemini
// API (see the fixture for the reference pages followed). Every case runs non-streaming and streaming.

const ANSWER =
  'Die Kündigungsfrist beträgt drei Monate 📅. 借家人は三か月前に通知する。 Deposits come back within 30 days.';
const CHUNK_ACT = 'Die Kündigungsfrist beträgt drei Monate. The notice period is three months 📅.';
const CHUNK_JAPANESE = '借家人は三か月前に通知しなければならない。';
const CHUNK_DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';
const SEGMENTS = [
  'Die Kündigungsfrist beträgt drei Monate 📅.',
  '借家人は三か月前に通知する。',
  'Deposits come back within 30 days.',
];

const retrieved = (title: string, text: string) => ({
  retrievedContext: { title, text, fileSearchStore: FILE_SEARCH_STORE },
});
const CHUNKS = [
  retrieved('tenancy-act', CHUNK_ACT),
  retrieved('tenancy-act', CHUNK_JAPANESE),
  retrieved('deposit-rules', CHUNK_DEPOSIT),
];
/** A grounding support for `text` in the answer, in UTF-8 bytes (or in UTF-16 units, as a careless proxy sends). */
const support = (text: string, chunks: number[], options: { utf16?: boolean; shift?: number } = {}) => {
  const start = ANSWER.indexOf(text);
  const count = (utf16: number) =>
    (options.utf16 ? utf16 : toUtf8ByteOffset(ANSWER, utf16)) + (options.shift ?? 0);
  const startIndex = count(start);
  return {
    // proto3 JSON leaves a zero out: the first segment has no startIndex.
    segment: { ...(startIndex === 0 ? {} : { startIndex }), endIndex: count(start + text.length), text },
    groundingChunkIndices: chunks,
    confidenceScores: chunks.map(() => 0.94),
  };
};
const script = (
  overrides: { chunks?: unknown[]; supports?: unknown[]; googleSearch?: boolean } = {},
): GeminiScript => ({
  text: ANSWER,
  googleSearch: overrides.googleSearch ?? false,
  groundingMetadata: {
    groundingChunks: overrides.chunks ?? CHUNKS,
    groundingSupports: overrides.supports ?? [
      support(SEGMENTS[0]!, [0]),
      support(SEGMENTS[1]!, [1]),
      support(SEGMENTS[2]!, [2]),
    ],
    retrievalMetadata: {},
  },
});

let server: LocalServer;
let current: GeminiScript;
let problems: string[][] = [];

beforeAll(async () => {
  server = await startLocalServer((request) => {
    const found = checkGeminiRequest(request, current);
    problems.push(found);
    if (found.length > 0) return geminiError(found);
    return request.url.includes(':streamGenerateContent')
      ? geminiStream(current)
      : { status: 200, json: geminiResponse(current) };
  }, '/v1beta');
});
afterAll(() => server.close());

async function ask(mode: 'generate' | 'stream', scripted: GeminiScript) {
  problems = [];
  current = scripted;
  const provider = createGoogleGenerativeAI({ baseURL: server.baseURL, apiKey: GOOGLE_KEY });
  const fileSearch = provider.tools.fileSearch({ fileSearchStoreNames: [FILE_SEARCH_STORE] });
  const call = {
    model: provider(GEMINI_MODEL),
    prompt: QUESTION,
    tools: (scripted.googleSearch
      ? { file_search: fileSearch, google_search: provider.tools.googleSearch({}) }
      : { file_search: fileSearch }) as ToolSet,
  };
  expect(call.model.specificationVersion).toBe(AI_MAJOR >= 7 ? 'v4' : 'v3'); // provider 3 with AI SDK 6, 4 with 7
  const result = mode === 'generate' ? await generateText(call) : streamText(call);
  const outcome = await verifyProviderResult(result, documents);
  expect(problems).toEqual([[]]);
  expect(outcome.provider).toBe('google');
  expect(outcome.answer).toBe(ANSWER);
  return outcome;
}

const codes = (outcome: Awaited<ReturnType<typeof ask>>) =>
  outcome.verification.rejected.map((r) => [r.code, r.text]);
const located = (index: number, quote: string) => {
  const span = spanOf(index, quote).utf16;
  const document = documents[index]!;
  return {
    source: index + 1,
    documentId: document.documentId,
    chunkId: document.chunkId,
    start: document.start + span.start,
    end: document.start + span.end,
    text: quote,
  };
};

describe.each(['generate', 'stream'] as const)('verifyProviderResult over @ai-sdk/google (%s)', (mode) => {
  it('reads UTF-8 byte segments exactly and builds each citation from the document the chunk came from', async () => {
    const outcome = await ask(mode, script());
    expect(outcome.verification.rejected).toEqual([]);
    expect(outcome.verification.claims.map((claim) => [claim.text, claim.citations])).toEqual([
      [SEGMENTS[0], [located(0, CHUNK_ACT)]],
      [SEGMENTS[1], [located(0, CHUNK_JAPANESE)]],
      [SEGMENTS[2], [located(1, CHUNK_DEPOSIT)]],
    ]);
    // What reading the same numbers as string indexes would have cited instead:
    const { startIndex, endIndex } = support(SEGMENTS[1]!, [1]).segment as {
      startIndex: number;
      endIndex: number;
    };
    expect(ANSWER.slice(startIndex, endIndex)).not.toBe(SEGMENTS[1]);
  });

  it('rejects a grounding chunk whose text the document does not hold (span_mismatch)', async () => {
    const chunks = [
      CHUNKS[0],
      retrieved('tenancy-act', '借家人は二か月前に通知しなければならない。'),
      CHUNKS[2],
    ];
    const outcome = await ask(mode, script({ chunks }));
    expect(codes(outcome)).toEqual([['span_mismatch', SEGMENTS[1]]]);
    expect(outcome.verification.rejected[0]!.message).toContain('二か月');
  });

  it('rejects a segment shifted by one byte: inside a character, or onto other text', async () => {
    const inside = await ask(mode, script({ supports: [support(SEGMENTS[1]!, [1], { shift: 1 })] }));
    expect(inside.verification.rejected.map((r) => r.code)).toEqual(['answer_out_of_range']);
    const other = await ask(mode, script({ supports: [support(SEGMENTS[2]!, [2], { shift: -1 })] }));
    expect(codes(other)).toEqual([['answer_mismatch', ` ${SEGMENTS[2]!.slice(0, -1)}`.trim()]]);
  });

  it('catches byte offsets read as UTF-16 (sent as string indexes) on non-ASCII text instead of mis-resolving them', async () => {
    const outcome = await ask(
      mode,
      script({ supports: SEGMENTS.map((text, i) => support(text, [i], { utf16: true })) }),
    );
    // Each segment holds a multi-byte character before its end: string indexes land inside one, or elsewhere.
    expect(outcome.verification.claims).toEqual([]);
    expect(outcome.verification.rejected).toHaveLength(3);
    for (const rejection of outcome.verification.rejected) {
      expect(['answer_out_of_range', 'answer_mismatch']).toContain(rejection.code);
    }
  });

  it('rejects a grounding chunk that is none of the documents (a web result)', async () => {
    const web = {
      web: {
        uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9wXGk',
        title: 'news.example.com',
      },
    };
    const outcome = await ask(
      mode,
      script({ chunks: [...CHUNKS, web], supports: [support(SEGMENTS[2]!, [3])], googleSearch: true }),
    );
    expect(codes(outcome)).toEqual([['unknown_document', SEGMENTS[2]]]);
    expect(outcome.verification.rejected[0]!.message).toContain('grounding chunk 3 (web)');
  });

  it("rejects a web or Maps chunk whose title is a document's documentId: its title is the provider's", async () => {
    // Web titles are domain names: an app whose documentIds are domains must not get search results as citations.
    const web = {
      web: {
        uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/x',
        title: 'deposit-rules',
      },
    };
    const maps = { maps: { title: 'tenancy-act', placeId: 'places/ChIJ' } };
    const outcome = await ask(
      mode,
      script({
        chunks: [...CHUNKS, web, maps],
        supports: [support(SEGMENTS[0]!, [4]), support(SEGMENTS[2]!, [3])],
        googleSearch: true,
      }),
    );
    expect(outcome.verification.claims).toEqual([]);
    expect(codes(outcome)).toEqual([
      ['unknown_document', SEGMENTS[0]],
      ['unknown_document', SEGMENTS[2]],
    ]);
    expect(outcome.verification.rejected[0]!.message).toContain(
      'grounding chunk 4 (maps or image) tenancy-act',
    );
  });

  it('cites the document whose uri a web chunk has', async () => {
    const web = { web: { uri: documents[2]!.uri, title: 'example.org' } };
    const outcome = await ask(
      mode,
      script({ chunks: [...CHUNKS, web], supports: [support(SEGMENTS[2]!, [3])], googleSearch: true }),
    );
    expect(outcome.verification.rejected).toEqual([]);
    expect(outcome.verification.citations.map((citation) => citation.documentId)).toEqual(['tenancy-faq']);
  });

  it('rejects a grounding chunk index the response does not have', async () => {
    const outcome = await ask(mode, script({ supports: [support(SEGMENTS[2]!, [2, 7])] }));
    expect(codes(outcome)).toEqual([['unknown_document', SEGMENTS[2]]]);
    expect(outcome.verification.rejected[0]!.message).toContain(
      'grounding chunk 7, which the response does not have (it has 3)',
    );
  });
});
