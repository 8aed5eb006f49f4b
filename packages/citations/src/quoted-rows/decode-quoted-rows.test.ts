import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { decodeQuotedRows } from './decode-quoted-rows.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../__fixtures__/model-outputs/${name}`, import.meta.url), 'utf8');

describe('decodeQuotedRows', () => {
  it('turns a fenced array of handle+quote rows into citations and lists every rejection by index', () => {
    const result = decodeQuotedRows(fixture('quoted-claims.txt'), passages);
    expect(result.error).toBeNull();
    expect(result.accepted.map(({ index, citation }) => ({ index, ...citation }))).toEqual([
      {
        index: 0,
        source: 1,
        documentId: 'rosetta.md',
        chunkId: 'rosetta.md#0',
        start: 42,
        end: 101,
        text: 'inscribed with three versions of a decree issued in Memphis',
      },
      {
        index: 1,
        source: 2,
        documentId: 'rosetta.md',
        chunkId: 'rosetta.md#1',
        start: 117,
        end: 163,
        text: 'stele’s top register is written in hieroglyphs',
      },
      {
        index: 6,
        source: 3,
        documentId: 'champollion.md',
        chunkId: 'champollion.md#0',
        start: 22,
        end: 33,
        text: 'Champollion',
      },
    ]);
    for (const { citation } of result.accepted) {
      expect(documents[citation.documentId]!.slice(citation.start, citation.end)).toBe(citation.text);
    }
    expect(result.rejected.map(({ index, code }) => `${index}:${code}`)).toEqual([
      '2:unknown_handle',
      '3:quote_not_found',
      '4:schema',
      '5:unknown_handle',
    ]);
  });

  it('takes a caller schema carrying more fields, and the rows key', () => {
    const claim = z.strictObject({ claim: z.string(), handle: z.string(), quote: z.string() });
    const text = JSON.stringify({
      claims: [
        { claim: 'It dates from 196 BC.', handle: 'S1', quote: 'in 196 BC' },
        { claim: 'It was found in 1801.', handle: 'S2', quote: 'in 1801' },
      ],
    });
    const result = decodeQuotedRows(text, passages, { schema: claim, key: 'claims' });
    expect(result.accepted).toHaveLength(1);
    expect(result.accepted[0]?.row.claim).toBe('It dates from 196 BC.');
    expect(result.accepted[0]?.citation.text).toBe('in 196 BC');
    expect(result.rejected).toMatchObject([{ index: 1, code: 'quote_not_found' }]);
  });

  it('answers a document that is not a row array with `error` only', () => {
    const result = decodeQuotedRows('{"handle": "S1", "quote": "Rosetta"}', passages);
    expect(result).toMatchObject({ accepted: [], rejected: [], error: { code: 'schema' } });
    expect(decodeQuotedRows('[{"handle": "S1", "quote": ""}]', passages).rejected[0]?.code).toBe('schema');
  });
});
