import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { ProviderDocument } from '@gk/citations';
import { type CitationProvider, type VerifyProviderResultResult, verifyProviderResult } from '@gk/synthesis';
import { generateText, type ToolSet } from 'ai';
import { DOCUMENTS, QUESTION } from './documents.js';
import type { LocalProviders } from './local-providers.js';

/** One provider asked, where, and what its citations came to. */
export interface ProviderRun {
  provider: CitationProvider;
  /** Where the answer came from, in words: the local server, or the real API and the key that chose it. */
  where: string;
  outcome: VerifyProviderResultResult;
}

type Env = Record<string, string | undefined>;
const set = (value: string | undefined): value is string => value !== undefined && value !== '';

/** Asks each provider the question (the real API where the environment has what it needs) and verifies. */
export async function askProviders(env: Env, local: LocalProviders): Promise<ProviderRun[]> {
  return [await askAnthropic(env, local), await askOpenAI(env, local), await askGoogle(env, local)];
}

async function askAnthropic(env: Env, local: LocalProviders): Promise<ProviderRun> {
  const real = set(env.ANTHROPIC_API_KEY);
  const provider = createAnthropic(
    real ? { apiKey: env.ANTHROPIC_API_KEY } : { baseURL: local.anthropic, apiKey: 'local' },
  );
  const modelId = env.ANTHROPIC_MODEL || 'claude-sonnet-4-5';
  // The documents go inline, in this order: a citation's document_index is a position in this list.
  const result = await generateText({
    model: provider(modelId),
    maxOutputTokens: 1024,
    messages: [
      {
        role: 'user',
        content: [
          ...DOCUMENTS.map((document) => ({
            type: 'file' as const,
            mediaType: 'text/plain',
            data: new TextEncoder().encode(document.text),
            filename: document.documentId,
            providerOptions: { anthropic: { citations: { enabled: true } } },
          })),
          { type: 'text' as const, text: QUESTION },
        ],
      },
    ],
  });
  return {
    provider: 'anthropic',
    where: real
      ? `the real Messages API, ${modelId} (ANTHROPIC_API_KEY is set)`
      : `local Messages API server ${local.anthropic}`,
    outcome: await verifyProviderResult(result, DOCUMENTS),
  };
}

async function askOpenAI(env: Env, local: LocalProviders): Promise<ProviderRun> {
  const store = env.OPENAI_VECTOR_STORE_ID;
  const real = set(env.OPENAI_API_KEY) && set(store);
  const provider = createOpenAI(
    real ? { apiKey: env.OPENAI_API_KEY } : { baseURL: local.openai, apiKey: 'local' },
  );
  const modelId = env.OPENAI_MODEL || 'gpt-4.1-mini';
  // The vector store's file ids, in document order, name the documents (their `uri`).
  const ids = real && set(env.OPENAI_FILE_IDS) ? env.OPENAI_FILE_IDS.split(',').map((id) => id.trim()) : [];
  const documents: ProviderDocument[] = DOCUMENTS.map((document, i) => ({
    ...document,
    uri: ids[i] ?? document.uri,
  }));
  const result = await generateText({
    model: provider.responses(modelId),
    prompt: QUESTION,
    tools: {
      file_search: provider.tools.fileSearch({ vectorStoreIds: [real ? store! : 'vs_local_example'] }),
      web_search: provider.tools.webSearch({}),
    } as ToolSet,
    providerOptions: { openai: { include: ['file_search_call.results'] } },
  });
  const where = real
    ? `the real Responses API, ${modelId} over ${store} (OPENAI_API_KEY and OPENAI_VECTOR_STORE_ID are set)`
    : `local Responses API server ${local.openai}${set(env.OPENAI_API_KEY) ? ' (OPENAI_API_KEY is set, OPENAI_VECTOR_STORE_ID is not)' : ''}`;
  return { provider: 'openai', where, outcome: await verifyProviderResult(result, documents) };
}

async function askGoogle(env: Env, local: LocalProviders): Promise<ProviderRun> {
  const store = env.GEMINI_FILE_SEARCH_STORE;
  const real = set(env.GOOGLE_GENERATIVE_AI_API_KEY) && set(store);
  const provider = createGoogleGenerativeAI(
    real ? { apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY } : { baseURL: local.google, apiKey: 'local' },
  );
  const modelId = env.GEMINI_MODEL || 'gemini-2.5-flash';
  // The file search store's files carry the documents' ids as display names: chunks name them by title.
  const result = await generateText({
    model: provider(modelId),
    prompt: QUESTION,
    tools: {
      file_search: provider.tools.fileSearch({
        fileSearchStoreNames: [real ? store! : 'fileSearchStores/gk-example'],
      }),
      google_search: provider.tools.googleSearch({}),
    } as ToolSet,
  });
  const where = real
    ? `the real Gemini API, ${modelId} over ${store} (GOOGLE_GENERATIVE_AI_API_KEY and GEMINI_FILE_SEARCH_STORE are set)`
    : `local Gemini API server ${local.google}${set(env.GOOGLE_GENERATIVE_AI_API_KEY) ? ' (GOOGLE_GENERATIVE_AI_API_KEY is set, GEMINI_FILE_SEARCH_STORE is not)' : ''}`;
  return { provider: 'google', where, outcome: await verifyProviderResult(result, DOCUMENTS) };
}
