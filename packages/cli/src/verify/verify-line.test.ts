// A numeric id is looked up as the integer it is written as: the reviewer's `-0` line (r22) named document "0".
import { describe, expect, it } from 'vitest';
import { compileFieldMap, NATIVE_MAP } from './field-map.js';
import { verifyLine } from './verify-line.js';

const collection = new Map([
  ['-0', 'Water boils at 100 degrees Celsius.'],
  ['0', 'The moon is made of green cheese.'],
  ['1', 'The moon is made of green cheese.'],
  ['100', 'The moon is made of green cheese.'],
]);
const context = {
  map: compileFieldMap(NATIVE_MAP),
  defaults: { support: {} },
  documents: (id: string) => collection.get(id),
  withInput: false,
};
const line = (documentId: string, extra = ''): string =>
  `{${extra}"answer":"The moon is made of green cheese [1].","passages":[{"documentId":${documentId},"chunkId":"c","start":0,"end":33}]}`;

describe('verifyLine: numeric ids', () => {
  it.each(['-0', '1.0', '1e2', '-0.0'])('refuses documentId %s, which names no document as written', (id) => {
    const result = verifyLine(line(id), 1, context);
    expect(result).toMatchObject({
      success: false,
      error: { line: 1, code: 'wrong_type', field: 'passages[0].documentId' },
    });
  });

  it('refuses the line id -0, which would be written back as 0', () => {
    expect(verifyLine(line('"0"', '"id":-0,'), 1, context)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'id' },
    });
  });

  it('reads an integer id written as one', () => {
    const result = verifyLine(line('1', '"id":5,"score":1.0,'), 1, context);
    expect(result).toMatchObject({
      success: true,
      data: { id: 5, verification: { claims: [{ citations: [{ documentId: '1' }] }] } },
    });
  });
});
