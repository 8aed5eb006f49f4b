import { checkArgument, isBlank, isObject } from '@gk/internal';
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
export function resolveModel(model: LanguageModel, parameter = 'options.model'): LanguageModelObject {
  checkModel(model, parameter);
  if (typeof model !== 'string') return model;
  const configured = (globalThis as { AI_SDK_DEFAULT_PROVIDER?: ModelProvider }).AI_SDK_DEFAULT_PROVIDER;
  return (configured ?? (gateway as unknown as ModelProvider)).languageModel(model);
}

/**
 * Refuses what is neither a model id (a string that shows something) nor a model object (an object with a string
 * `specificationVersion`); a model id is passed to the AI SDK, whose errors for an unknown id are its own.
 */
export function checkModel(model: unknown, parameter = 'options.model'): void {
  checkArgument(
    typeof model === 'string'
      ? !isBlank(model)
      : isObject(model) && typeof model.specificationVersion === 'string',
    parameter,
    'an AI SDK language model or a non-blank model id',
    model,
  );
}
