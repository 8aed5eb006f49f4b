import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { samplePreregistration } from './__fixtures__/reports.js';
import { hashPreregistration, safeParsePreregistration } from './index.js';

describe('Preregistration', () => {
  it('accepts the sample', () => {
    const record = samplePreregistration();
    expect(safeParsePreregistration(record)).toEqual({ success: true, data: record });
  });
  it('refuses a threshold outside [0, 1], an unknown metric and a judge without a prompt hash', () => {
    const record = {
      ...samplePreregistration(),
      threshold: 1.01,
      metric: 'f1',
      judge: { provider: 'p', modelId: 'm' },
    };
    expect(issuesOf(safeParsePreregistration(record))).toEqual([
      'invalid_field metric',
      'invalid_field threshold',
      'invalid_field judge.promptHash',
    ]);
  });
});

describe('hashPreregistration', () => {
  it('matches the pinned vector and does not depend on key order', async () => {
    // Computed independently with Python json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False).
    const pinned = '3d006addd4005a32d7f6b7d3f8329925daafeb2817b8aa504cc26bfc633c8a98';
    const record = samplePreregistration();
    expect(await hashPreregistration(record)).toBe(pinned);
    const reordered = Object.fromEntries(Object.entries(record).reverse()) as typeof record;
    expect(await hashPreregistration(reordered)).toBe(pinned);
    expect(await hashPreregistration({ ...record, threshold: 0.75 })).not.toBe(pinned);
  });

  // The finding (rt15 #5): the check read schemaVersion, and the encoding read it again.
  it('reads each field once: a getter that passes the check with one value is not hashed with another', async () => {
    const record = samplePreregistration();
    let reads = 0;
    const shifting = { ...record };
    Object.defineProperty(shifting, 'schemaVersion', {
      enumerable: true,
      get: () => (++reads === 1 ? 1 : 2),
    });
    expect(await hashPreregistration(shifting)).toBe(await hashPreregistration(record));
    expect(reads).toBe(1);
  });
});
