// A review found the usage of a retried call summed over the attempts that reported counts only: attempt 1 reporting
// none and attempt 2 reporting 11 and 7 gave 11/7/18, as if the call had cost that. A total is of every attempt or none.
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MockLanguageModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { synthesize } from './synthesize.js';

const BAD = 'The GPL is a copyleft license [9].';
const GOOD = 'The GPL is a copyleft license [2].';
type Counts = [input: number | undefined, output: number | undefined];

/** A model whose attempt n answers `texts[n]` (the last one again after) and reports `counts[n]`. */
function attemptsReporting(texts: string[], counts: Counts[]): MockLanguageModel {
  let call = 0;
  const next = () => {
    const at = call++;
    const [input, output] = counts[Math.min(at, counts.length - 1)] as Counts;
    const usage = {
      inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: output, text: undefined, reasoning: undefined },
    };
    return { text: texts[Math.min(at, texts.length - 1)] as string, usage };
  };
  return new MockLanguageModel({
    doGenerate: async () => {
      const { text, usage } = next();
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
    doStream: async () => {
      const { text, usage } = next();
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: text },
          { type: 'text-end', id: 't' },
          { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
        ]),
      };
    },
  });
}

const paths = [
  [
    'synthesize',
    (model: MockLanguageModel, maxAttempts: number) =>
      synthesize({ model, question: 'q?', passages, retry: { maxAttempts } }),
  ],
  [
    'streamSynthesize',
    (model: MockLanguageModel, maxAttempts: number) =>
      streamSynthesize({ model, question: 'q?', passages, retry: { maxAttempts } }).result,
  ],
] as const;

describe.each(paths)('%s: usage over retried attempts', (_, run) => {
  it('leaves a total undefined when the first attempt did not report it', async () => {
    const result = await run(
      attemptsReporting(
        [BAD, GOOD],
        [
          [undefined, undefined],
          [11, 7],
        ],
      ),
      2,
    );
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: undefined, totalTokens: undefined });
  });

  it('leaves only the count a later attempt did not report undefined', async () => {
    const result = await run(
      attemptsReporting(
        [BAD, GOOD],
        [
          [5, 3],
          [undefined, 7],
        ],
      ),
      2,
    );
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: 10, totalTokens: 15 });
  });

  it('does not count again from the attempt after one that reported nothing', async () => {
    const result = await run(
      attemptsReporting(
        [BAD, BAD, GOOD],
        [
          [5, 3],
          [undefined, 1],
          [11, 7],
        ],
      ),
      3,
    );
    expect(result.attempts).toBe(3);
    expect(result.usage).toEqual({ inputTokens: undefined, outputTokens: 11, totalTokens: 27 });
  });

  it('sums the counts every attempt reported', async () => {
    const result = await run(
      attemptsReporting(
        [BAD, GOOD],
        [
          [5, 3],
          [11, 7],
        ],
      ),
      2,
    );
    expect(result.usage).toEqual({ inputTokens: 16, outputTokens: 10, totalTokens: 26 });
  });
});
