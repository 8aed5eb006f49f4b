import { describe, expect, it } from 'vitest';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

describe('resolveQuotedRows', () => {
  describe('citations', () => {
    it('builds citations at the located quote, with the document’s own characters', () => {
      const rows = [
        { handle: 'S2', quote: "stele's top register", claim: 'The top register is hieroglyphic.' },
        { handle: 'S3', quote: 'Champollion' },
      ];
      const { accepted, rejected } = resolveQuotedRows(rows, passages);
      expect(rejected).toEqual([]);
      const rosetta = documents['rosetta.md']!;
      const start = rosetta.indexOf('stele’s top register');
      expect(accepted[0]).toEqual({
        index: 0,
        row: rows[0],
        citation: {
          source: 2,
          documentId: 'rosetta.md',
          chunkId: 'rosetta.md#1',
          start,
          end: start + 'stele’s top register'.length,
          text: 'stele’s top register', // the document's own apostrophe, not the model's
        },
      });
      for (const { citation } of accepted) {
        expect(documents[citation.documentId]!.slice(citation.start, citation.end)).toBe(citation.text);
      }
      expect(accepted[1]?.citation).toMatchObject({ source: 3, start: 22, end: 33, text: 'Champollion' });
    });

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

  describe('rejections', () => {
    it('refuses rows that are not an array with an InvalidArgumentError', () => {
      for (const rows of [null, undefined, '[]', { length: 0 }]) {
        expect(() => resolveQuotedRows(rows as never, passages), String(rows)).toThrow(
          expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'rows' }),
        );
      }
    });

    it('rejects unknown handles and quotes that are not in the named passage', () => {
      const rows = [
        { handle: 'S4', quote: 'Champollion' },
        { handle: 's3', quote: 'Champollion' },
        { handle: 'S1', quote: 'Champollion' }, // in S3, not in S1
        { handle: 'S2', quote: '   ' },
        { handle: 'S2', quote: 'found by British archaeologists in 1801' },
        { handle: '__proto__', quote: 'x' },
        { handle: 'S1', quote: 'GRANODIORITE STELE' },
      ];
      const { accepted, rejected } = resolveQuotedRows(rows, passages);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ index, code }) => `${index}:${code}`)).toEqual([
        '0:unknown_handle',
        '1:unknown_handle',
        '2:quote_not_found',
        '3:quote_not_found',
        '4:quote_not_found',
        '5:unknown_handle',
        '6:quote_not_found',
      ]);
      expect(rejected[0]?.message).toBe(
        'Row 0 names a handle that was not handed out; expected one of S1…S3.',
      );
      expect(rejected[4]?.message).toBe('Row 4 quotes text (39 characters) that is not in passage S2.');
      expect(resolveQuotedRows([rows[6]!], passages, { ignoreCase: true }).accepted[0]?.citation.text).toBe(
        'granodiorite stele',
      );
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

    it('refuses passages whose offsets cannot yield exact citations', () => {
      const broken = [{ ...passages[0]!, end: 3 }];
      expect(() => resolveQuotedRows([{ handle: 'S1', quote: 'Rosetta' }], broken)).toThrow(
        InvalidPassageError,
      );
    });
  });
});
