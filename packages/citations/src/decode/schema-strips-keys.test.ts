import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { z } from 'zod';
import { decodeQuotedRows } from '../quoted-rows/decode-quoted-rows.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';
import { schemaStripsKeys } from './schema-strips-keys.js';

describe('schemaStripsKeys', () => {
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
      expect(() => schemaStripsKeys(fake as never, 'schema'), String(JSON.stringify(fake))).toThrow(
        invalidArgument('schema'),
      );
    }
    expect(() => schemaStripsKeys(42 as never, 'schema')).toThrow(
      invalidArgument('schema', 'Invalid schema: expected a zod 4 schema, received number 42.'),
    );
    expect(() => safeDecodeJson('{}', { _zod: { def: {} } } as never)).toThrow(invalidArgument('schema'));
    expect(() => decodeRows('[]', {} as never)).toThrow(invalidArgument('rowSchema'));
    expect(() => decodeQuotedRows('[]', [], { schema: {} as never })).toThrow(
      invalidArgument('options.schema'),
    );
  });

  it('finds a plain z.object wherever it is reachable', () => {
    const plain = z.object({ quote: z.string() });
    const stripping: Array<[string, z.ZodType]> = [
      ['itself', plain],
      ['in a shape', z.strictObject({ claim: plain })],
      ['as an array element', z.array(plain)],
      ['in a union', z.union([z.string(), plain])],
      [
        'in a discriminated union',
        z.discriminatedUnion('kind', [
          z.strictObject({ kind: z.literal('a') }),
          z.object({ kind: z.literal('b') }),
        ]),
      ],
      ['in a tuple', z.tuple([z.string(), plain])],
      ['as a tuple rest', z.tuple([z.string()], plain)],
      ['in an intersection', z.intersection(z.strictObject({ a: z.string() }), plain)],
      ['as a record value', z.record(z.string(), plain)],
      ['as a map value', z.map(z.string(), plain)],
      [
        'optional, nullable, default',
        z.strictObject({ claim: plain.optional().nullable().default({ quote: '' }) }),
      ],
      ['behind a lazy getter', z.lazy(() => plain)],
      [
        'behind a getter in a shape',
        z.strictObject({
          get claim() {
            return plain;
          },
        }),
      ],
      [
        'inside a pipe',
        z
          .string()
          .pipe(z.transform((text) => ({ quote: text })))
          .pipe(plain),
      ],
      ['before its own transform', plain.transform((value) => value.quote)],
    ];
    for (const [where, schema] of stripping) expect(schemaStripsKeys(schema, 'test'), where).toBe(true);
  });

  it('finds nothing to strip in strict, loose and catchall objects or in schemas without objects', () => {
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
    ];
    for (const [what, schema] of kept) expect(schemaStripsKeys(schema, 'test'), what).toBe(false);
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
    const verdict = z.strictObject({ faithful: z.stringbool(), reasoning: z.string() });
    expect(safeDecodeJson('{"faithful": "yes", "reasoning": "Quoted from S1."}', verdict)).toEqual({
      success: true,
      data: { faithful: true, reasoning: 'Quoted from S1.' },
    });
  });

  it('reads a lazy schema once per schema and caches the answer', () => {
    let calls = 0;
    const lazy = z.lazy(() => {
      calls++;
      return z.object({ quote: z.string() });
    });
    expect(schemaStripsKeys(lazy, 'test')).toBe(true);
    expect(schemaStripsKeys(lazy, 'test')).toBe(true);
    expect(calls).toBe(1);
  });

  it('rejects an unknown key behind a lazy getter as `schema`', () => {
    const lazy = z.lazy(() => z.object({ quote: z.string() }));
    const result = safeDecodeJson('{"quote": "stele", "source": 4}', lazy);
    expect(result.success ? null : result.error.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['source'] }),
    ]);
  });
});
