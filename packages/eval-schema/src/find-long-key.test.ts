import { describe, expect, it } from 'vitest';
import { findLongKey, MAX_REPORT_KEY_LENGTH } from './find-long-key.js';

describe('findLongKey', () => {
  it('finds the first key longer than the bound, once unescaped, and names its path', () => {
    expect(MAX_REPORT_KEY_LENGTH).toBe(1024);
    const long = 'k'.repeat(11);
    expect(findLongKey(`{"a":[1,{"b":{"${long}":1}}]}`, 10)).toEqual({
      path: ['a', 1, 'b', long],
      length: 11,
    });
    expect(findLongKey(`{"a\\"b":{"${long}" \n:1}}`, 10)).toEqual({ path: ['a"b', long], length: 11 });
    expect(findLongKey(`{"${'k'.repeat(10)}":1}`, 10)).toBeUndefined();
    // Escapes are read: `\u006b` is one character.
    expect(findLongKey(`{"${'\\u006b'.repeat(10)}":1}`, 10)).toBeUndefined();
    expect(findLongKey(`{"${'\\u006b'.repeat(11)}":1}`, 10)).toEqual({ path: ['k'.repeat(11)], length: 11 });
  });

  it('passes over string values, braces and quotes inside strings, and keys of closed objects', () => {
    const long = 'k'.repeat(11);
    expect(findLongKey(`{"a":"${long}","b":["${long}"]}`, 10)).toBeUndefined();
    expect(findLongKey(`{"a":"{\\"${long}\\":1}"}`, 10)).toBeUndefined();
    expect(findLongKey(`[{},"${long}",{"a":{}},"${long}"]`, 10)).toBeUndefined();
    expect(findLongKey(`[{"a":1},{"${long}":1}]`, 10)).toEqual({ path: [1, long], length: 11 });
  });

  it('reads text that is no JSON without throwing: a string no colon follows is no key', () => {
    const long = 'k'.repeat(11);
    expect(findLongKey(`{"${long}"}`, 10)).toBeUndefined();
    expect(findLongKey(`{"${long}`, 10)).toBeUndefined();
    expect(findLongKey(`{"${long}\\`, 10)).toBeUndefined();
    expect(findLongKey(`{"${long}\\x":`, 10)).toEqual({ path: [`${long}\\x`], length: 13 });
    expect(findLongKey(`}]{{"${long}":`, 10)).toEqual({ path: ['', long], length: 11 });
  });
});
