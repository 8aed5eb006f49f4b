import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { decodeQuotedRows } from '../quoted-rows/decode-quoted-rows.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';
import { toStrictSchema } from './to-strict-schema.js';

/** The issues of a failed decode; fails the test when the decode succeeded. */
function issuesOf(text: string, schema: z.ZodType): unknown[] {
  const result = safeDecodeJson(text, schema);
  if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
  return result.error.issues;
}

/** The code, path and keys of each issue of a failed decode. */
const refusalOf = (text: string, schema: z.ZodType): unknown[] =>
  (issuesOf(text, schema) as Array<{ code: string; path: unknown[]; keys?: string[] }>).map(
    ({ code, path, keys }) => ({ code, path, keys }),
  );

/** A caller's own class, as a transform might build one. */
class Verdict {
  constructor(fields: object) {
    Object.assign(this, fields);
  }
}

const verdict = z.object({ faithful: z.boolean(), reasoning: z.string() });
const claim = z.object({ text: z.string(), source: z.number() });

describe('toStrictSchema', () => {
  it('refuses anything that is not a zod 4 schema with an InvalidArgumentError naming the parameter', () => {
    const fakes: unknown[] = [
      undefined,
      null,
      'z.object({})',
      42,
      () => z.string(),
      {},
      { _zod: null },
      { _zod: 'internals' },
      { _zod: {} },
      { _zod: { def: null } },
      { _zod: { def: 'object' } },
      { _zod: { def: {} } },
      { _zod: { def: { type: 1 } } },
      { _zod: { def: Object.assign(() => ({}), { type: 'object' }) } }, // a function is not a definition
      { _def: { typeName: 'ZodObject' } }, // a zod 3 schema's shape
    ];
    for (const fake of fakes) {
      expect(() => toStrictSchema(fake as never, 'schema'), String(JSON.stringify(fake))).toThrow(
        invalidArgument('schema'),
      );
    }
    expect(() => toStrictSchema(42 as never, 'schema')).toThrow(
      invalidArgument('schema', 'Invalid schema: expected a zod 4 schema, received number 42.'),
    );
    expect(() => safeDecodeJson('{}', { _zod: { def: {} } } as never)).toThrow(invalidArgument('schema'));
    expect(() => decodeRows('[]', {} as never)).toThrow(invalidArgument('rowSchema'));
    expect(() => decodeQuotedRows('[]', [], { schema: {} as never })).toThrow(
      invalidArgument('options.schema'),
    );
  });

  it('returns strict, loose and catchall objects and schemas without objects as they are', () => {
    const kept: Array<[string, z.ZodType]> = [
      ['strict', z.strictObject({ quote: z.string() })],
      ['.strict()', z.object({ quote: z.string() }).strict()],
      ['loose', z.looseObject({ quote: z.string() })],
      ['catchall', z.object({ quote: z.string() }).catchall(z.string())],
      [
        'string',
        z
          .string()
          .min(1)
          .refine((text) => text.trim() !== ''),
      ],
      ['literals', z.strictObject({ kind: z.literal(['claim', null, 3]) })],
      ['enum', z.enum(['S1', 'S2'])],
      ['stringbool (a definition with an undefined field)', z.strictObject({ faithful: z.stringbool() })],
      ['template literal', z.templateLiteral(['S', z.number().int()])],
      ['lazy strict', z.lazy(() => z.strictObject({ quote: z.string() }))],
      ['array of strict', z.array(z.strictObject({ handle: z.string(), quote: z.string() }))],
      ['strict, transformed', z.strictObject({ quote: z.string() }).transform(({ quote }) => quote)],
    ];
    for (const [what, schema] of kept) expect(toStrictSchema(schema, 'test'), what).toBe(schema);
  });

  it('copies a schema holding a plain z.object once, and never changes the caller’s schema', () => {
    const plain = z.object({ quote: z.string() });
    const strict = toStrictSchema(plain, 'test');
    expect(strict).not.toBe(plain);
    expect(toStrictSchema(plain, 'test')).toBe(strict);
    expect(strict.safeParse({ quote: 'q', page: 2 }).success).toBe(false);
    // The caller's own schema still strips, as zod documents it, wherever else the caller uses it.
    expect(plain.safeParse({ quote: 'q', page: 2 })).toEqual({ success: true, data: { quote: 'q' } });
    expect(safeDecodeJson('{"quote": "q", "page": 2}', plain).success).toBe(false);
    expect(plain.safeParse({ quote: 'q', page: 2 })).toEqual({ success: true, data: { quote: 'q' } });
  });

  it('reads a lazy schema once per schema, whatever the number of decodes', () => {
    let calls = 0;
    const lazy = z.lazy(() => {
      calls++;
      return z.object({ quote: z.string() }).transform((row) => new Verdict(row));
    });
    for (let i = 0; i < 3; i++) {
      expect(safeDecodeJson('{"quote": "stele"}', lazy).success).toBe(true);
      expect(safeDecodeJson('{"quote": "stele", "source": 4}', lazy).success).toBe(false);
    }
    expect(calls).toBe(1);
  });
});

