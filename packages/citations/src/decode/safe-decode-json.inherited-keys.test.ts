import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** The data of a decode, or the error's code. */
const decoded = (text: string, schema: z.ZodType): unknown => {
  const result = safeDecodeJson(text, schema);
  return result.success ? result.data : result.error.code;
};
const MEMBERS = ['toString', 'valueOf', 'constructor', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
/** Value schemas that take a function. */
const VALUES: Array<() => z.ZodType> = [
  () => z.unknown(),
  () => z.any(),
  () => z.unknown().optional(),
  () => z.custom((value) => typeof value === 'function'),
];

describe('schema keys named after members of Object.prototype', () => {
  it('reads a key the text does not write as absent, as any other key, never as the prototype’s function', () => {
    // Before: {"note":"x"} decoded with own keys valueOf and toString holding Object.prototype's functions.
    const note = z.strictObject({
      note: z.string(),
      valueOf: z.unknown().optional(),
      toString: z.any().optional(),
    });
    expect(decoded('{"note":"x"}', note)).toEqual({ note: 'x' });
    for (const member of MEMBERS) {
      for (const value of VALUES) {
        const plain = decoded('{"a":1}', z.object({ a: z.number(), other: value() }));
        const loose = decoded('{"a":1}', z.looseObject({ a: z.number(), [member]: value() }));
        const strict = decoded('{"a":1}', z.strictObject({ a: z.number(), [member]: value() }));
        for (const result of [
          decoded('{"a":1}', z.object({ a: z.number(), [member]: value() })),
          loose,
          strict,
        ]) {
          expect(result, member).toEqual(plain);
          if (typeof result === 'object') expect(Object.keys(result as object), member).toEqual(['a']);
        }
      }
    }
  });

  it('reads such a key the text writes as written, and keeps every object an ordinary one', () => {
    const schema = z.strictObject({ toString: z.string(), valueOf: z.unknown() });
    const data = decoded('{"toString":"x","valueOf":{"a":[{}]}}', schema) as { valueOf: { a: object[] } };
    expect(data).toEqual({ toString: 'x', valueOf: { a: [{}] } });
    for (const object of [data, data.valueOf, data.valueOf.a[0]])
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
  });

  it('reads an enum record key the text does not write as absent', () => {
    for (const record of [z.record, z.partialRecord]) {
      expect(decoded('{"a":1}', record(z.enum(['a', 'valueOf']), z.unknown()))).toEqual(
        decoded('{"a":1}', record(z.enum(['a', 'other']), z.unknown())),
      );
    }
  });

  it('does the same for rows', () => {
    const row = z.object({ id: z.number(), toLocaleString: z.unknown().optional() });
    expect(decodeRows('[{"id":1}]', row).accepted).toEqual([{ id: 1 }]);
    expect(Object.keys(decodeRows('[{"id":1}]', row).accepted[0] ?? {})).toEqual(['id']);
  });
});
