// A review found sampling settings of the wrong type (`temperature: 'x'`, `maxOutputTokens: 0`, `seed: 1.5`) refused
// only by the AI SDK, with its `AI_InvalidArgumentError`, which has no `code`: they are refused first, with one.
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { checkSettingValues } from './call-setting-keys.js';

const refusal = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return 'returned';
};

describe('checkSettingValues on sampling settings', () => {
  it.each([
    ['temperature', 'x'],
    ['temperature', Number.NaN],
    ['temperature', Number.POSITIVE_INFINITY],
    ['topP', '0.9'],
    ['topK', {}],
    ['presencePenalty', true],
    ['frequencyPenalty', 1n],
    ['maxOutputTokens', 0],
    ['maxOutputTokens', -5],
    ['maxOutputTokens', 1.5],
    ['maxOutputTokens', '100'],
    ['seed', 1.5],
    ['seed', '42'],
    ['maxRetries', -1],
    ['maxRetries', 2.5],
  ])('refuses %s: %s with a coded InvalidArgumentError naming it', (name, value) => {
    const error = refusal(() => checkSettingValues({ [name]: value }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_argument', parameter: `options.${name}` });
  });

  it('accepts the values the AI SDK takes, and settings left out', () => {
    for (const settings of [
      { temperature: 0, topP: 0.9, topK: 40, presencePenalty: -1, frequencyPenalty: 0.5 },
      { maxOutputTokens: 1, seed: -7, maxRetries: 0 },
      { temperature: undefined, seed: null, maxOutputTokens: undefined },
    ])
      expect(refusal(() => checkSettingValues(settings))).toBe('returned');
  });
});
