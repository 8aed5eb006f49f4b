// Scale: decodeRows over tens of thousands of rows, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { decodeRows } from './decode-rows.js';

const entity = z.strictObject({ name: z.string().min(1), kind: z.enum(['person', 'place']) });

describe('decodeRows', () => {
  it('handles a huge array of invalid rows in linear time', () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i));
    const started = cpuNow();
    const result = decodeRows(text, entity, { maxRows: 50_000 });
    expect(result.rejected).toHaveLength(50_000);
    expect(result.rejected[49_999]).toMatchObject({ index: 49_999, code: 'schema' });
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});
