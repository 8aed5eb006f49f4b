// Scale: the quick scan over hundreds of thousands of strings, bounded by CPU time; over keys longer than 16,383
// characters, bounded by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { longKeys, objectOf } from '../../../../tests/adversarial/long-keys.js';
import { passesQuickScan } from './passes-quick-scan.js';

const quick = (text: string, maxDepth = 64): boolean => passesQuickScan(text, 0, text.length, maxDepth);

describe('passesQuickScan', () => {
  it('runs in linear time on many strings after one \\u escape', () => {
    const text = `[${'"a",'.repeat(200_000)}"\\u0041"]`;
    const started = process.cpuUsage();
    expect(quick(text)).toBe(true);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(2_000);
  });

  // r16: V8 hashes a string longer than 16,383 units by its length, so n such keys in a Set cost n² comparisons.
  it('checks keys longer than 16,383 characters for repeats in time linear in their number', () => {
    const make = (size: number) => {
      const text = objectOf(longKeys(size));
      return () => quick(text);
    };
    expect(growth(make, 25)).toBeLessThan(BOUND);
    const keys = longKeys(40);
    expect(quick(objectOf(keys))).toBe(true);
    expect(quick(objectOf([...keys, `${keys[7]!}y`]))).toBe(true);
    expect(quick(objectOf([...keys, keys[7]!]))).toBe(false);
    const withEscaped = (key: string) => `{"a":${objectOf(keys).slice(0, -1)},"\\u0078${key.slice(1)}":1}}`;
    expect(quick(withEscaped(keys[7]!))).toBe(false);
    expect(quick(withEscaped(`${keys[7]!}y`))).toBe(true);
  });
});
