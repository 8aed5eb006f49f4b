// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact TypeErrors for bad options
// (maxRows, every forbidden key), the whole-document messages for both container shapes, the row bound at 0
// and at its edge, each row's own message, and the original index kept for accepted rows.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeIndexedRows, decodeRows } from './decode-rows.js';

const entity = z.strictObject({ name: z.string().min(1), kind: z.enum(['person', 'place']) });
const ENTITIES = '[{"name": "Champollion", "kind": "person"}, {"name": "Rashid", "kind": "place"}]';

describe('decodeRows (mutation-pinned)', () => {
  it('refuses a maxRows that is not a non-negative safe integer, naming the value', () => {
    const cases: Array<[unknown, string]> = [
      [-1, '-1'],
      [1.5, '1.5'],
      [Number.NaN, 'NaN'],
      [2 ** 53, '9007199254740992'],
      ['10', '10'],
    ];
    for (const [maxRows, shown] of cases) {
      expect(() => decodeRows(ENTITIES, entity, { maxRows: maxRows as number })).toThrow(
        new TypeError(`Expected maxRows to be a non-negative integer, received ${shown}.`),
      );
    }
  });

  it('refuses an empty, non-string or prototype-polluting key with one TypeError message', () => {
    const message = 'Expected key to be a non-empty string other than __proto__, constructor or prototype.';
    for (const key of ['', '__proto__', 'constructor', 'prototype', 5, null, ['claims']]) {
      expect(() => decodeRows('{"rows": []}', entity, { key: key as string }), String(key)).toThrow(
        new TypeError(message),
      );
    }
  });

  it('names itself in the TypeError for a row schema that is not a zod 4 schema', () => {
    expect(() => decodeRows(ENTITIES, { name: 'string', kind: 'string' } as never)).toThrow(
      new TypeError('decodeRows expects a zod 4 schema as its schema argument.'),
    );
  });

  it('accepts keys that only resemble the forbidden ones', () => {
    for (const key of ['proto', 'constructors', 'Prototype', '__proto']) {
      const text = `{"${key}": [{"name": "Memphis", "kind": "place"}]}`;
      expect(decodeRows(text, entity, { key }), key).toEqual({
        accepted: [{ name: 'Memphis', kind: 'place' }],
        rejected: [],
        error: null,
      });
    }
  });

  it('says which container it expected when the document has another shape', () => {
    const text = '{"name": "Rashid", "kind": "place"}';
    const bare = decodeRows(text, entity);
    expect(bare.error).toMatchObject({
      code: 'schema',
      message:
        'Output is not a top-level array of rows: it does not match the schema (1 issue; first at the top level: Invalid input: expected array, received object).',
      excerpt: text,
    });
    const wrapped = decodeRows('{"entities": {"name": "Rashid"}}', entity, { key: 'entities' });
    expect(wrapped.error).toMatchObject({
      code: 'schema',
      message:
        'Output is not an object holding only "entities": [rows]: it does not match the schema (1 issue; first at entities: Invalid input: expected array, received object).',
      excerpt: '{"entities": {"name": "Rashid"}}',
    });
    expect(decodeRows(ENTITIES, entity, { key: 'entities' }).error?.message).toBe(
      'Output is not an object holding only "entities": [rows]: it does not match the schema (1 issue; first at the top level: Invalid input: expected object, received array).',
    );
  });

  it('bounds rows at maxRows exactly, 0 included, with an excerpt from the start', () => {
    expect(decodeRows('[]', entity, { maxRows: 0 })).toEqual({ accepted: [], rejected: [], error: null });
    const one = decodeRows('[{"name": "Rashid", "kind": "place"}]', entity, { maxRows: 0 });
    expect(one).toMatchObject({ accepted: [], rejected: [] });
    expect(one.error).toMatchObject({
      code: 'too_large',
      message: 'Output holds 1 row, more than maxRows 0.',
      excerpt: '[{"name": "Rashid", "kind": "place"}]',
    });
    expect(decodeRows(ENTITIES, entity, { maxRows: 2 }).accepted).toHaveLength(2);
    expect(decodeRows(ENTITIES, entity, { maxRows: 1 }).error?.message).toBe(
      'Output holds 2 rows, more than maxRows 1.',
    );
    const many = JSON.stringify(Array.from({ length: 30 }, () => ({ name: 'Rashid', kind: 'place' })));
    expect(decodeRows(many, entity, { maxRows: 29 }).error?.excerpt).toBe(`${many.slice(0, 200)}…`);
    expect(decodeRows(many, entity, {}).accepted).toHaveLength(30); // maxRows defaults when left out
  });

  it('passes the decoder bounds through: maxBytes and maxDepth', () => {
    expect(decodeRows(ENTITIES, entity, { maxBytes: 20 }).error?.code).toBe('too_large');
    expect(decodeRows('[[[]]]', z.unknown(), { maxDepth: 2 }).error?.code).toBe('too_deep');
    expect(decodeRows('[[[]]]', z.unknown(), { maxDepth: 3 }).accepted).toEqual([[[]]]);
  });

  it('names each rejected row by index in its message, a stripped key included', () => {
    const person = z.object({ name: z.string() });
    const result = decodeRows(
      '[{"name": "Champollion"}, {"name": "Young", "role": "rival"}, {"name": 1822}]',
      person,
    );
    expect(result.accepted).toEqual([{ name: 'Champollion' }]);
    expect(result.rejected).toEqual([
      {
        index: 1,
        code: 'schema',
        message:
          'Row 1 does not match the schema (1 issue; first at the top level: Unrecognized key: "role").',
        issues: [expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'] })],
      },
      {
        index: 2,
        code: 'schema',
        message:
          'Row 2 does not match the schema (1 issue; first at name: Invalid input: expected string, received number).',
        issues: [expect.objectContaining({ code: 'invalid_type', path: ['name'] })],
      },
    ]);
  });

  it('keeps each accepted row’s index in the array', () => {
    const text =
      '[{"name": "", "kind": "place"}, {"name": "Memphis", "kind": "place"}, 7, {"name": "Rashid", "kind": "place"}]';
    expect(decodeIndexedRows(text, entity, undefined, 'decodeRows')).toEqual({
      accepted: [
        { index: 1, row: { name: 'Memphis', kind: 'place' } },
        { index: 3, row: { name: 'Rashid', kind: 'place' } },
      ],
      rejected: [expect.objectContaining({ index: 0 }), expect.objectContaining({ index: 2 })],
      error: null,
    });
  });
});
