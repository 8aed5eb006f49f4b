// Scale: nesting 10^4 and more deep, as safeDecodeJson allows with a raised maxDepth; bounded by growth, not time.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { findStrippedKeys } from './find-stripped-keys.js';

/** `{"a": {"a": … 1 …}}`, `depth` objects deep, built without recursion. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('findStrippedKeys', () => {
  it('grows linearly with the depth of the data (safeDecodeJson with a raised maxDepth lets model output nest so deep)', () => {
    const make = (depth: number) => {
      const input = nested(depth);
      const output = nested(depth);
      return () => findStrippedKeys(input, output);
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });

  it('reports a key dropped at the bottom of deep data with its whole path', () => {
    const depth = 50_000;
    const issues = findStrippedKeys(nested(depth, { text: 't', page: 2 }), nested(depth, { text: 't' }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ keys: ['page'], input: { text: 't', page: 2 } });
    expect(issues[0]!.path).toEqual(Array.from({ length: depth }, () => 'a'));
  });
});
