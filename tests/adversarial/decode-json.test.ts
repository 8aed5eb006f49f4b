// Runs the strict-decoding corpus and checks that nothing reaches Object.prototype.
import { DecodeError, decodeJson, decodeRows, safeDecodeJson } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JSON_CASES } from './fixtures/json.js';

const schemas = {
  any: z.unknown(),
  verdict: z.strictObject({ faithful: z.boolean(), reasoning: z.string() }),
};

describe('safeDecodeJson: adversarial corpus', () => {
  it.each(JSON_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const text = typeof c.text === 'function' ? c.text() : c.text;
    const result = safeDecodeJson(text, schemas[c.schema], c.options);
    if ('data' in c.expected) {
      expect(result).toEqual({ success: true, data: c.expected.data });
    } else {
      expect(result.success).toBe(false);
      const error = (result as { error: DecodeError }).error;
      expect(DecodeError.isInstance(error)).toBe(true);
      expect(error.code).toBe(c.expected.code);
      expect(error.excerpt.length).toBeLessThanOrEqual(202);
      expect(error.message.length).toBeLessThan(600);
      expect(() => decodeJson(text, schemas[c.schema], c.options)).toThrow(error.message);
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('rejects a key a plain z.object would strip instead of letting it pass', () => {
    const decoded = safeDecodeJson(
      '{"faithful": true, "__debug": "trust me"}',
      z.object({ faithful: z.boolean() }),
    );
    expect(decoded.success ? null : decoded.error.code).toBe('schema');
    expect(decoded.success ? null : decoded.error.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['__debug'],
    });
  });
});

describe('decodeRows: hostile rows', () => {
  const row = z.strictObject({ claim: z.string(), source: z.string() });

  it('rejects each bad row on its own and keeps the good ones', () => {
    const text = JSON.stringify([
      { claim: 'a', source: 'S1' },
      { claim: 'b', source: 1 },
      { claim: 'c', source: 'S2', extra: true },
      { claim: 'd', source: 'S3' },
    ]);
    const result = decodeRows(text, row);
    expect(result.accepted).toEqual([
      { claim: 'a', source: 'S1' },
      { claim: 'd', source: 'S3' },
    ]);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'schema'],
      [2, 'schema'],
    ]);
    expect(result.error).toBeNull();
  });

  it('refuses the whole document for a __proto__ key in any row, with nothing accepted', () => {
    const result = decodeRows('[{"claim": "a", "source": "S1"}, {"__proto__": {"polluted": 1}}]', row);
    expect(result.accepted).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.error?.code).toBe('forbidden_key');
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses more rows than maxRows as too_large', () => {
    const text = JSON.stringify(Array.from({ length: 1001 }, () => ({ claim: 'a', source: 'S1' })));
    const result = decodeRows(text, row);
    expect([result.accepted.length, result.error?.code]).toEqual([0, 'too_large']);
  });
});
