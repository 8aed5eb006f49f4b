import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel } from './resolve-model.js';

const global = globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown };
const previous = global.AI_SDK_DEFAULT_PROVIDER;
afterEach(() => {
  global.AI_SDK_DEFAULT_PROVIDER = previous;
});

describe('resolveModel', () => {
  it('returns a model object as it is', () => {
    const model = new MockLanguageModelV3();
    expect(resolveModel(model)).toBe(model);
  });

  it('resolves a model id through the global default provider, once per call', () => {
    const requested: string[] = [];
    const model = new MockLanguageModelV3({ provider: 'p', modelId: 'm' });
    global.AI_SDK_DEFAULT_PROVIDER = {
      languageModel: (id: string) => {
        requested.push(id);
        return model;
      },
    };
    expect(resolveModel('p/m')).toBe(model);
    expect(requested).toEqual(['p/m']);
  });

  it('falls back to the gateway, which names the model without calling it', () => {
    global.AI_SDK_DEFAULT_PROVIDER = undefined;
    const model = resolveModel('openai/gpt-4.1-mini');
    expect(model.modelId).toBe('openai/gpt-4.1-mini');
    expect(model.provider).toBe('gateway');
  });
});
