import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { type HashableGoldSpan, type HashableJudgment, hashJudgments, ndcgAtK } from './index.js';

const judgments: HashableJudgment[] = [
  { queryId: 'q2', query: 'Who?', gold: [] },
  {
    queryId: 'q1',
    query: 'What?',
    category: 'licence',
    gold: [
      { documentId: 'b', start: 5, end: 9 },
      { documentId: 'a', start: 0, end: 4, gain: 2 },
    ],
  },
];

describe('hashJudgments', () => {
  it('matches the pinned vector (computed independently with Python json.dumps(sort_keys=True))', async () => {
    expect(await hashJudgments(judgments)).toBe(
      'a9c8726f43c323a0cea85d16ad431157fc106f4d7bb10e8c89231635d5842e7a',
    );
  });
  it('does not depend on query order or gold-span order', async () => {
    const shuffled: HashableJudgment[] = [
      { ...(judgments[1] as HashableJudgment), gold: [...(judgments[1] as HashableJudgment).gold].reverse() },
      judgments[0] as HashableJudgment,
    ];
    expect(await hashJudgments(shuffled)).toBe(await hashJudgments(judgments));
  });
  it('changes when a gain, a span, a category or the query text changes', async () => {
    const base = await hashJudgments(judgments);
    const [noAnswer, answered] = judgments as [HashableJudgment, HashableJudgment];
    const variants: HashableJudgment[][] = [
      [noAnswer, { ...answered, query: 'What? ' }],
      [noAnswer, { ...answered, category: undefined }],
      [noAnswer, { ...answered, gold: [{ documentId: 'a', start: 0, end: 4 }] }],
      [noAnswer, { ...answered, gold: [...answered.gold, { documentId: 'a', start: 0, end: 5 }] }],
    ];
    for (const variant of variants) expect(await hashJudgments(variant)).not.toBe(base);
  });
  it('refuses a repeated query id, a bad span and a non-finite gain', async () => {
    await expect(
      hashJudgments([judgments[0] as HashableJudgment, judgments[0] as HashableJudgment]),
    ).rejects.toThrow(invalidArgument('judgments[].queryId'));
    for (const span of [
      { documentId: 'a', start: 4, end: 4 },
      { documentId: 'a', start: -1, end: 4 },
      { documentId: 'a', start: 0, end: 2 ** 53 },
    ]) {
      await expect(hashJudgments([{ queryId: 'q', query: 'x', gold: [span] }])).rejects.toThrow(
        invalidArgument('judgments[0].gold[0]'),
      );
    }
    await expect(
      hashJudgments([{ queryId: 'q', query: 'x', gold: [{ documentId: 'a', start: 4, end: 4 }] }]),
    ).rejects.toThrow(
      'Invalid judgments[0].gold[0]: expected a span with 0 <= start < end in safe integers, received the string "4..4".',
    );
    await expect(
      hashJudgments([
        { queryId: 'q', query: 'x', gold: [{ documentId: 'a', start: 0, end: 4, gain: Number.NaN }] },
      ]),
    ).rejects.toThrow(invalidArgument('judgments[0].gold[0].gain'));
  });
  it('reads each field once: a getter that passes the check with one value is not hashed with another', async () => {
    const counts = new Map<string, number>();
    /** A value that is `first` on its first read and `then` on every later one. */
    const shifting = <T>(name: string, first: T, then: unknown) => ({
      get: (): T => {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return (counts.get(name) === 1 ? first : then) as T;
      },
      enumerable: true,
    });
    const span = Object.defineProperties({ documentId: 'd' } as HashableGoldSpan, {
      start: shifting('start', 0, 9),
      end: shifting('end', 1, 1),
      gain: shifting('gain', 1, -1),
    });
    const judgment = Object.defineProperties({ queryId: 'q', query: 'x' } as HashableJudgment, {
      gold: shifting('gold', [span], [{ documentId: 'd', start: 9, end: 1 }]),
    });
    const plain = { queryId: 'q', query: 'x', gold: [{ documentId: 'd', start: 0, end: 1, gain: 1 }] };
    expect(await hashJudgments([judgment])).toBe(await hashJudgments([plain]));
    expect(Object.fromEntries(counts)).toEqual({ start: 1, end: 1, gain: 1, gold: 1 });
  });
  it('does not depend on the order of spans that differ only in a missing gain and a gain of 0', async () => {
    // Computed independently with Python json.dumps(sort_keys=True): a span without a gain sorts first.
    const pinned = '57cd0b6c595d68aed69666f539e759f33dfc7610f3454f242a7b1a5b36cee622';
    const spans: HashableGoldSpan[] = [
      { documentId: 'd', start: 0, end: 5 },
      { documentId: 'd', start: 0, end: 5, gain: 0 },
      { documentId: 'd', start: 0, end: 5, gain: 1 },
    ];
    const [none, zero, one] = spans as [HashableGoldSpan, HashableGoldSpan, HashableGoldSpan];
    for (const gold of [spans, [zero, none, one], [one, zero, none], [zero, one, none]]) {
      expect(await hashJudgments([{ queryId: 'q', query: 'x', gold }])).toBe(pinned);
    }
  });
  it('refuses every gain that ndcgAtK refuses, with the same expectation', async () => {
    for (const gain of [
      -3,
      -Number.MIN_VALUE,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '1',
    ]) {
      const gold = [{ documentId: 'a', start: 0, end: 4, gain: gain as number }];
      await expect(hashJudgments([{ queryId: 'q', query: 'x', gold }])).rejects.toThrow(
        expect.objectContaining({
          code: 'invalid_argument',
          parameter: 'judgments[0].gold[0].gain',
          expected: 'a finite number >= 0',
        }),
      );
      expect(() => ndcgAtK(['a'], new Map([['a', gain as number]]), 1)).toThrow(
        expect.objectContaining({ code: 'invalid_argument', expected: 'a finite number >= 0' }),
      );
    }
    const gold = [{ documentId: 'a', start: 0, end: 4, gain: 0 }];
    await expect(hashJudgments([{ queryId: 'q', query: 'x', gold }])).resolves.toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('hashJudgments with gold written as a passage id', () => {
  const span = { documentId: 'a', start: 0, end: 4 };
  const judged = (gold: HashableGoldSpan[]): HashableJudgment[] => [{ queryId: 'q', query: 'x', gold }];
  it('hashes a span with the chunk id it was written as apart from the bare span, and from another chunk id', async () => {
    const bare = await hashJudgments(judged([span]));
    const byId = await hashJudgments(judged([{ ...span, chunkId: 'a#0' }]));
    expect(byId).not.toBe(bare);
    expect(await hashJudgments(judged([{ ...span, chunkId: 'a#1' }]))).not.toBe(byId);
    // A missing chunk id is the bare span: what hashed before hashes the same.
    expect(await hashJudgments(judged([{ ...span, chunkId: undefined }]))).toBe(bare);
  });
  it('does not depend on the order of a bare span and the same span as a passage id', async () => {
    const both: HashableGoldSpan[] = [span, { ...span, chunkId: 'a#0' }, { ...span, chunkId: 'a#00' }];
    expect(await hashJudgments(judged([...both].reverse()))).toBe(await hashJudgments(judged(both)));
  });
  it('refuses a chunk id that is not a string', async () => {
    await expect(hashJudgments(judged([{ ...span, chunkId: 7 as unknown as string }]))).rejects.toThrow(
      invalidArgument('judgments[0].gold[0].chunkId'),
    );
  });
});
