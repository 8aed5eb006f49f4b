// The model-call layer of @gk/synthesis and @gk/judge, bundled into each by tsup; never a runtime dependency,
// and never reached by a validator (it imports `ai`).
export { generateCompletion } from './generate-completion.js';
export type { Completion, GenerateCompletionOptions } from './generate-completion.js';
export { streamCompletion } from './stream-completion.js';
export type { CompletionPart, StreamCompletionOptions } from './stream-completion.js';
export {
  checkPromptTemplate,
  fillPromptTemplate,
  hashPromptTemplate,
  removeSlots,
} from './prompt-template.js';
export type { PromptTemplate, SlotRule } from './prompt-template.js';
export { aiSdkMajor } from './ai-sdk-major.js';
export { endsSentence } from './ends-sentence.js';
export {
  describeFinish,
  finishWithStopSequences,
  finishWithTools,
  isUnfinished,
} from './is-unfinished.js';
export { ModelStreamError } from './model-stream-error.js';
export type { ModelStreamErrorCode, ModelStreamErrorOptions } from './model-stream-error.js';
export { checkModel, resolveModel } from './resolve-model.js';
export type { LanguageModelObject } from './resolve-model.js';
export { CALL_SETTING_KEYS, checkSettingKeys, checkSettingValues } from './call-setting-keys.js';
export { checkOptionKeys } from '@gk/internal';
