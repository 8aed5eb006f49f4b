import { InvalidArgumentError } from '@gk/internal';

/**
 * The AI SDK call settings a completion call takes: `CallSettings` of AI SDK 6 and 7 (`reasoning` is 7's) and
 * `timeout`. They change how the model samples and how the request is sent, never what the call is; `tools`,
 * `stopWhen`, `prepareStep`, `output`, `experimental_*` and the like would turn one completion into an agent whose
 * last step alone is read, so they are refused, not passed on.
 */
export const CALL_SETTING_KEYS: ReadonlySet<string> = new Set([
  'maxOutputTokens',
  'temperature',
  'topP',
  'topK',
  'presencePenalty',
  'frequencyPenalty',
  'stopSequences',
  'seed',
  'reasoning',
  'maxRetries',
  'abortSignal',
  'timeout',
  'headers',
]);

/**
 * Refuses, with an InvalidArgumentError naming it, the first key of `options` that is neither one of `own` nor a
 * call setting; read before any model call, so a refused option never reaches the AI SDK.
 */
export function checkSettingKeys(options: object, own: ReadonlySet<string>, parameter = 'options'): void {
  for (const key of Object.keys(options)) {
    if (own.has(key) || CALL_SETTING_KEYS.has(key)) continue;
    throw new InvalidArgumentError({
      parameter: `${parameter}.${key.slice(0, 40)}`,
      expected: `no such option (the options are ${[...own].join(', ')} and the AI SDK call settings ${[...CALL_SETTING_KEYS].join(', ')})`,
      received: (options as Record<string, unknown>)[key],
    });
  }
}
