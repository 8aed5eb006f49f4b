import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { z } from 'zod';
import { decodeIndexedRows, decodeRows } from './decode-rows.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../__fixtures__/model-outputs/${name}`, import.meta.url), 'utf8');

const entity = z.strictObject({ name: z.string().min(1), kind: z.enum(['person', 'place']) });
const ENTITIES = '[{"name": "Champollion", "kind": "person"}, {"name": "Rashid", "kind": "place"}]';

describe('decodeRows', () => {
  describe('rows', () => {
    it('validates each row on its own: one bad row does not discard the others', () => {
      const text = [
        '```json',
        '[',
        '  {"name": "Champollion", "kind": "person"},',
        '  {"name": "Rashid", "kind": "town"},',
        '  {"name": "", "kind": "place"},',
        '  {"name": "Memphis", "kind": "place", "note": "capital"},',
        '  "Ptolemy V",',
        '  {"name": "Memphis", "kind": "place"}',
        ']',
        '```',
      ].join('\n');
      const result = decodeRows(text, entity);
      expect(result.error).toBeNull();
      expect(result.accepted).toEqual([
        { name: 'Champollion', kind: 'person' },
        { name: 'Memphis', kind: 'place' },
      ]);
      expect(
        result.rejected.map(({ index, code, issues }) => ({ index, code, issue: issues?.[0]?.code })),
      ).toEqual([
        { index: 1, code: 'schema', issue: 'invalid_value' },
        { index: 2, code: 'schema', issue: 'too_small' },
        { index: 3, code: 'schema', issue: 'unrecognized_keys' },
        { index: 4, code: 'schema', issue: 'invalid_type' },
      ]);
      expect(result.rejected[1]?.message).toBe(
        'Row 2 does not match the schema (1 issue; first at name: Too small: expected string to have >=1 characters).',
      );
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

  describe('container', () => {
    it('reads the rows under `key` from an object that holds nothing else', () => {
      const quoted = z.strictObject({ handle: z.string(), quote: z.string() });
      const result = decodeRows(fixture('quoted-claims-wrapped.txt'), quoted, { key: 'claims' });
      expect(result.accepted).toEqual([{ handle: 'S1', quote: 'a granodiorite stele' }]);
      expect(result.rejected).toMatchObject([{ index: 1, code: 'schema', issues: [{ path: ['quote'] }] }]);
      const extra = decodeRows('{"claims": [], "notes": "none"}', quoted, { key: 'claims' });
      expect(extra.error).toMatchObject({
        code: 'schema',
        issues: [{ code: 'unrecognized_keys', keys: ['notes'] }],
      });
      expect(extra.error?.message).toMatch(
        /^Output is not an object holding only "claims": \[rows\]: it does not match/,
      );
      expect(decodeRows('[]', quoted, { key: 'claims' }).error?.code).toBe('schema');
      expect(decodeRows('{"rows": []}', quoted, { key: 'claims' }).error?.code).toBe('schema');
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
  });

  describe('whole-document failures and bounds', () => {
    it('answers whole-document failures with `error` and empty lists, never by throwing', () => {
      const cases: Array<[string, string]> = [
        ['', 'empty'],
        ['Here are the entities: [{"name": "Rashid", "kind": "place"}]', 'not_json'],
        ['[{"name": "Rashid", "kind": "place"}] [', 'trailing_content'],
        ['[{"name": "Rashid", "kind": "place", "kind": "person"}]', 'duplicate_key'],
        ['[{"name": "Rashid", "__proto__": {}}]', 'forbidden_key'],
        ['[{"name": "Rashid", "kind": "place"}', 'not_json'],
        ['{"name": "Rashid", "kind": "place"}', 'schema'],
        ['"[]"', 'schema'],
      ];
      for (const [text, code] of cases) {
        const result = decodeRows(text, entity);
        expect(result.error?.code, text).toBe(code);
        expect(result.accepted).toEqual([]);
        expect(result.rejected).toEqual([]);
      }
    });

    it('refuses the document whole when the row schema is async or runs out of call stack', () => {
      const async = z.strictObject({ name: z.string().refine(async () => true) });
      const result = decodeRows('[{"name": "Rashid"}, {"name": 3}]', async);
      expect(result).toMatchObject({ accepted: [], rejected: [], error: { code: 'schema', issues: [] } });
      expect(result.error?.message).toContain('expected a synchronous schema');
      // decodeQuotedRows reads its rows through decodeIndexedRows, with its own schema parameter.
      expect(decodeIndexedRows('[{"name": "Rashid"}]', async, undefined, 'options.schema').error?.code).toBe(
        'schema',
      );
      const node: z.ZodType = z.lazy(() => z.object({ a: node.optional() }));
      const deep = `[{}, ${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}]`;
      expect(decodeRows(deep, node, { maxDepth: 5002 })).toMatchObject({
        accepted: [],
        rejected: [],
        error: { code: 'too_deep' },
      });
      const bug = new TypeError('mine');
      const throwing = z.strictObject({
        name: z.string().refine(() => {
          throw bug;
        }),
      });
      expect(() => decodeRows('[{"name": "Rashid"}]', throwing)).toThrow(bug);
    });

    it('bounds the number of rows (default 1000) as a document-level too_large', () => {
      const rows = (n: number): string =>
        JSON.stringify(Array.from({ length: n }, () => ({ name: 'Rashid', kind: 'place' })));
      expect(decodeRows(rows(1000), entity).accepted).toHaveLength(1000);
      const over = decodeRows(rows(1001), entity);
      expect(over.error).toMatchObject({
        code: 'too_large',
        message: 'Output holds 1001 rows, more than maxRows 1000.',
      });
      expect(decodeRows(rows(3), entity, { maxRows: 2 }).error?.code).toBe('too_large');
      expect(decodeRows(rows(2), entity, { maxRows: 2 }).accepted).toHaveLength(2);
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
  });

  describe('options', () => {
    it('refuses a maxRows that is not a non-negative safe integer, naming the value', () => {
      const cases: Array<[unknown, string]> = [
        [-1, 'number -1'],
        [1.5, 'number 1.5'],
        [Number.NaN, 'number NaN'],
        [2 ** 53, 'number 9007199254740992'],
        ['10', 'the string "10"'],
      ];
      for (const [maxRows, shown] of cases) {
        expect(() => decodeRows(ENTITIES, entity, { maxRows: maxRows as number })).toThrow(
          invalidArgument(
            'options.maxRows',
            `Invalid options.maxRows: expected a non-negative integer, received ${shown}.`,
          ),
        );
      }
    });

    it('refuses an empty, non-string or prototype-polluting key, saying what a key must be', () => {
      const expected = 'a non-empty string other than __proto__, constructor or prototype';
      for (const key of ['', '__proto__', 'constructor', 'prototype', 5, null, ['claims']]) {
        expect(() => decodeRows('{"rows": []}', entity, { key: key as string }), String(key)).toThrow(
          invalidArgument('options.key'),
        );
      }
      expect(() => decodeRows('{}', entity, { key: '__proto__' })).toThrow(
        invalidArgument(
          'options.key',
          `Invalid options.key: expected ${expected}, received the string "__proto__".`,
        ),
      );
    });

    it('refuses a row schema that is not a zod 4 schema, naming the parameter', () => {
      expect(() => decodeRows(ENTITIES, { name: 'string', kind: 'string' } as never)).toThrow(
        invalidArgument('rowSchema', 'Invalid rowSchema: expected a zod 4 schema, received an object.'),
      );
    });
  });
});
