// A numeric id is looked up as the integer it is written as: the reviewer's `-0` line (r22) named document "0".
import { describe, expect, it } from 'vitest';
import { compileFieldMap, FIELD_MAP_PRESETS, NATIVE_MAP } from './field-map.js';
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

// Finding cli2-1: the raw-line scan recorded numbers by key name wherever the key was, so an exact id was refused
// because another field of that name, elsewhere on the line, was written 5.0 or 1e0.
describe('verifyLine: a numeric id is judged by what is written at the path it is read from', () => {
  it.each([
    ['an object', '"id":5,"meta":{"id":5.0},'],
    ['an array', '"id":5,"trace":[{"id":5e0}],'],
    ['arrays', '"id":5,"trace":[[5.0],{"x":[{"id":5e0},-0]}],'],
  ])('reads the line id 5 beside an inexact "id" in %s', (_, extra) => {
    expect(verifyLine(line('1', extra), 1, context)).toMatchObject({ success: true, data: { id: 5 } });
  });

  it('reads documentId 1 beside a "documentId" of 1.0 outside the passages', () => {
    const result = verifyLine(line('1', '"source":{"documentId":1.0},'), 1, context);
    expect(result).toMatchObject({
      success: true,
      data: { verification: { claims: [{ citations: [{ documentId: '1' }] }] } },
    });
  });

  it('still refuses an inexact id at the path read, beside an exact one elsewhere', () => {
    expect(verifyLine(line('1', '"id":5.0,"meta":{"id":5},'), 1, context)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'id', message: expect.stringContaining('5.0') },
    });
    expect(verifyLine(line('1.0', '"source":{"documentId":1},'), 1, context)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0].documentId' },
    });
    // The key written with an escape is the same key.
    expect(verifyLine(line('1', '"\\u0069d":5e0,"meta":{"id":5},'), 1, context)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'id', message: expect.stringContaining('5e0') },
    });
  });

  it('reads the passage item each id is in: the second item exact, the first not', () => {
    const two = (first: string, second: string): string =>
      `{"answer":"The moon is made of green cheese [2].","passages":[{"documentId":${first},"chunkId":"c","start":0,"end":33},{"documentId":${second},"chunkId":"c","start":0,"end":33}]}`;
    expect(verifyLine(two('100', '1'), 1, context)).toMatchObject({ success: true });
    expect(verifyLine(two('1e2', '1'), 1, context)).toMatchObject({
      success: false,
      error: { field: 'passages[0].documentId', message: expect.stringContaining('1e2') },
    });
    expect(verifyLine(two('1', '1.0'), 1, context)).toMatchObject({
      success: false,
      error: { field: 'passages[1].documentId', message: expect.stringContaining('1.0') },
    });
  });

  it('reads scalar ids and ids under nested and filtered paths by their place', () => {
    const lfrqa = { ...context, map: compileFieldMap(FIELD_MAP_PRESETS.lfrqa) };
    const scalar = (ids: string, extra = ''): string =>
      `{${extra}"qid":"q","faithful_answer_w_citation":"The moon is made of green cheese [1][2].","gold_doc_ids":${ids}}`;
    expect(verifyLine(scalar('[1,100]', '"other":[1.0,1e2],'), 1, lfrqa)).toMatchObject({ success: true });
    expect(verifyLine(scalar('[1,1E2]', '"other":[1,100],'), 1, lfrqa)).toMatchObject({
      success: false,
      error: { field: 'passages[1]', message: expect.stringContaining('1E2') },
    });
    const traced = {
      ...context,
      map: compileFieldMap({
        id: 'trace.id',
        answer: 'out.answer',
        passages: 'steps[kind=R].docs',
        passage: { documentId: 'ref.doc', chunkId: null, text: null, start: null, end: null },
      }),
    };
    const nested = (id: string, doc: string): string =>
      `{"trace":{"id":${id}},"id":7.0,"out":{"answer":"The moon is made of green cheese [1]."},"steps":[{"kind":"Q","docs":[{"ref":{"doc":1.0}}]},{"kind":"R","docs":[{"ref":{"doc":${doc}}}]}]}`;
    expect(verifyLine(nested('7', '1'), 1, traced)).toMatchObject({ success: true, data: { id: 7 } });
    expect(verifyLine(nested('7.0', '1'), 1, traced)).toMatchObject({
      success: false,
      error: { field: 'id' },
    });
    expect(verifyLine(nested('7', '1.0'), 1, traced)).toMatchObject({
      success: false,
      error: { field: 'passages[0].documentId' },
    });
  });
});

// A thirty-sixth review: a line that is no string, defaults that are null and a map that was never compiled threw a
// TypeError with no code, although a programmatic caller may pass any of them.
describe('verifyLine: arguments of the wrong shape', () => {
  it.each([
    ['a line that is a number', () => verifyLine(5 as unknown as string, 1, context), 'text'],
    ['a line that is null', () => verifyLine(null as unknown as string, 1, context), 'text'],
    ['a line number of 0', () => verifyLine(line('1'), 0, context), 'line'],
    ['a line number that is no integer', () => verifyLine(line('1'), 1.5, context), 'line'],
    ['null defaults', () => verifyLine(line('1'), 1, { ...context, defaults: null as never }), 'context'],
    [
      'a map that was never compiled',
      () => verifyLine(line('1'), 1, { ...context, map: {} as never }),
      'context',
    ],
    ['a raw field map', () => verifyLine(line('1'), 1, { ...context, map: NATIVE_MAP as never }), 'context'],
  ])('refuses %s as a usage error naming the argument', (_label, call, field) => {
    expect(call).toThrow(expect.objectContaining({ code: 'usage', field }));
  });
});
