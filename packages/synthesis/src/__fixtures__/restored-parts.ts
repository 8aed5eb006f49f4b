import { generateText, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test';
import { expect } from 'vitest';
import type { GenerateResult, StreamPart } from '../model-types.js';
import { redactionMiddleware } from '../redaction/redaction-middleware.js';
import { MockLanguageModel, usage } from './mock-models.js';

/** Parts of a stream, framed as a provider frames them. */
export function providerStream(parts: readonly StreamPart[]): ReadableStream<StreamPart> {
  return convertArrayToReadableStream<StreamPart>([
    { type: 'stream-start', warnings: [] },
    ...parts,
    { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
  ]);
}

/**
 * The parts the redaction middleware streams for the model's `parts`, the user's `prompt` redacted first; fails on a
 * text or reasoning delta outside its part, or a part left open.
 */
export async function restoredParts(parts: readonly StreamPart[], prompt: string): Promise<StreamPart[]> {
  const inner = new MockLanguageModel({ doStream: async () => ({ stream: providerStream(parts) }) });
  const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
  const { stream } = await wrapped.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
  });
  const out = (await convertReadableStreamToArray(stream)) as StreamPart[];
  const open = new Set<string>();
  for (const part of out) {
    const [kind, event] = part.type.split('-');
    if (kind !== 'text' && kind !== 'reasoning') continue;
    const key = `${kind}:${(part as { id: string }).id}`;
    if (event === 'start') open.add(key);
    else expect(open.has(key), `${part.type} of ${key} outside its part`).toBe(true);
    if (event === 'end') open.delete(key);
  }
  expect(open.size).toBe(0);
  return out;
}

/** The text of each part of `kind`, by id, in the order the parts start. */
export function partTexts(parts: readonly StreamPart[], kind = 'text'): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const part of parts) {
    if (part.type === `${kind}-start`) texts[(part as { id: string }).id] = '';
    if (part.type === `${kind}-delta`)
      texts[(part as { id: string }).id] += (part as { delta: string }).delta;
  }
  return texts;
}

/** `generateText` through the redaction middleware, the user's `prompt` redacted first, the model replying `content`. */
export function generatedThrough(content: GenerateResult['content'], prompt: string) {
  const inner = new MockLanguageModel({
    doGenerate: async () => ({
      content,
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
  return generateText({
    model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
    prompt,
  });
}
