import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalChunk } from './eval-pipeline.js';
import { indexChunks } from './index-chunks.js';

// What an overlap lookup must return, written as plainly as possible: a scan of every chunk, in the map's order.
function reference(
  span: { documentId: string; start: number; end: number },
  chunks: ReadonlyMap<string, EvalChunk>,
): EvalChunk[] {
  return [...chunks.values()].filter(
    (chunk) => chunk.documentId === span.documentId && chunk.start < span.end && span.start < chunk.end,
  );
}

const offset = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 0, max: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(Number.NaN, Number.POSITIVE_INFINITY, -1, '7', null, undefined),
  },
);
const chunk = fc.record({
  chunkId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'),
  documentId: fc.constantFrom('x', 'y', 'z'),
  start: offset,
  end: offset,
}) as fc.Arbitrary<EvalChunk>;
const span = fc.record({
  documentId: fc.constantFrom('x', 'y', 'w'),
  start: fc.integer({ min: -2, max: 42 }),
  end: fc.integer({ min: -2, max: 42 }),
});

describe('indexChunks', () => {
  it('finds the chunks a scan of every chunk finds, in the same order', () => {
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 30 }), fc.array(span, { maxLength: 10 }), (list, spans) => {
        // A repeated id keeps its first place in the map and its last chunk, as the map of a run does.
        const chunks = new Map(list.map((entry) => [entry.chunkId, entry]));
        const index = indexChunks(chunks);
        for (const entry of spans) expect(index.overlapping(entry)).toEqual(reference(entry, chunks));
        for (const entry of list) expect(index.get(entry.chunkId)).toBe(chunks.get(entry.chunkId));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches nothing for a span with a NaN offset, as the scan does', () => {
    const index = indexChunks(new Map([['a', { chunkId: 'a', documentId: 'x', start: 0, end: 10 }]]));
    expect(index.overlapping({ documentId: 'x', start: Number.NaN, end: 5 })).toEqual([]);
    expect(index.overlapping({ documentId: 'x', start: 0, end: Number.NaN })).toEqual([]);
  });
});