describe('unknown keys under a plain z.object', () => {
  it('reports a refused key as zod’s strict objects do: code, keys, path and message', () => {
    const output = '{"text": "The stele dates from 196 BC.", "source": 1, "confidence": 0.9}';
    expect(issuesOf(output, claim)).toEqual([
      {
        code: 'unrecognized_keys',
        keys: ['confidence'],
        path: [],
        message: 'Unrecognized key: "confidence"',
      },
    ]);
    expect(
      issuesOf('{"note": "n/a", "text": "Found in 1799.", "source": 2, "confidence": 0.4}', claim),
    ).toEqual([
      expect.objectContaining({
        keys: ['note', 'confidence'],
        message: 'Unrecognized keys: "note", "confidence"',
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
    expect(refusalOf(output, answer)).toEqual([
      { code: 'unrecognized_keys', path: ['claims', 0], keys: ['page'] },
      { code: 'unrecognized_keys', path: ['claims', 2], keys: ['verified'] },
      { code: 'unrecognized_keys', path: [], keys: ['model'] },
    ]);
  });

  it('walks through null values and arrays of primitives', () => {
    const schema = z.object({ note: z.null(), tags: z.array(z.string()), inner: z.object({ at: z.null() }) });
    expect(safeDecodeJson('{"note": null, "tags": ["a", "b"], "inner": {"at": null}}', schema)).toEqual({
      success: true,
      data: { note: null, tags: ['a', 'b'], inner: { at: null } },
    });
    expect(refusalOf('{"note": null, "tags": [], "inner": {"at": null, "x": null}}', schema)).toEqual([
      { code: 'unrecognized_keys', path: ['inner'], keys: ['x'] },
    ]);
  });

  // The finding (rt9 #5): comparing the parsed value with the input stopped where a transform changed the shape.
  it('refuses an unknown key however the object’s output is transformed afterwards', () => {
    const extra = '{"faithful": true, "reasoning": "ok", "unsupportedClaims": ["Aspirin cures cancer"]}';
    const transformed: Array<[string, z.ZodType]> = [
      ['into a class instance', verdict.transform((fields) => new Verdict(fields))],
      ['into a Map', verdict.transform((fields) => new Map(Object.entries(fields)))],
      ['into a Set', verdict.transform((fields) => new Set([fields]))],
      ['into a primitive', verdict.transform((fields) => fields.faithful)],
      ['into an array', verdict.transform((fields) => [fields])],
      ['into an array-like object', verdict.transform((fields) => ({ length: 1, 0: fields }))],
      ['piped into a transform', verdict.pipe(z.transform((fields) => new Verdict(fields)))],
      ['piped into z.custom', verdict.pipe(z.custom<z.output<typeof verdict>>(() => true))],
      ['piped into z.any', verdict.pipe(z.any())],
      ['inside z.preprocess', z.preprocess((value) => value, verdict)],
      [
        'inside z.preprocess, then transformed',
        z.preprocess((value) => value, verdict).transform((fields) => new Verdict(fields)),
      ],
      [
        'by .overwrite',
        verdict.overwrite((fields) => new Map(Object.entries(fields)) as unknown as typeof fields),
      ],
      [
        'by a codec',
        z.codec(verdict, z.custom<Verdict>(), {
          decode: (fields) => new Verdict(fields),
          encode: (value) => value as never,
        }),
      ],
      ['behind refinements', verdict.refine(() => true).superRefine(() => {})],
      ['made readonly and branded', verdict.readonly().brand<'Verdict'>()],
      [
        'after .strip()',
        z
          .strictObject(verdict.shape)
          .strip()
          .transform((fields) => new Verdict(fields)),
      ],
      [
        'with zod/mini',
        zm.pipe(
          zm.object({ faithful: zm.boolean() }),
          zm.transform((f) => new Verdict(f)),
        ) as never, // a zod/mini schema is no classic z.ZodType, but the decoders read any zod 4 schema
      ],
    ];
    for (const [how, schema] of transformed) {
      expect(refusalOf(extra, schema), how).toEqual([
        {
          code: 'unrecognized_keys',
          path: [],
          keys: how === 'with zod/mini' ? ['reasoning', 'unsupportedClaims'] : ['unsupportedClaims'],
        },
      ]);
    }
    // Without the extra key each of them decodes to what the caller's transform made.
    const made = safeDecodeJson('{"faithful": true, "reasoning": "ok"}', transformed[0]![1]);
    expect(made.success && made.data).toEqual(new Verdict({ faithful: true, reasoning: 'ok' }));
    const map = safeDecodeJson('{"faithful": true, "reasoning": "ok"}', transformed[1]![1]);
    expect(map.success && [...(map.data as Map<string, unknown>)]).toEqual([
      ['faithful', true],
      ['reasoning', 'ok'],
    ]);
  });

  it('refuses it wherever the transformed object is nested, and in every row of decodeRows', () => {
    const made = verdict.transform((fields) => new Verdict(fields));
    const extra = '{"faithful": true, "reasoning": "ok", "score": 5}';
    const nested: Array<[string, z.ZodType, string, unknown[]]> = [
      ['in an array', z.strictObject({ rows: z.array(made) }), `{"rows": [${extra}]}`, ['rows', 0]],
      ['as a record value', z.record(z.string(), made), `{"k": ${extra}}`, ['k']],
      ['in a tuple', z.tuple([z.number()], made), `[1, ${extra}]`, [1]],
      ['optional and nullable', z.strictObject({ v: made.optional().nullable() }), `{"v": ${extra}}`, ['v']],
      ['as a catchall', z.strictObject({}).catchall(made), `{"v": ${extra}}`, ['v']],
      ['in a union', z.union([z.string(), made]), extra, []],
      [
        'in a discriminated union',
        z
          .discriminatedUnion('kind', [
            z.object({ kind: z.literal('verdict'), faithful: z.boolean() }),
            z.object({ kind: z.literal('abstain') }),
          ])
          .transform((fields) => new Verdict(fields)),
        '{"kind": "verdict", "faithful": true, "score": 5}',
        [],
      ],
      [
        'in an intersection',
        z.intersection(verdict, z.object({ kind: z.string() })).transform((fields) => new Verdict(fields)),
        '{"faithful": true, "reasoning": "ok", "kind": "v", "score": 5}',
        [],
      ],
      ['behind a lazy getter', z.lazy(() => made), extra, []],
    ];
    for (const [where, schema, text, path] of nested) {
      expect(refusalOf(text, schema), where).toEqual([{ code: 'unrecognized_keys', path, keys: ['score'] }]);
    }
    const rows = decodeRows(`[{"faithful": true, "reasoning": "ok"}, ${extra}]`, made);
    expect(rows.accepted).toEqual([new Verdict({ faithful: true, reasoning: 'ok' })]);
    expect(rows.rejected).toEqual([
      expect.objectContaining({
        index: 1,
        code: 'schema',
        issues: [expect.objectContaining({ code: 'unrecognized_keys', keys: ['score'] })],
      }),
    ]);
  });

  it('refuses it at any depth of a recursive schema whose objects are transformed', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const lazyNode: z.ZodType<Node> = z.lazy(() =>
      z
        .object({ name: z.string(), children: z.array(lazyNode) })
        .transform((node) => new Verdict(node) as Node),
    );
    const getterNode: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(getterNode).transform((list) => new Set(list));
      },
    });
    for (const node of [lazyNode, getterNode]) {
      expect(safeDecodeJson('{"name": "a", "children": [{"name": "b", "children": []}]}', node).success).toBe(
        true,
      );
      expect(
        refusalOf(
          '{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": [], "x": 1}]}]}',
          node,
        ),
      ).toEqual([{ code: 'unrecognized_keys', path: ['children', 0, 'children', 0], keys: ['x'] }]);
    }
  });

  it('copies a recursive schema whose cycle runs through a union, an array or a record (z.json())', () => {
    const tree: z.ZodType = z.lazy(() => z.union([z.object({ v: z.number() }), z.array(tree)]));
    const json = { a: [1, null, 'b'] };
    const decoded: Array<[z.ZodType, unknown]> = [
      [tree, [{ v: 1 }, [{ v: 2 }]]],
      [z.object({ n: tree }), { n: { v: 1 } }],
      [z.json(), json],
      [z.object({ j: z.json() }), { j: json }],
      [z.strictObject({ j: z.json() }), { j: json }],
    ];
    for (const [schema, data] of decoded)
      expect(safeDecodeJson(JSON.stringify(data), schema)).toEqual({ success: true, data });
    expect(refusalOf('[[{"v": 1, "x": 2}]]', tree)).toEqual([
      { code: 'unrecognized_keys', path: [0, 0], keys: ['x'] },
    ]);
    expect(decodeRows('[{"j": 1}, {"j": [true]}]', z.strictObject({ j: z.json() })).accepted).toHaveLength(2);
    expect(safeDecodeJson('{"j": 1, "x": 2}', z.object({ j: z.json() })).success).toBe(false);
  });

  it('refuses a record key its key schema reads as __proto__, constructor or prototype as forbidden_key', () => {
    const lower = z.record(z.string().toLowerCase(), z.number());
    const trimmed = z.record(z.string().trim(), z.number());
    for (const [text, schema] of [
      ['{"__PROTO__": 1}', lower as z.ZodType],
      ['{"CONSTRUCTOR": 1}', lower],
      ['{"a": 2, "Prototype": 1}', lower],
      ['{" constructor": 1}', trimmed],
      ['{"x": {"Constructor": 1}}', z.object({ x: lower })],
    ] as const) {
      const result = safeDecodeJson(text, schema);
      expect(result.success ? result.data : result.error.code).toBe('forbidden_key');
    }
    expect(decodeRows('[{"CONSTRUCTOR": 1}]', lower).rejected[0]?.message).toContain('Forbidden key');
    const merged = safeDecodeJson('{"A": 1, "a": 2}', lower);
    expect(merged.success ? merged.data : merged.error.code).toBe('duplicate_key');
    expect(safeDecodeJson('{"Constructors": 1}', lower)).toEqual({
      success: true,
      data: { constructors: 1 },
    });
  });

  it('answers a record refused inside a union whose every option failed with the record’s code (rt15 #3)', () => {
    const lower = z.record(z.string().toLowerCase(), z.number());
    const numeric = z.record(z.number(), z.number());
    for (const [schema, text, code] of [
      [z.union([lower, z.string()]), '{"CONSTRUCTOR": 1}', 'forbidden_key'],
      [z.union([z.string(), lower]), '{"CONSTRUCTOR": 1}', 'forbidden_key'],
      [z.union([numeric, z.strictObject({ q: z.number() })]), '{"1": 1, "1.0": 2}', 'duplicate_key'],
      [z.union([z.union([z.string(), numeric]), z.number()]), '{"1": 1, "01": 2}', 'duplicate_key'],
      [z.object({ k: z.union([numeric, z.boolean()]) }), '{"k": {"1": 1, "01": 2}}', 'duplicate_key'],
    ] as const) {
      const result = safeDecodeJson(text, schema);
      expect(result.success ? result.data : result.error.code, text).toBe(code);
    }
    // An option that takes the output still wins, and a union refused for other reasons stays `schema`.
    expect(
      safeDecodeJson('{"1": 1, "1.0": 2}', z.union([numeric, z.record(z.string(), z.number())])),
    ).toEqual({
      success: true,
      data: { 1: 1, '1.0': 2 },
    });
    const other = safeDecodeJson('{"a": "x"}', z.union([lower, z.string()]));
    expect(other.success ? other.data : other.error.code).toBe('schema');
  });

  it('accepts what an option or an intersection knows: a union takes the option that holds every key', () => {
    const union = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() })]);
    expect(safeDecodeJson('{"a": 1, "b": 2}', union)).toEqual({ success: true, data: { a: 1, b: 2 } });
    expect(refusalOf('{"a": 1, "c": 3}', union)).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['c'] },
    ]);
    const both = z.intersection(z.object({ a: z.number() }), z.object({ b: z.number() }));
    expect(safeDecodeJson('{"a": 1, "b": 2}', both)).toEqual({ success: true, data: { a: 1, b: 2 } });
    expect(refusalOf('{"a": 1, "b": 2, "c": 3}', both)).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['c'] },
    ]);
  });

  it('leaves a strict or loose object’s own transform to the caller: the picked value is the data', () => {
    const picked = z
      .strictObject({ handle: z.string(), quote: z.string() })
      .transform(({ quote }) => ({ quote }));
    expect(safeDecodeJson('{"handle": "S1", "quote": "granodiorite stele"}', picked)).toEqual({
      success: true,
      data: { quote: 'granodiorite stele' },
    });
    const loose = z.looseObject({ handle: z.string() }).transform(({ handle }) => ({ handle }));
    expect(safeDecodeJson('{"handle": "S2", "model": "gpt"}', loose)).toEqual({
      success: true,
      data: { handle: 'S2' },
    });
    expect(decodeRows('[{"handle": "S1", "quote": "stele"}]', picked)).toEqual({
      accepted: [{ quote: 'stele' }],
      rejected: [],
      error: null,
    });
  });

  it('decodes through a schema whose definition holds an undefined field (z.stringbool)', () => {
    const stringbool = z.object({ faithful: z.stringbool(), reasoning: z.string() });
    expect(safeDecodeJson('{"faithful": "yes", "reasoning": "Quoted from S1."}', stringbool)).toEqual({
      success: true,
      data: { faithful: true, reasoning: 'Quoted from S1.' },
    });
  });
});

