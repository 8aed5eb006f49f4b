import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashLabelSet, type LabelSet, safeParseLabelSet } from './index.js';

const text = fc.string({ unit: 'binary', maxLength: 30 });
const passage = fc
  .record({
    documentId: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
    chunkId: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
    text,
    start: fc.nat({ max: 1_000_000 }),
    length: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ length, ...rest }) => ({ ...rest, end: rest.start + length }));

const unhashed = fc
  .record({
    rubric: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    items: fc.uniqueArray(
      fc.record(
        {
          id: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
          question: text,
          answer: text,
          passages: fc.array(passage, { minLength: 1, maxLength: 3 }),
          faithful: fc.boolean(),
          note: text,
        },
        { requiredKeys: ['id', 'question', 'answer', 'passages', 'faithful'] },
      ),
      { minLength: 1, maxLength: 6, selector: (item) => item.id },
    ),
  })
  .map(
    ({ rubric, items }): Omit<LabelSet, 'hash'> => ({
      schemaVersion: 1,
      name: 'generated',
      createdAt: '2026-11-30T00:00:00.000Z',
      rubric,
      items,
    }),
  );

describe('LabelSet (property)', () => {
  it('round-trips through JSON text losslessly and hashes the same whatever the item order', async () => {
    await fc.assert(
      fc.asyncProperty(unhashed, fc.nat(), async (set, seed) => {
        const hashed: LabelSet = { ...set, hash: await hashLabelSet(set) };
        const parsed = safeParseLabelSet(JSON.stringify(hashed));
        if (!parsed.success) throw parsed.error;
        expect(parsed.data).toEqual(hashed);
        const rotated = [
          ...set.items.slice(seed % set.items.length),
          ...set.items.slice(0, seed % set.items.length),
        ];
        expect(await hashLabelSet({ ...set, items: rotated })).toBe(hashed.hash);
        expect(await hashLabelSet(parsed.data)).toBe(hashed.hash);
      }),
      { numRuns: 100 },
    );
  });
});
