import { extractiveModel } from '@gk/synthesis';
import type { LanguageModel } from 'ai';
import type { LicenceNames } from './build-licence-names.js';
import { licenceReader } from './licence-reader.js';

/** The model the demo answers with, and a line that says which one it is. */
export interface SelectedModel {
  model: Exclude<LanguageModel, string>;
  /** Printed in the header, e.g. `extractive (offline, deterministic)` or `openai chat gpt-4o-mini`. */
  label: string;
  offline: boolean;
}

/** The offline model's line in the header: reading licence questions (`licenceReader`), or plain. */
export const OFFLINE_LABEL = 'extractive, reading licence questions (offline, deterministic)';
export const PLAIN_OFFLINE_LABEL = 'extractive (offline, deterministic)';

/**
 * The offline `extractiveModel()` by default, reading licence questions (`licenceReader`) when given the corpus's
 * licence `names`; with `OPENAI_API_KEY` set (and unless `offline` is asked for) an OpenAI chat model
 * `OPENAI_MODEL` (default `gpt-4o-mini`) at `OPENAI_BASE_URL` (any OpenAI-compatible server), which reads paraphrase
 * itself and gets the question as asked.
 */
export async function selectModel(
  env: NodeJS.ProcessEnv,
  options: { offline?: boolean; names?: LicenceNames } = {},
): Promise<SelectedModel> {
  const apiKey = env.OPENAI_API_KEY;
  if (options.offline === true || apiKey === undefined || apiKey === '') {
    return options.names === undefined
      ? { model: extractiveModel(), label: PLAIN_OFFLINE_LABEL, offline: true }
      : { model: licenceReader(options.names), label: OFFLINE_LABEL, offline: true };
  }
  const modelId = env.OPENAI_MODEL || 'gpt-4o-mini';
  const baseURL = env.OPENAI_BASE_URL || undefined;
  // Loaded only when used: the offline run does not pay for the provider's import.
  const { createOpenAI } = await import('@ai-sdk/openai');
  const provider = createOpenAI({ apiKey, baseURL });
  // The chat endpoint is the one OpenAI-compatible servers (local ones included) implement.
  return {
    model: provider.chat(modelId),
    label: `openai chat ${modelId} at ${shownURL(baseURL ?? 'https://api.openai.com/v1')}`,
    offline: false,
  };
}

/**
 * A base URL as the demo prints it: scheme, host and path, never a user name, password, query or fragment (a proxy's
 * URL may carry a key: `https://user:pass@proxy/v1?api-key=…`).
 */
function shownURL(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`.replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}
