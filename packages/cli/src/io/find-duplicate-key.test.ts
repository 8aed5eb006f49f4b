import { describe, expect, it } from 'vitest';
import { findDuplicateKey, findKeyProblem } from './find-duplicate-key.js';

const keys = new Set(['answer', 'passages']);

describe('findDuplicateKey', () => {
  it('finds a watched key held twice by one object, however it is written', () => {
    expect(findDuplicateKey('{"answer":"a [1]","passages":[],"answer":"b"}', keys)).toBe('answer');
    expect(findDuplicateKey('{"answer":"a","x":{"y":[1,{"z":2}]},"\\u0061nswer":"b"}', keys)).toBe('answer');
    expect(findDuplicateKey('{"r":[{"passages":1,"passages":2}]}', keys)).toBe('passages');
    const paths = new Set(['out/answer', 'say "hi"', 'a\\b', 'tab\t']);
    expect(findDuplicateKey('{"out/answer":"a [1]","out\\/answer":"b"}', paths)).toBe('out/answer');
    expect(findDuplicateKey('{"say \\"hi\\"":"a","say \\u0022hi\\"":"b"}', paths)).toBe('say "hi"');
    expect(findDuplicateKey('{"a\\\\b":"a","a\\u005cb":"b"}', paths)).toBe('a\\b');
    expect(findDuplicateKey('{"tab\\t":"a","tab\\u0009":"b"}', paths)).toBe('tab\t');
  });

  it('passes keys in different objects, in strings, and keys it does not watch', () => {
    expect(
      findDuplicateKey('{"answer":"say \\"answer\\"","passages":[{"answer":1}],"x":1,"x":2}', keys),
    ).toBe(null);
    expect(findDuplicateKey('{"answer":"a","passages":["\\"answer\\":", "answer"]}', keys)).toBe(null);
    expect(findDuplicateKey('{"answer":"\\\\","passages":["\\u00e9"]}', keys)).toBe(null);
  });

  it("watches every key with 'any', at any depth", () => {
    expect(findDuplicateKey('{"pipeline":"a","questions":"q","pipeline":"b"}', 'any')).toBe('pipeline');
    expect(findDuplicateKey('{"a":{"b":[{"c":1,"\\u0063":2}]}}', 'any')).toBe('c');
    expect(findDuplicateKey('{"a":{"b":1},"c":{"b":2},"d":["a","a"]}', 'any')).toBe(null);
  });
});

describe('findKeyProblem', () => {
  it('stops at the first key longer than the bound, read with its escapes, in a text not yet parsed', () => {
    const long = 'k'.repeat(20);
    expect(findKeyProblem(`{"a":1,"${long}":2,"a":3}`, 'any', 19)).toEqual({
      code: 'key_too_long',
      length: 20,
    });
    expect(findKeyProblem(`{"a":1,"${long}":2,"a":3}`, 'any', 20)).toEqual({
      code: 'duplicate_key',
      key: 'a',
    });
    // Twenty characters written as 120: the key read is what counts.
    expect(findKeyProblem(`{"${'\\u006b'.repeat(20)}" :1}`, 'any', 20)).toBe(null);
    // A long string that no colon follows is no key; a text that is not JSON is still scanned to its end.
    expect(findKeyProblem(`{"${long}"}`, 'any', 10)).toBe(null);
    expect(findKeyProblem(`{"${long}" \n: [`, 'any', 10)).toEqual({ code: 'key_too_long', length: 20 });
    expect(findKeyProblem('{"\\x":1,"\\x":2', 'any', 10)).toEqual({ code: 'duplicate_key', key: '\\x' });
  });

  // A second look found a duplicate early in a text returned before a long key after it, so the caller parsed the
  // long keys it meant to refuse unparsed (quadratic in V8's JSON.parse).
  it('finds a key too long after a duplicate, which it returns only when no key is too long', () => {
    const long = 'k'.repeat(20);
    expect(findKeyProblem(`{"a":1,"a":2,"${long}":3}`, 'any', 19)).toEqual({
      code: 'key_too_long',
      length: 20,
    });
    expect(findKeyProblem(`{"a":1,"a":2,"b":{"${long}":3}}`, new Set(['a']), 19)).toEqual({
      code: 'key_too_long',
      length: 20,
    });
    expect(findKeyProblem(`{"a":1,"a":2,"b":1,"b":2}`, 'any', 19)).toEqual({
      code: 'duplicate_key',
      key: 'a',
    });
  });
});
