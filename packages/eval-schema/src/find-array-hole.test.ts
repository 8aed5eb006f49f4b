import { describe, expect, it } from 'vitest';
import { findArrayHole } from './find-array-hole.js';

describe('findArrayHole', () => {
  it('gives the path of a missing element, nested in objects and arrays', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    expect(findArrayHole({ a: [{ b: [1, , 3] }] })).toEqual(['a', 0, 'b', 1]);
    expect(findArrayHole({ rows: new Array(2 ** 32 - 1) })).toEqual(['rows', 0]);
    expect(findArrayHole([undefined, null])).toBeUndefined();
  });

  it('ends on a cycle and reads no prototype', () => {
    const cyclic: Record<string, unknown> = { list: [1] };
    cyclic.self = cyclic;
    expect(findArrayHole(cyclic)).toBeUndefined();
    expect(findArrayHole(JSON.parse('{"__proto__": [1, 2]}'))).toBeUndefined();
    expect(findArrayHole('text')).toBeUndefined();
  });
});