describe('fallbacks', () => {
  const fallback =
    'Invalid schema: expected a schema without catch (.catch() and z.success() turn refused output into data), received an object.';

  // The finding (rt9 #5): `.catch(fallback)` turned every refusal into a success.
  it('refuses a schema holding .catch() wherever it sits, before reading any output', () => {
    const caught: Array<[string, z.ZodType]> = [
      ['around the whole', z.strictObject({ faithful: z.boolean() }).catch({ faithful: true })],
      ['on a field', z.strictObject({ faithful: z.boolean().catch(true) })],
      ['on an array element', z.array(z.boolean().catch(true))],
      ['in a union option', z.union([z.string(), z.strictObject({ a: z.number() }).catch({ a: 0 })])],
      ['behind a lazy getter', z.lazy(() => z.strictObject({ faithful: z.boolean().catch(true) }))],
      [
        'behind a getter in a shape',
        z.strictObject({
          get faithful() {
            return z.boolean().catch(true);
          },
        }),
      ],
      ['inside a pipe', z.string().pipe(z.string().catch('x'))],
      ['in a plain object', z.object({ faithful: z.boolean().catch(true) })],
      ['with zod/mini', zm.strictObject({ faithful: zm.catch(zm.boolean(), true) }) as never],
      // The finding (rt13 #3): a check keeps its schema in its own definition, which the walk did not read.
      [
        'in a z.property check',
        z.strictObject({ faithful: z.unknown() }).check(z.property('faithful', z.boolean().catch(true))),
      ],
      [
        'in a z.properties check on a field',
        z.strictObject({
          verdict: z
            .strictObject({ faithful: z.unknown() })
            .check(z.properties({ faithful: z.boolean().catch(true) })),
        }),
      ],
      [
        'in a z.property check with zod/mini',
        zm
          .strictObject({ faithful: zm.unknown() })
          .check(zm.property('faithful', zm.catch(zm.boolean(), true))) as never,
      ],
    ];
    for (const [where, schema] of caught) {
      // Even output the schema accepts is refused: the schema, not the output, is at fault.
      expect(() => safeDecodeJson('{"faithful": "no"}', schema), where).toThrow(
        invalidArgument('schema', fallback),
      );
      expect(() => safeDecodeJson('', schema), where).toThrow(invalidArgument('schema'));
      expect(() => decodeRows('[]', schema), where).toThrow(invalidArgument('rowSchema'));
    }
    expect(() => decodeQuotedRows('[]', [], { schema: caught[0]![1] as never })).toThrow(
      invalidArgument('options.schema'),
    );
  });

  it('refuses z.success(), which answers true or false for any output', () => {
    expect(() => safeDecodeJson('"x"', z.success(z.number()))).toThrow(
      invalidArgument(
        'schema',
        'Invalid schema: expected a schema without success (.catch() and z.success() turn refused output into data), received an object.',
      ),
    );
    expect(() => safeDecodeJson('{"ok": 1}', z.strictObject({ ok: z.success(z.boolean()) }))).toThrow(
      invalidArgument('schema'),
    );
    const checked = z.strictObject({ ok: z.unknown() }).check(z.property('ok', z.success(z.boolean())));
    expect(() => safeDecodeJson('{"ok": 1}', checked)).toThrow(invalidArgument('schema'));
  });

  it('keeps a check whose schema holds no fallback, and reports what it refuses', () => {
    const checked = z.strictObject({ n: z.unknown() }).check(z.property('n', z.number()));
    expect(safeDecodeJson('{"n": 1}', checked)).toEqual({ success: true, data: { n: 1 } });
    expect(refusalOf('{"n": "not a number"}', checked)).toEqual([
      { code: 'invalid_type', path: ['n'], keys: undefined },
    ]);
  });

  it('keeps .default() and .prefault(): they fill only an absent key and never replace what the model wrote', () => {
    const schema = z.strictObject({ faithful: z.boolean().default(false), note: z.string().prefault('') });
    expect(safeDecodeJson('{}', schema)).toEqual({ success: true, data: { faithful: false, note: '' } });
    expect(safeDecodeJson('{"faithful": true, "note": "n"}', schema)).toEqual({
      success: true,
      data: { faithful: true, note: 'n' },
    });
    expect(refusalOf('{"faithful": "yes", "note": 3}', schema)).toEqual([
      { code: 'invalid_type', path: ['faithful'], keys: undefined },
      { code: 'invalid_type', path: ['note'], keys: undefined },
    ]);
    expect(refusalOf('{"faithful": null}', schema)).toEqual([
      { code: 'invalid_type', path: ['faithful'], keys: undefined },
    ]);
  });

  it('gives every decode its own default: a fresh clone, or a fresh call of a default function (rt12 #1)', () => {
    const citation = z.object({ handle: z.string(), quote: z.string() });
    const answer = z.strictObject({
      answer: z.string(),
      citations: z.array(citation).default([]),
      notes: z.array(citation).prefault([]),
    });
    const first = safeDecodeJson('{"answer":"A"}', answer);
    if (!first.success) throw first.error;
    first.data.citations.push({ handle: 'S1', quote: 'user A private note' });
    first.data.notes.push({ handle: 'S1', quote: 'user A private note' });
    expect(safeDecodeJson('{"answer":"B"}', answer)).toEqual({
      success: true,
      data: { answer: 'B', citations: [], notes: [] },
    });

    let calls = 0;
    const job = z.object({ job: z.object({ id: z.number() }).default(() => ({ id: ++calls })) });
    const ids = [1, 2, 3].map(() => {
      const result = safeDecodeJson('{}', job);
      return result.success ? result.data.job.id : null;
    });
    expect(ids).toEqual([1, 2, 3]);

    const review = z.object({
      answer: z.string(),
      review: z.object({ status: z.string() }).default({ status: 'pending' }),
    });
    const rows = decodeRows('[{"answer":"a"},{"answer":"b"}]', review);
    rows.accepted[0]!.review.status = 'approved';
    expect(rows.accepted[1]!.review.status).toBe('pending');
  });

  it("keeps a merged object's catchall getter and refuses extra keys through it", () => {
    const merged = z.object({ a: z.string() }).merge(z.object({ b: z.object({ c: z.string() }) }));
    expect(refusalOf('{"a":"x","b":{"c":"y","d":1}}', merged)).toEqual([
      { code: 'unrecognized_keys', path: ['b'], keys: ['d'] },
    ]);
  });
});

