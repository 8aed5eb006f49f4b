import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashLabelSet, type LabelSet, safeParseLabelSet } from './index.js';
import { shownId } from './rules.js';

const text = fc.string({ unit: 'binary', maxLength: 30 });
// An identifier needs a visible character; the rest of it is any text.
const identifier = (maxLength: number) => fc.string({ unit: 'binary', maxLength }).map((rest) => `i${rest}`);
const passage = fc
  .record({
    documentId: identifier(8),
    chunkId: identifier(8),
    text: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    start: fc.nat({ max: 1_000_000 }),
  })
  .map((rest) => ({ ...rest, end: rest.start + rest.text.length }));

const unhashed = fc
  .record({
    rubric: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    items: fc.uniqueArray(
      fc.record(
        {
          id: identifier(6),
          question: text,
          answer: text,
          passages: fc.array(passage, { minLength: 1, maxLength: 3 }),
          faithful: fc.boolean(),
          note: text,
        },
        { requiredKeys: ['id', 'question', 'answer', 'passages', 'faithful'] },
      ),
      // Unique as read: ids that differ only where nobody sees (`i`, `i` + NUL) are one id.
      { minLength: 1, maxLength: 6, selector: (item) => shownId(item.id) },
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
