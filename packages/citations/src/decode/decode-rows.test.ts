import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeRows } from './decode-rows.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../__fixtures__/model-outputs/${name}`, import.meta.url), 'utf8');

const entity = z.strictObject({ name: z.string().min(1), kind: z.enum(['person', 'place']) });

describe('decodeRows', () => {
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

  it('handles a huge array of invalid rows in linear time', () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i));
    const started = cpuNow();
    const result = decodeRows(text, entity, { maxRows: 50_000 });
    expect(result.rejected).toHaveLength(50_000);
    expect(result.rejected[49_999]).toMatchObject({ index: 49_999, code: 'schema' });
    expect(cpuNow() - started).toBeLessThan(10_000);
  });

  it('rejects a row whose unknown key a plain z.object would strip, and keeps the others', () => {
    const result = decodeRows(
      '[{"name": "a"}, {"name": "b", "role": "admin"}]',
      z.object({ name: z.string() }),
    );
    expect(result.accepted).toEqual([{ name: 'a' }]);
    expect(result.rejected).toEqual([
      expect.objectContaining({
        index: 1,
        code: 'schema',
        issues: [expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'] })],
      }),
    ]);
  });

  it('refuses invalid options with a TypeError', () => {
    expect(() => decodeRows('[]', entity, { maxRows: -1 })).toThrow(TypeError);
    expect(() => decodeRows('[]', entity, { key: '' })).toThrow(TypeError);
    expect(() => decodeRows('{}', entity, { key: '__proto__' })).toThrow(TypeError);
  });
});
