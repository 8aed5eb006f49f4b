import { describe, expect, it } from 'vitest';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

describe('resolveQuotedRows', () => {
  it('builds citations at the located quote, in document coordinates', () => {
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
    expect(rejected[0]?.message).toBe('Row 0 names a handle that was not handed out; expected one of S1…S3.');
    expect(rejected[4]?.message).toBe('Row 4 quotes text (39 characters) that is not in passage S2.');
    expect(resolveQuotedRows([rows[6]!], passages, { ignoreCase: true }).accepted[0]?.citation.text).toBe(
      'granodiorite stele',
    );
  });

  it('refuses passages whose offsets cannot yield exact citations', () => {
    const broken = [{ ...passages[0]!, end: 3 }];
    expect(() => resolveQuotedRows([{ handle: 'S1', quote: 'Rosetta' }], broken)).toThrow(
      InvalidPassageError,
    );
  });
});
