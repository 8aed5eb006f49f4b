// Scale: decoding many rows and wide schemas through the strict copy; bounded by growth, not time.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** A caller's own class, as a transform might build one. */
class Row {
  constructor(fields: object) {
    Object.assign(this, fields);
  }
}

describe('toStrictSchema', () => {
  it('refuses an unknown key in every row in time linear in the rows', () => {
    const row = z.object({ name: z.string() }).transform((fields) => new Row(fields));
    const make = (rows: number) => {
      const text = JSON.stringify(Array.from({ length: rows }, (_, i) => ({ name: `n${i}`, page: i })));
      return () => decodeRows(text, row, { maxRows: rows });
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
    expect(make(1000)().rejected).toHaveLength(1000);
  });

  it('copies a schema in time linear in its size, each decode building a new schema', () => {
    const make = (keys: number) => {
      const names = Array.from({ length: keys }, (_, i) => `k${i}`);
      const text = JSON.stringify(Object.fromEntries(names.map((name) => [name, { a: 1 }])));
      return () => {
        const shape = Object.fromEntries(names.map((name) => [name, z.object({ a: z.number() })]));
        return safeDecodeJson(
          text,
          z.object(shape).transform((fields) => new Row(fields)),
        );
      };
    };
    expect(growth(make, 50)).toBeLessThan(BOUND);
    expect(make(10)().success).toBe(true);
  });
});
