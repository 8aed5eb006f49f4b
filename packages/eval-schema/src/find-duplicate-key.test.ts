import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './find-duplicate-key.js';

describe('findDuplicateKey', () => {
  it('finds a key repeated in one object, compared after unescaping, and names its path', () => {
    expect(findDuplicateKey('{"schemaVersion":2,"schemaVersion":1}')).toEqual(['schemaVersion']);
    expect(findDuplicateKey('{"a":1,"\\u0061":2}')).toEqual(['a']);
    expect(findDuplicateKey('{"items":[{"id":"x"},{"id":"y","faithful":true,"faithful":false}]}')).toEqual([
      'items',
      1,
      'faithful',
    ]);
    expect(findDuplicateKey('{"__proto__":1,"__proto__":2}')).toEqual(['__proto__']);
  });

  it('lets equal keys in different objects pass, and reads braces, commas and quotes inside strings as text', () => {
    expect(findDuplicateKey('{"a":{"a":1},"b":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(findDuplicateKey('{"a":"x\\",\\"a\\":{","b":"}],[{"}')).toBeUndefined();
    expect(findDuplicateKey('{"a":["a","a"],"b":"a"}')).toBeUndefined();
    expect(findDuplicateKey('[1, "x", {"k": null}]')).toBeUndefined();
  });

  it('scans deep nesting without recursion', () => {
    const depth = 200_000;
    const deep = `${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`;
    expect(findDuplicateKey(deep)).toBeUndefined();
    const repeated = `${'[{"a":'.repeat(depth)}0${',"a":0}]'.repeat(depth)}`;
    expect(findDuplicateKey(repeated)?.length).toBe(2 * depth);
  });
});
