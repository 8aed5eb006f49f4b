// Scale: values nested far deeper than the call stack allows, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { type CanonicalValue, canonicalJson } from './canonical-json.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('canonicalJson', () => {
  it('encodes 200,000 nested arrays, and refuses a value below 200,000 objects, in linear time', () => {
    const depth = 200_000;
    let value: CanonicalValue = 1;
    let refused: CanonicalValue = [Number.NaN];
    for (let index = 0; index < depth; index += 1) {
      value = [value];
      refused = { a: refused };
    }
    const started = cpuNow();
    expect(canonicalJson(value).length).toBe(2 * depth + 1);
    expect(() => canonicalJson(refused)).toThrow(
      expect.objectContaining({ parameter: `value${'.a'.repeat(depth)}[0]`, expected: 'a finite number' }),
    );
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});
