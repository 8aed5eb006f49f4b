import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { z } from 'zod';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { passage } from '../__fixtures__/passage.js';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import { decodeQuotedRows, quotedRowSchema } from './decode-quoted-rows.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../__fixtures__/model-outputs/${name}`, import.meta.url), 'utf8');

describe('decodeQuotedRows', () => {
  describe('rows to citations', () => {
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

    it('merges schema and resolution rejections in index order, past ten rows', () => {
      const rows = [
        { handle: 'S1', quote: 'Memphis' }, // 0 accepted
        { handle: 'S1' }, // 1 schema
        { handle: 'S7', quote: 'stele' }, // 2 unknown handle
        { handle: 'S2', quote: 'Demotic' }, // 3 accepted
        { handle: 'S2', quote: 'Coptic' }, // 4 quote not found
        { handle: 'S3', quote: '' }, // 5 schema
        { handle: 'S3', quote: 'Champollion' }, // 6 accepted
        { handle: 's1', quote: 'Memphis' }, // 7 unknown handle
        { handle: 'S1', quote: 'Memphis', page: 2 }, // 8 schema
        { handle: 'S1', quote: 'Rashid' }, // 9 quote not found (it is in S2)
        { handle: 'S2', quote: 'Rashid' }, // 10 accepted
        { handle: 'S2', quote: 7 }, // 11 schema
        { handle: 'S10', quote: 'stele' }, // 12 unknown handle
      ];
      const result = decodeQuotedRows(JSON.stringify(rows), passages);
      expect(result.error).toBeNull();
      expect(
        result.accepted.map(({ index, citation }) => `${index}:S${citation.source}:${citation.text}`),
      ).toEqual(['0:S1:Memphis', '3:S2:Demotic', '6:S3:Champollion', '10:S2:Rashid']);
      expect(result.rejected.map(({ index, code }) => `${index}:${code}`)).toEqual([
        '1:schema',
        '2:unknown_handle',
        '4:quote_not_found',
        '5:schema',
        '7:unknown_handle',
        '8:schema',
        '9:quote_not_found',
        '11:schema',
        '12:unknown_handle',
      ]);
    });

    it('locates quotes case-insensitively only when ignoreCase is set', () => {
      const text = '[{"handle": "S3", "quote": "JEAN-FRANÇOIS CHAMPOLLION"}]';
      expect(decodeQuotedRows(text, passages).rejected).toEqual([
        {
          index: 0,
          code: 'quote_not_found',
          message: 'Row 0 quotes text (25 characters) that is not in passage S3.',
        },
      ]);
      const folded = decodeQuotedRows(text, passages, { ignoreCase: true });
      expect(folded.rejected).toEqual([]);
      expect(folded.accepted.map(({ citation }) => citation)).toEqual([
        {
          source: 3,
          documentId: 'champollion.md',
          chunkId: 'champollion.md#0',
          start: 8,
          end: 33,
          text: 'Jean-François Champollion',
        },
      ]);
    });
  });

  describe('whole words', () => {
    it('rejects quotes found only inside a word, and quotes without a letter or a digit', () => {
      const list = [passage('The treatment was ineffective against the virus and unsafe for children.')];
      const rows = [
        { handle: 'S1', quote: 'effective against the virus' },
        { handle: 'S1', quote: 'safe for children' },
        { handle: 'S1', quote: 'e' },
        { handle: 'S1', quote: '.' },
        { handle: 'S1', quote: 'unsafe for children' },
      ];
      const result = decodeQuotedRows(JSON.stringify(rows), list);
      expect(result.accepted.map(({ index, citation }) => `${index}:${citation.text}`)).toEqual([
        '4:unsafe for children',
      ]);
      expect(result.rejected.map(({ index, code }) => `${index}:${code}`)).toEqual([
        '0:quote_not_found',
        '1:quote_not_found',
        '2:quote_not_found',
        '3:quote_not_found',
      ]);
    });
  });

  describe('schemas', () => {
    it('uses a strict { handle, quote } schema with both fields non-empty by default', () => {
      expect(quotedRowSchema.safeParse({ handle: 'S1', quote: 'stele' }).success).toBe(true);
      for (const row of [
        { handle: '', quote: 'stele' },
        { handle: 'S1', quote: '' },
        { handle: 'S1' },
        { quote: 'stele' },
        { handle: 'S1', quote: 'stele', source: 1 },
        { handle: 1, quote: 'stele' },
      ]) {
        expect(quotedRowSchema.safeParse(row).success, JSON.stringify(row)).toBe(false);
      }
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

    it('refuses a caller schema that is not a zod 4 schema, naming options.schema', () => {
      expect(() => decodeQuotedRows('[]', passages, { schema: { handle: 'string' } as never })).toThrow(
        invalidArgument(
          'options.schema',
          'Invalid options.schema: expected a zod 4 schema, received an object.',
        ),
      );
    });

    it('checks every option before decoding: a bad ignoreCase throws whatever the output holds (rt12 #4)', () => {
      for (const text of [
        'nope',
        '[]',
        '[{"handle": "S9", "quote": "x"}]',
        '[{"handle": "S1", "quote": "Memphis"}]',
      ]) {
        expect(() => decodeQuotedRows(text, passages, { ignoreCase: 'yes' as never }), text).toThrow(
          invalidArgument('options.ignoreCase'),
        );
      }
    });
  });

  describe('refused documents', () => {
    it('answers a refused document with the error alone, and checks the passages first', () => {
      const notRows = decodeQuotedRows('{"handle": "S1", "quote": "Rosetta"}', passages);
      expect(notRows).toMatchObject({ accepted: [], rejected: [], error: { code: 'schema' } });
      const result = decodeQuotedRows(
        'Here are the quotes: [{"handle": "S1", "quote": "Memphis"}]',
        passages,
      );
      expect(result.accepted).toEqual([]);
      expect(result.rejected).toEqual([]);
      expect(result.error?.code).toBe('not_json');
      const tooMany = decodeQuotedRows('[{"handle": "S1", "quote": "Memphis"}, {"handle": "S4"}]', passages, {
        maxRows: 1,
      });
      expect(tooMany).toMatchObject({ accepted: [], rejected: [], error: { code: 'too_large' } });
      expect(() => decodeQuotedRows('[]', [{ ...passages[0]!, start: 5 }])).toThrow(InvalidPassageError);
    });
  });
});
