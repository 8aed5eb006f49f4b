// Token counts a provider reports that are no counts (a BigInt, a string, an object, NaN, a negative or fractional
// number) are left out as `undefined`, as a count the provider did not report is, in both paths: never a bare
// TypeError, never a string in a number field (a review found both).
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MockLanguageModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { synthesize } from './synthesize.js';

const GPL = 'The GPL is a copyleft license [2].';

/** A model that answers `GPL` both ways, reporting `input` and `output` as its token totals. */
function modelReporting(input: unknown, output: unknown): MockLanguageModel {
  return modelWithUsage({
    inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
  });
}

const paths = [
  ['synthesize', (model: MockLanguageModel) => synthesize({ model, question: 'q?', passages })],
  [
    'streamSynthesize',
    (model: MockLanguageModel) => streamSynthesize({ model, question: 'q?', passages }).result,
  ],
] as const;

describe.each(paths)('%s: token counts that are no counts', (_, run) => {
  it.each([
    ['a BigInt', 11n],
    ['a string', '11'],
    ['an object', { a: 1 }],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative number', -3],
    ['a fraction', 1.5],
    ['past 2^53', 2 ** 60],
  ])('leaves %s out as undefined and counts the rest', async (_, value) => {
    const result = await run(modelReporting(value, 7));
    expect(result.status).toBe('answered');
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: 7, totalTokens: 7 });
  });

  it('reports counts as numbers when both are counts', async () => {
    const result = await run(modelReporting(11, 7));
    expect(result.usage).toEqual({ inputTokens: 11, outputTokens: 7, totalTokens: 18 });
  });
});

/** A v3 model whose usage is `usage` as it reports it, whatever its shape. */
function modelWithUsage(usage: unknown): MockLanguageModel {
  return new MockLanguageModel({
    doGenerate: async () => ({
      content: [{ type: 'text', text: GPL }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usage as never,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: GPL },
        { type: 'text-end', id: 't' },
        { type: 'finish', usage: usage as never, finishReason: { unified: 'stop', raw: 'stop' } },
      ]),
    }),
  });
}

// A thirty-sixth review: a total that is no object in the nested shape (`inputTokens: 11n`) was cleaned to
// `undefined`, and the AI SDK's read of `usage.inputTokens.total` then threw a bare TypeError.
describe.each(paths)('%s: totals of the nested shape that are no objects', (_, run) => {
  const output = { total: 7, text: 7, reasoning: undefined };
  it.each([
    ['a BigInt total', { inputTokens: 11n, outputTokens: output }],
    ['a string total', { inputTokens: '11', outputTokens: output }],
    ['a null total', { inputTokens: null, outputTokens: output }],
    ['a missing total', { outputTokens: output }],
  ])('reads %s as no count', async (_, usage) => {
    const result = await run(modelWithUsage(usage));
    expect(result.status).toBe('answered');
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: 7, totalTokens: 7 });
  });

  it.each([
    ['no usage', undefined],
    ['a usage that is a number', 5],
  ])('reads %s as no counts', async (_, usage) => {
    const result = await run(modelWithUsage(usage));
    expect(result.status).toBe('answered');
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: undefined, totalTokens: undefined });
  });
});
