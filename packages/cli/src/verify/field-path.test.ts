import { describe, expect, it } from 'vitest';
import { compileFieldPath, readFieldPath } from './field-path.js';

const read = (value: unknown, path: string): unknown[] => {
  const compiled = compileFieldPath(path);
  if (!compiled.success) throw new Error(compiled.error);
  return readFieldPath(value, compiled.data);
};

describe('compileFieldPath / readFieldPath', () => {
  const record = {
    a: { b: [{ c: 1 }, { c: 2 }, { d: 3 }] },
    spans: [
      { type: 'RETRIEVER', output: ['x'] },
      { type: 'GENERATION', output: 'y' },
      { type: 'RETRIEVER', output: ['z'] },
    ],
    'gen_ai.prompt': 'p',
    list: [[1, 2], [3]],
  };

  it('follows keys, indexes, every element and filters', () => {
    expect(read(record, 'a.b[].c')).toEqual([1, 2]);
    expect(read(record, 'a.b[1].c')).toEqual([2]);
    expect(read(record, 'a.b[9].c')).toEqual([]);
    expect(read(record, 'spans[type=RETRIEVER].output')).toEqual([['x'], ['z']]);
    expect(read(record, 'spans[type=RETRIEVER].output[]')).toEqual(['x', 'z']);
    expect(read(record, '["gen_ai.prompt"]')).toEqual(['p']);
    expect(read(record, 'list[][]')).toEqual([1, 2, 3]);
    expect(read(record, 'missing.deeper')).toEqual([]);
    expect(read('text', 'a')).toEqual([]);
  });

  it('reads only own properties', () => {
    expect(read({}, 'constructor')).toEqual([]);
    expect(read({}, 'toString')).toEqual([]);
    expect(read(JSON.parse('{"__proto__": 5}'), '__proto__')).toEqual([5]);
  });

  it.each(['', 'a..b', 'a[', 'a[x', '[=v]', 'a["unterminated]', 'a.b]', `${'a.'.repeat(600)}a`])(
    'refuses %j',
    (path) => {
      expect(compileFieldPath(path).success).toBe(false);
    },
  );
});
