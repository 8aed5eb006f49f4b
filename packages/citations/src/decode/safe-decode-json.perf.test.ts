// Scale: megabyte inputs, 10^5 brackets, 50 000 keys; bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { safeDecodeJson } from './safe-decode-json.js';

/** The error of a failed decode; fails the test when the decode succeeded. */
function errorOf(
  text: string,
  schema: z.ZodType = z.unknown(),
  options?: Parameters<typeof safeDecodeJson>[2],
) {
  const result = safeDecodeJson(text, schema, options);
  if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
  return result.error;
}

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('safeDecodeJson', () => {
  it('bounds nesting without recursion, even for 10^5 brackets', () => {
    expect(errorOf('['.repeat(100_000)).code).toBe('too_deep');
    expect(errorOf('{"a":'.repeat(100_000)).code).toBe('too_deep');
    expect(safeDecodeJson(nested(100_000), z.unknown(), { maxDepth: 100_000 }).success).toBe(true);
  });

  it('accepts a huge array inside the bounds', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => i);
    expect(safeDecodeJson(JSON.stringify(values), z.array(z.number().int()))).toEqual({
      success: true,
      data: values,
    });
  });

  it('checks duplicates among 50 000 distinct keys in one object, and finds the repeat at the end', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `"k${i}": ${i}`);
    const record = z.record(z.string(), z.number());
    const options = { maxBytes: 4 * 1024 * 1024 };
    const result = safeDecodeJson(`{${keys.join(', ')}}`, record, options);
    expect(result.success && Object.keys(result.data).length).toBe(50_000);
    const repeated = `{${keys.join(', ')}, "k5": 0}`;
    expect(errorOf(repeated, record, options)).toMatchObject({
      code: 'duplicate_key',
      position: repeated.length - 8,
    });
  });

  it('answers adversarial megabyte inputs with a code in linear time', () => {
    const started = cpuNow();
    const options = { maxBytes: 4 * 1024 * 1024 };
    expect(errorOf('['.repeat(1_000_000), z.unknown(), options).code).toBe('too_deep');
    expect(errorOf(`"${'a'.repeat(1_000_000)}`, z.unknown(), options).code).toBe('not_json');
    expect(errorOf(`[${'1,'.repeat(500_000)}`, z.unknown(), options).code).toBe('not_json');
    expect(errorOf(`{${'"k":1,'.repeat(100_000)}"k":2}`, z.unknown(), options).code).toBe('duplicate_key');
    expect(errorOf('`'.repeat(1_000_000), z.unknown(), options).code).toBe('not_json');
    expect(errorOf(`\`\`\`\n${'\n'.repeat(1_000_000)}`, z.unknown(), options).code).toBe('not_json');
    expect(cpuNow() - started).toBeLessThan(10_000); // very generous: linear work is ~100 ms
  });

  it('judges 200 KB number literals, and exponents of any size, in linear time without BigInt on them', () => {
    const long = 200_000;
    const started = cpuNow();
    const refused = [
      `9007199254740993${'0'.repeat(long)}e-${long}`, // 9007199254740993
      `0.${'0'.repeat(long)}9007199254740993e${long + 16}`, // 9007199254740993
      `9007199254740993.${'0'.repeat(long)}`,
      `-9007199254740993${'0'.repeat(long)}E-${long}`,
      '1e999999999', // beyond a double
      `1${'0'.repeat(long)}`,
    ];
    for (const text of refused) expect(errorOf(text).code, text.slice(0, 40)).toBe('not_json');
    const kept = [
      `1${'0'.repeat(long)}e-${long - 300}`, // 1e300, as the double prints
      `9007199254740992.${'0'.repeat(long)}`,
      `9007199254740993.${'0'.repeat(long)}1`, // a fraction
      `1e${'0'.repeat(long)}300`,
      `1e-${'9'.repeat(long)}`, // 0
      `0e${'9'.repeat(long)}`,
      `${'9'.repeat(300)}.${'9'.repeat(long)}`, // a fraction near 1e300
    ];
    for (const text of kept) expect(safeDecodeJson(text, z.number()).success, text.slice(0, 40)).toBe(true);
    expect(cpuNow() - started).toBeLessThan(2_000); // very generous: linear work is a few ms
  });
});
