import { extractiveModel } from '@gk/synthesis';
import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { replying } from './__fixtures__/replying-model.js';
import { pacedModel } from './paced-model.js';

describe('pacedModel', () => {
  it('streams the same text a word at a time', async () => {
    const text = 'One claim here [1].\nAnother  claim [2].';
    const deltas: string[] = [];
    for await (const delta of streamText({ model: pacedModel(replying(text), 1), prompt: 'x' }).textStream)
      deltas.push(delta);
    expect(deltas.join('')).toBe(text);
    expect(deltas.length).toBeGreaterThanOrEqual(6);
    for (const delta of deltas) expect(delta.trim().split(/\s+/)).toHaveLength(1);
  });

  it('is the model itself without a delay', () => {
    const model = extractiveModel();
    expect(pacedModel(model, 0)).toBe(model);
  });

  it('stops when the call is aborted', async () => {
    const controller = new AbortController();
    const words = 'word '.repeat(200);
    const deltas: string[] = [];
    const result = streamText({
      model: pacedModel(replying(words), 5),
      prompt: 'x',
      abortSignal: controller.signal,
      onError: () => {},
    });
    for await (const delta of result.textStream) {
      deltas.push(delta);
      if (deltas.length === 3) controller.abort();
    }
    expect(deltas.length).toBeLessThan(10);
  });
});
