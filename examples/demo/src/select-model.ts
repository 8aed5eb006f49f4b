import { extractiveModel } from '@gk/synthesis';
import type { LanguageModel } from 'ai';

/** The model the demo answers with, and a line that says which one it is. */
export interface SelectedModel {
  model: Exclude<LanguageModel, string>;
  /** Printed in the header, e.g. `extractive (offline, deterministic)` or `openai chat gpt-4o-mini`. */
  label: string;
  offline: boolean;
}

/**
 * The offline `extractiveModel()` by default; with `OPENAI_API_KEY` set (and unless `offline` is asked for) an
 * OpenAI chat model `OPENAI_MODEL` (default `gpt-4o-mini`) at `OPENAI_BASE_URL` (any OpenAI-compatible server).
 */
export async function selectModel(
  env: NodeJS.ProcessEnv,
  options: { offline?: boolean } = {},
): Promise<SelectedModel> {
  const apiKey = env.OPENAI_API_KEY;
  if (options.offline === true || apiKey === undefined || apiKey === '') {
    return { model: extractiveModel(), label: 'extractive (offline, deterministic)', offline: true };
  }
  const modelId = env.OPENAI_MODEL || 'gpt-4o-mini';
  const baseURL = env.OPENAI_BASE_URL || undefined;
  // Loaded only when used: the offline run does not pay for the provider's import.
  const { createOpenAI } = await import('@ai-sdk/openai');
  const provider = createOpenAI({ apiKey, baseURL });
  // The chat endpoint is the one OpenAI-compatible servers (local ones included) implement.
  return {
    model: provider.chat(modelId),
    label: `openai chat ${modelId} at ${baseURL ?? 'https://api.openai.com/v1'}`,
    offline: false,
  };
}
