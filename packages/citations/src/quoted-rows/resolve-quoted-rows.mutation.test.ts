// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact rejection messages (the
// handle range for any passage count, the quote's length, 0 for a quote that is not a string), every field of
// a citation built from a passage that starts mid-document, and the row indices kept in order.
import { describe, expect, it } from 'vitest';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

describe('resolveQuotedRows (mutation-pinned)', () => {
  it('builds every field of the citation from the passage the handle names, in document coordinates', () => {
    const rosetta = documents['rosetta.md']!;
    const { accepted, rejected } = resolveQuotedRows(
      [
        { handle: 'S2', quote: 'the middle in Demotic' },
        { handle: 'S1', quote: 'a granodiorite stele' },
      ],
      passages,
    );
    expect(rejected).toEqual([]);
    expect(accepted).toEqual([
      {
        index: 0,
        row: { handle: 'S2', quote: 'the middle in Demotic' },
        citation: {
          source: 2,
          documentId: 'rosetta.md',
          chunkId: 'rosetta.md#1',
          start: rosetta.indexOf('the middle in Demotic'),
          end: rosetta.indexOf('the middle in Demotic') + 21,
          text: 'the middle in Demotic',
        },
      },
      {
        index: 1,
        row: { handle: 'S1', quote: 'a granodiorite stele' },
        citation: {
          source: 1,
          documentId: 'rosetta.md',
          chunkId: 'rosetta.md#0',
          start: 21,
          end: 41,
          text: 'a granodiorite stele',
        },
      },
    ]);
    expect(rosetta.indexOf('the middle in Demotic')).toBe(165);
  });

  it('names the handles that were handed out, for one passage and for three', () => {
    const rows = [{ handle: 'S2', quote: 'Rosetta Stone' }];
    expect(resolveQuotedRows(rows, passages.slice(0, 1)).rejected).toEqual([
      {
        index: 0,
        code: 'unknown_handle',
        message: 'Row 0 names a handle that was not handed out; expected one of S1…S1.',
      },
    ]);
    const fakes = [
      { handle: 'S4', quote: 'x' },
      { handle: 'S0', quote: 'x' },
      { handle: 'S3 ', quote: 'x' },
    ];
    expect(resolveQuotedRows(fakes, passages).rejected).toEqual([
      {
        index: 0,
        code: 'unknown_handle',
        message: 'Row 0 names a handle that was not handed out; expected one of S1…S3.',
      },
      {
        index: 1,
        code: 'unknown_handle',
        message: 'Row 1 names a handle that was not handed out; expected one of S1…S3.',
      },
      {
        index: 2,
        code: 'unknown_handle',
        message: 'Row 2 names a handle that was not handed out; expected one of S1…S3.',
      },
    ]);
  });

  it('reports the length of a quote it cannot find, and 0 for a quote that is not a string', () => {
    const rows = [
      { handle: 'S3', quote: 'Champollion announced it in 1824' },
      { handle: 'S1', quote: 42 as unknown as string },
      { handle: 'S2', quote: null as unknown as string },
    ];
    expect(resolveQuotedRows(rows, passages).rejected).toEqual([
      {
        index: 0,
        code: 'quote_not_found',
        message: 'Row 0 quotes text (32 characters) that is not in passage S3.',
      },
      {
        index: 1,
        code: 'quote_not_found',
        message: 'Row 1 quotes text (0 characters) that is not in passage S1.',
      },
      {
        index: 2,
        code: 'quote_not_found',
        message: 'Row 2 quotes text (0 characters) that is not in passage S2.',
      },
    ]);
  });

  it('keeps each row’s index whether it was accepted or rejected', () => {
    const rows = [
      { handle: 'S9', quote: 'x' },
      { handle: 'S3', quote: 'Champollion' },
      { handle: 'S1', quote: 'not there' },
      { handle: 'S1', quote: 'Memphis' },
    ];
    const { accepted, rejected } = resolveQuotedRows(rows, passages);
    expect(accepted.map(({ index, row }) => [index, row])).toEqual([
      [1, rows[1]],
      [3, rows[3]],
    ]);
    expect(rejected.map(({ index, code }) => [index, code])).toEqual([
      [0, 'unknown_handle'],
      [2, 'quote_not_found'],
    ]);
  });
});
