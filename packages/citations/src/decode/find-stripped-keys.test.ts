import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findStrippedKeys } from './find-stripped-keys.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** The issues of a failed decode; fails the test when the decode succeeded. */
function issuesOf(text: string, schema: z.ZodType): unknown[] {
  const result = safeDecodeJson(text, schema);
  if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
  return result.error.issues;
}

const claim = z.object({ text: z.string(), source: z.number() });

describe('findStrippedKeys', () => {
  it('reports one dropped key as zod does: code, keys, path, the object given and a singular message', () => {
    const output = '{"text": "The stele dates from 196 BC.", "source": 1, "confidence": 0.9}';
    expect(issuesOf(output, claim)).toEqual([
      {
        code: 'unrecognized_keys',
        keys: ['confidence'],
        path: [],
        input: { text: 'The stele dates from 196 BC.', source: 1, confidence: 0.9 },
        message: 'Unrecognized key: "confidence"',
      },
    ]);
  });

  it('lists several dropped keys in input order with a plural message', () => {
    const output = '{"note": "n/a", "text": "Found in 1799.", "source": 2, "confidence": 0.4}';
    expect(issuesOf(output, claim)).toEqual([
      expect.objectContaining({
        keys: ['note', 'confidence'],
        message: 'Unrecognized keys: "note", "confidence"',
      }),
    ]);
  });

  it('cuts each key to 40 characters and an ellipsis in the message, and keeps it whole in `keys`', () => {
    const forty = 'k'.repeat(40);
    const long = `${'reasoning_'.repeat(5)}extra`; // 55 characters
    const output = JSON.stringify({ text: 'Found in 1799.', source: 2, [forty]: 1, [long]: 2 });
    expect(issuesOf(output, claim)).toEqual([
      expect.objectContaining({
        keys: [forty, long],
        message: `Unrecognized keys: "${forty}", "${long.slice(0, 40)}…"`,
      }),
    ]);
  });

  it('reports rows in array order and nested objects before the object holding them', () => {
    const answer = z.object({ claims: z.array(claim) });
    const output = JSON.stringify({
      claims: [
        { text: 'The stele dates from 196 BC.', source: 1, page: 3 },
        { text: 'It was found in 1799.', source: 2 },
        { text: 'Champollion read it in 1822.', source: 3, verified: true },
      ],
      model: 'gpt',
    });
    expect(
      (issuesOf(output, answer) as Array<{ path: unknown[]; keys: string[] }>).map(({ path, keys }) => ({
        path,
        keys,
      })),
    ).toEqual([
      { path: ['claims', 0], keys: ['page'] },
      { path: ['claims', 2], keys: ['verified'] },
      { path: [], keys: ['model'] },
    ]);
  });

  it('walks through null values and arrays of primitives without reporting them', () => {
    const schema = z.object({ note: z.null(), tags: z.array(z.string()), inner: z.object({ at: z.null() }) });
    const output = '{"note": null, "tags": ["a", "b"], "inner": {"at": null}}';
    expect(safeDecodeJson(output, schema)).toEqual({
      success: true,
      data: { note: null, tags: ['a', 'b'], inner: { at: null } },
    });
    expect(issuesOf('{"note": null, "tags": [], "inner": {"at": null, "x": null}}', schema)).toEqual([
      expect.objectContaining({ path: ['inner'], keys: ['x'] }),
    ]);
  });

  it('stops where a transform turned an object into a class instance', () => {
    const dated = z.object({ iso: z.string() }).transform(({ iso }) => new Date(iso));
    const result = safeDecodeJson('{"iso": "1822-09-27T00:00:00.000Z"}', dated);
    expect(result.success && result.data.toISOString()).toBe('1822-09-27T00:00:00.000Z');
    const mapped = z
      .object({ pairs: z.array(z.tuple([z.string(), z.number()])) })
      .transform(({ pairs }) => new Map(pairs));
    const map = safeDecodeJson('{"pairs": [["S1", 1], ["S2", 2]]}', mapped);
    expect(map.success && [...map.data.entries()]).toEqual([
      ['S1', 1],
      ['S2', 2],
    ]);
  });

  it('stops where a transform turned an array into an array-like object', () => {
    const rows = z
      .array(z.object({ quote: z.string() }))
      .transform((list) => ({ length: list.length, 0: list[0] }));
    expect(safeDecodeJson('[{"quote": "stele", "page": 2}]', rows)).toEqual({
      success: true,
      data: { length: 1, 0: { quote: 'stele' } },
    });
  });

  it('compares objects without a prototype too, and nothing that is not an object', () => {
    const given = Object.assign(Object.create(null) as Record<string, unknown>, { text: 't', page: 1 });
    const kept = Object.assign(Object.create(null) as Record<string, unknown>, { text: 't' });
    expect(findStrippedKeys(given, kept)).toEqual([
      {
        code: 'unrecognized_keys',
        keys: ['page'],
        path: [],
        input: given,
        message: 'Unrecognized key: "page"',
      },
    ]);
    expect(findStrippedKeys({ text: 't', page: 1 }, kept)).toEqual([
      expect.objectContaining({ keys: ['page'] }),
    ]);
    for (const [input, output] of [
      [undefined, undefined],
      [null, null],
      ['text', 'text'],
      [7, 7],
      [
        [1, 2],
        [1, 2],
      ],
      [{ a: 1 }, null],
      [null, { a: 1 }],
      [{ a: 1 }, [1]],
      [[{ a: 1 }], { 0: {} }],
    ] as Array<[unknown, unknown]>) {
      expect(findStrippedKeys(input, output), JSON.stringify(input)).toEqual([]);
    }
  });

  it('finds nothing dropped when input and output hold the same keys', () => {
    const data = { claims: [{ text: 'a', source: 1, tags: [{ k: 'v' }] }], meta: { at: null } };
    expect(findStrippedKeys(data, structuredClone(data))).toEqual([]);
  });
});