// The finding (rt13 #2): zod's record reads a numeric-looking key as Number(key), so "1" and "1.0" wrote one key.
describe('records that read two keys as one', () => {
  const scores = z.record(z.number(), z.string());
  const merged = 'Duplicate key once the record reads its keys; expected each key once per object.';

  /** The code and first issue of a failed decode; fails the test when the decode succeeded. */
  function refusal(text: string, schema: z.ZodType) {
    const result = safeDecodeJson(text, schema);
    if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
    const { code, path, message } = result.error.issues[0] as {
      code: string;
      path: unknown[];
      message: string;
    };
    return { code: result.error.code, issue: { code, path, message } };
  }

  it('refuses keys a numeric key schema reads as one number as duplicate_key, never last-wins', () => {
    for (const text of [
      '{"1":"a","1.0":"b"}',
      '{"1":"a","01":"b"}',
      '{"0":"a","-0":"b"}',
      '{"2":"a","2.000":"b"}',
    ]) {
      expect(refusal(text, scores), text).toEqual({
        code: 'duplicate_key',
        issue: { code: 'custom', path: [], message: merged },
      });
    }
    expect(refusal('{"scores": {"1":"a","01":"b"}}', z.strictObject({ scores })).issue.path).toEqual([
      'scores',
    ]);
    expect(refusal('{"1":"a","01":"b"}', z.partialRecord(z.literal([1, 2]), z.string())).code).toBe(
      'duplicate_key',
    );
    // The caller's own schema keeps zod's reading wherever else the caller uses it.
    expect(scores.parse({ 1: 'a', '1.0': 'b' })).toEqual({ 1: 'b' });
  });

  it('refuses keys a key transform makes one, as the decoder cannot tell which value the model meant', () => {
    const labels = z.record(z.string().toLowerCase(), z.string());
    expect(refusal('{"A":"a","a":"b"}', labels).code).toBe('duplicate_key');
    expect(safeDecodeJson('{"A":"a","B":"b"}', labels)).toEqual({ success: true, data: { a: 'a', b: 'b' } });
  });

  // r16 #3: an exhaustive enum record writes every enum value, so a merge no longer left fewer keys than the input.
  it('refuses enum keys a transform makes one even when the record adds keys for missing enum values', () => {
    const key = z.enum(['a', 'A', 'c']).transform((k) => k.toLowerCase());
    const record = z.record(key, z.number().optional());
    expect(refusal('{"a":1,"A":2}', record)).toEqual({
      code: 'duplicate_key',
      issue: { code: 'custom', path: [], message: merged },
    });
    // One key given, but its merged twin, missing, writes undefined over it: the value given would be lost.
    expect(refusal('{"a":1}', record).code).toBe('duplicate_key');
    expect(refusal('{"r":{"A":2}}', z.strictObject({ r: record })).issue.path).toEqual(['r']);
    // Merged enum values that are both missing lose nothing.
    expect(safeDecodeJson('{"c":3}', record)).toEqual({ success: true, data: { a: undefined, c: 3 } });
    // An enum key read as __proto__ is dropped by zod: refused as forbidden even when other keys even the count.
    const proto = z.enum(['x', 'b', 'c']).transform((k) => (k === 'x' ? '__proto__' : k));
    const dropped = z.record(proto, z.number().optional());
    expect(refusal('{"x":1}', dropped).code).toBe('forbidden_key');
    expect(safeDecodeJson('{"b":1}', dropped)).toEqual({ success: true, data: { b: 1, c: undefined } });
  });

  it('accepts distinct keys, and lets a union take the option that keeps every key', () => {
    expect(safeDecodeJson('{"1":"a","2":"b","-0.5":"c"}', scores)).toEqual({
      success: true,
      data: { 1: 'a', 2: 'b', '-0.5': 'c' },
    });
    const exhaustive = z.record(z.enum(['a', 'b']), z.number());
    expect(safeDecodeJson('{"a":1,"b":2}', exhaustive)).toEqual({ success: true, data: { a: 1, b: 2 } });
    const either = z.union([scores, z.record(z.string(), z.string())]);
    expect(safeDecodeJson('{"1":"a","1.0":"b"}', either)).toEqual({
      success: true,
      data: { 1: 'a', '1.0': 'b' },
    });
  });

  // The finding (rt15 #1): zod 4.6's memoizer put the record's own parse back on its first call, and a record with a
  // check runs whatever parse it holds, so the second decode with the same schema kept the value written last.
  it('refuses on every decode a record that holds a check, wherever it sits (rt15 #1)', () => {
    const numeric = () => z.record(z.number(), z.number());
    const lower = z.record(z.string().toLowerCase(), z.number());
    const cases: Array<[string, z.ZodType, string, string]> = [
      ['refine', numeric().refine(() => true), '{"1": 10, "1.0": 99}', 'duplicate_key'],
      ['superRefine', numeric().superRefine(() => {}), '{"1": 10, "01": 99}', 'duplicate_key'],
      ['overwrite', numeric().overwrite((value) => value), '{"1": 10, "01": 99}', 'duplicate_key'],
      ['check', numeric().check(() => {}), '{"1": 10, "01": 99}', 'duplicate_key'],
      ['in an array', z.array(numeric().refine(() => true)), '[{"1": 10, "01": 99}]', 'duplicate_key'],
      [
        'optional',
        numeric()
          .refine(() => true)
          .optional(),
        '{"1": 10, "01": 99}',
        'duplicate_key',
      ],
      [
        'literal keys',
        z.partialRecord(z.union([z.literal(1), z.literal(2)]), z.string()).refine(() => true),
        '{"1": "keep", "1.0": "replaced"}',
        'duplicate_key',
      ],
      ['key transform', lower.refine(() => true), '{"A": 1, "a": 2}', 'duplicate_key'],
      ['forbidden', lower.refine(() => true), '{"CONSTRUCTOR": 1}', 'forbidden_key'],
      ['__proto__', lower.refine(() => true), '{"__PROTO__": 1, "b": 2}', 'forbidden_key'],
      ['no check', numeric(), '{"1": 10, "1.0": 99}', 'duplicate_key'],
    ];
    for (const [name, schema, text, code] of cases) {
      for (let decode = 1; decode <= 3; decode++) {
        const result = safeDecodeJson(text, schema);
        expect(result.success ? result.data : result.error.code, `${name}, decode ${decode}`).toBe(code);
      }
      const rows = decodeRows(`[${text}, ${text}]`, schema);
      expect(
        rows.rejected.map((row) => row.index),
        name,
      ).toEqual([0, 1]);
    }
  });

  it('rejects the row whose keys merge in decodeRows and keeps the others', () => {
    const rows = decodeRows('[{"1":"a","01":"b"},{"1":"a","2":"b"}]', z.record(z.int(), z.string()));
    expect(rows.accepted).toEqual([{ 1: 'a', 2: 'b' }]);
    expect(rows.rejected).toEqual([
      {
        index: 0,
        code: 'schema',
        message: `Row 0 does not match the schema (1 issue; first at the top level: ${merged}).`,
        issues: [expect.objectContaining({ code: 'custom', message: merged })],
      },
    ]);
    expect(rows.error).toBeNull();
  });
});
