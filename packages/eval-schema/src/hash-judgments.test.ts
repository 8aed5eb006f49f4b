import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { type HashableJudgment, hashJudgments } from './index.js';

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
});
