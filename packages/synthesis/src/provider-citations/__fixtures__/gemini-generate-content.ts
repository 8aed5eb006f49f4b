// Gemini API generateContent, as its public reference documents it (read 2026-12-01):
// - https://ai.google.dev/api/generate-content — `models/{model}:generateContent` and
//   `:streamGenerateContent?alt=sse` (each server-sent event a GenerateContentResponse), the request
//   (`contents`, `tools`), the response (`candidates[].content.parts`, `finishReason`, `groundingMetadata`,
//   `usageMetadata`, `modelVersion`, `responseId`); GroundingMetadata's `groundingChunks` (`web`,
//   `retrievedContext` with `uri`, `title`, `text`, `fileSearchStore`) and `groundingSupports`
//   (`groundingChunkIndices`, `confidenceScores`, `segment`); Segment's `partIndex`, `startIndex`, `endIndex`
//   — "measured in bytes" — and `text`. Zero values are left out of the JSON (proto3), so a segment that starts
//   its part has no `startIndex`. (The Firebase AI Logic Segment reference, last updated 2025-07-17, says the
//   same: "measured in UTF-8 bytes".)
// - https://ai.google.dev/gemini-api/docs/file-search — the `fileSearch` tool with `fileSearchStoreNames`; the
//   file's display name comes back as the chunk's `title`.
// - https://ai.google.dev/gemini-api/docs/google-search — the `googleSearch` tool and `web` chunks whose `uri`
//   is a grounding redirect.
// - API key in the `x-goog-api-key` header.
import type { ReceivedRequest, ServerReply } from './local-server.js';
import { splitText } from './local-server.js';

export const GOOGLE_KEY = 'local-gemini-key';
export const GEMINI_MODEL = 'gemini-2.5-flash';
export const FILE_SEARCH_STORE = 'fileSearchStores/gk-tenancy-01';

/** The answer and its grounding metadata, as one candidate carries them. */
export interface GeminiScript {
  text: string;
  groundingMetadata: Record<string, unknown>;
  googleSearch?: boolean;
}

const usageMetadata = { promptTokenCount: 412, candidatesTokenCount: 61, totalTokenCount: 473 };
const envelope = { modelVersion: GEMINI_MODEL, responseId: 'gkLocalGroundingResponse01' };

/** The GenerateContentResponse of a non-streamed call. */
export function geminiResponse(script: GeminiScript): Record<string, unknown> {
  return {
    candidates: [
      {
        content: { parts: [{ text: script.text }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: script.groundingMetadata,
      },
    ],
    usageMetadata,
    ...envelope,
  };
}

/** The same response streamed: text in several events, the grounding metadata with the last one. */
export function geminiStream(script: GeminiScript): ServerReply {
  const pieces = splitText(script.text, 3);
  return {
    events: pieces.map((text, i) => ({
      data: {
        candidates: [
          {
            content: { parts: [{ text }], role: 'model' },
            index: 0,
            ...(i === pieces.length - 1
              ? { finishReason: 'STOP', groundingMetadata: script.groundingMetadata }
              : {}),
          },
        ],
        usageMetadata:
          i === pieces.length - 1 ? usageMetadata : { promptTokenCount: 412, totalTokenCount: 412 },
        ...envelope,
      },
    })),
  };
}

/** Checks a request as the Gemini API would and lists every problem (none: it would be accepted). */
export function checkGeminiRequest(request: ReceivedRequest, script: GeminiScript): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const body = request.body as Record<string, unknown> | undefined;
  need(request.method === 'POST', `method ${request.method}`);
  need(
    request.url === `/v1beta/models/${GEMINI_MODEL}:generateContent` ||
      request.url === `/v1beta/models/${GEMINI_MODEL}:streamGenerateContent?alt=sse`,
    `path ${request.url}`,
  );
  need(request.headers['x-goog-api-key'] === GOOGLE_KEY, 'x-goog-api-key');
  const contents = body?.contents as Array<{ role?: string; parts?: Array<{ text?: string }> }> | undefined;
  need(
    Array.isArray(contents) &&
      contents[0]?.role === 'user' &&
      typeof contents[0]?.parts?.[0]?.text === 'string',
    'a user turn',
  );
  const tools = (body?.tools as Array<Record<string, unknown>> | undefined) ?? [];
  const fileSearch = tools.find((tool) => 'fileSearch' in tool)?.fileSearch as
    | Record<string, unknown>
    | undefined;
  need(
    JSON.stringify(fileSearch?.fileSearchStoreNames) === JSON.stringify([FILE_SEARCH_STORE]),
    'fileSearch over the store',
  );
  need(tools.some((tool) => 'googleSearch' in tool) === (script.googleSearch ?? false), 'googleSearch');
  return problems;
}

/** The Gemini API's error body for a request it refuses. */
export function geminiError(problems: string[]): ServerReply {
  return {
    status: 400,
    json: { error: { code: 400, message: problems.join('; '), status: 'INVALID_ARGUMENT' } },
  };
}
