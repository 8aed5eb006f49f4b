import { gateway, type LanguageModel } from 'ai';

/** A language model object, whose `provider` and `modelId` can be recorded. */
export type LanguageModelObject = Exclude<LanguageModel, string>;

interface ModelProvider {
  languageModel(modelId: string): LanguageModelObject;
}

/**
 * Resolves a model id string the way the AI SDK does (the global default provider if one is set, else the
 * gateway), so the identity recorded is the one that answers; a model object is returned as it is. Call it
 * once per public call and pass the object on: each call on a string builds a new model object.
 */
export function resolveModel(model: LanguageModel): LanguageModelObject {
  if (typeof model !== 'string') return model;
  const configured = (globalThis as { AI_SDK_DEFAULT_PROVIDER?: ModelProvider }).AI_SDK_DEFAULT_PROVIDER;
  return (configured ?? (gateway as unknown as ModelProvider)).languageModel(model);
}
