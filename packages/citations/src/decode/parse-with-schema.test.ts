import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DecodeError } from './decode-error.js';
import { decodeRows } from './decode-rows.js';
import { parseWithSchema } from './parse-with-schema.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** A recursive schema zod checks by recursion, and a value nested `depth` deep that it accepts. */
const node: z.ZodType = z.lazy(() => z.object({ a: node.optional() }));
const nested = (depth: number): unknown => {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('parseWithSchema', () => {
  it('returns zod’s own result when the schema runs', () => {
    expect(parseWithSchema(z.number(), 1, '1')).toMatchObject({ success: true, data: 1 });
    expect(parseWithSchema(z.number(), 'x', '"x"')).toMatchObject({ success: false });
    expect(parseWithSchema(node, nested(100), '…')).toMatchObject({ success: true });
  });

  it('answers an async refinement or transform with a `schema` DecodeError carrying zod’s error', () => {
    const cases: Array<[z.ZodType, unknown]> = [
      [z.number().refine(async () => true), 1],
      [z.number().transform(async (n) => n), 1],
      [z.object({ x: z.number().superRefine(async () => {}) }), { x: 1 }],
    ];
    for (const [schema, value] of cases) {
      const result = parseWithSchema(schema, value, '{"x":1}');
      expect(result).toBeInstanceOf(DecodeError);
      expect(result).toMatchObject({
        code: 'schema',
        excerpt: '{"x":1}',
        issues: [],
        message:
          'The schema could not check the output (Encountered Promise during synchronous parse. Use .parseAsync() instead.); expected a synchronous schema.',
      });
      expect(String((result as DecodeError).cause)).toContain('Encountered Promise');
    }
  });

  // The finding (rt15 #2): zod refuses a Promise from a record's key schema with a plain Error of its own.
  it('answers an async record key schema with `schema`, wherever the record sits and whatever its keys (rt15 #2)', () => {
    const asyncKey = z.string().transform(async (key) => key);
    const cases: Array<[z.ZodType, string]> = [
      [z.record(asyncKey, z.number()), '{"a":1}'],
      [
        z.record(
          z.number().transform(async (key) => key),
          z.number(),
        ),
        '{"1":1}',
      ],
      [
        z.record(
          z.enum(['a', 'b']).transform(async (key) => key),
          z.number(),
        ),
        '{"a":1,"b":2}',
      ],
      [
        z.record(
          z.enum(['a']).transform(async (key) => key),
          z.number(),
        ),
        '{}',
      ],
      [z.strictObject({ scores: z.record(asyncKey, z.number()).refine(() => true) }), '{"scores":{"a":1}}'],
      [z.array(z.record(asyncKey, z.number())), '[{"a":1}]'],
    ];
    for (const [schema, text] of cases) {
      for (let decode = 1; decode <= 2; decode++) {
        const result = safeDecodeJson(text, schema);
        expect(result.success ? result.data : result.error.code, text).toBe('schema');
        if (!result.success) expect(String(result.error.cause)).toContain('Async schemas');
      }
      expect(decodeRows(`[${text}]`, schema).error?.code, text).toBe('schema');
    }
    // A caller's own Error saying the same, thrown where no key schema is async, is the caller's.
    const mine = new Error('Async schemas not supported in object keys currently');
    const throwing = z.record(
      z.string(),
      z.number().transform(() => {
        throw mine;
      }),
    );
    expect(() => safeDecodeJson('{"a":1}', throwing)).toThrow(mine);
    expect(() => decodeRows('[{"a":1}]', throwing)).toThrow(mine);
  });

  // A second look found the guard taking a caller's error for zod's: a value schema's own error thrown at a key read
  // before an async key was answered `schema`, and a key transform re-run on `Number("a")` replaced it with a TypeError.
  it("passes a caller's own error on unchanged beside an async key schema or a key transform that throws on NaN", () => {
    class CallerError extends Error {}
    const mine = new CallerError('bug in my refine');
    const refine = z.number().refine(() => {
      throw mine;
    });
    const beside = z.record(z.union([z.literal('a'), z.string().transform(async (key) => key)]), refine);
    const upper = z.record(
      z.any().transform((key: string) => key.toUpperCase()),
      refine,
    );
    for (const schema of [beside, upper]) {
      for (let decode = 1; decode <= 2; decode++) {
        expect(() => safeDecodeJson('{"a":1,"b":2}', schema)).toThrow(mine);
        expect(() => decodeRows('[{"a":1,"b":2}]', schema)).toThrow(mine);
      }
    }
  });

  it('answers a recursive schema running out of call stack with `too_deep`', () => {
    const result = parseWithSchema(node, nested(20_000), '{"a":{"a":…');
    expect(result).toMatchObject({
      code: 'too_deep',
      position: undefined,
      message:
        'The schema could not check the output (Maximum call stack size exceeded); expected a lower maxDepth.',
    });
    expect((result as DecodeError).cause).toBeInstanceOf(RangeError);
  });

  it('rethrows anything else a schema throws: a bug in the caller’s refinement is the caller’s to see', () => {
    const bug = new TypeError('cannot read properties of undefined');
    const throwing = (error: unknown) =>
      z.number().refine(() => {
        throw error;
      });
    expect(() => parseWithSchema(throwing(bug), 1, '1')).toThrow(bug);
    const range = new RangeError('Invalid array length');
    expect(() => parseWithSchema(throwing(range), 1, '1')).toThrow(range);
    expect(() => parseWithSchema(throwing('a string'), 1, '1')).toThrow('a string');
    // A message that only mentions a promise or the stack further on is not zod's nor the engine's.
    const lookalike = new Error('Unexpected: Encountered Promise during synchronous parse');
    expect(() => parseWithSchema(throwing(lookalike), 1, '1')).toThrow(lookalike);
  });

  it('rethrows the caller’s own stack overflow and zod-like messages: only what zod or deep output causes is coded (rt12 #3)', () => {
    const loop = (v: unknown): boolean => loop(v);
    const overflowing = z.object({ a: z.string() }).refine((v) => loop(v));
    expect(() => parseWithSchema(overflowing, { a: 'x' }, '{"a":"x"}')).toThrow(RangeError);
    expect(() => safeDecodeJson('{"a":"x"}', overflowing)).toThrow(RangeError);
    // On a recursive schema too, while the output nests no deeper than the default maxDepth (64 objects).
    const looping: z.ZodType = z.lazy(() => z.object({ a: looping.optional() })).refine((v) => loop(v));
    expect(() => parseWithSchema(looping, nested(63), '…')).toThrow(RangeError);
    // An Error of the caller's own with zod's words, even all of them, is the caller's.
    for (const message of [
      'Encountered Promise during my own validation',
      'Encountered Promise during synchronous parse. Use .parseAsync() instead.',
    ]) {
      const mine = new Error(message);
      const throwing = z.object({ a: z.string() }).transform(() => {
        throw mine;
      });
      expect(() => parseWithSchema(throwing, { a: 'x' }, '{"a":"x"}')).toThrow(mine);
      expect(() => decodeRows('[{"a":"x"}]', throwing)).toThrow(mine);
    }
    // zod's own, through the decoders.
    expect(decodeRows('[{"a":"x"}]', z.object({ a: z.string().refine(async () => true) })).error?.code).toBe(
      'schema',
    );
  });
});
