import { describe, expect, it } from 'vitest';
import { passages } from '../__fixtures__/model-outputs/passages.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

const FOUND = { handle: 'S3', quote: 'Champollion' };
const boom = (): never => {
  throw new Error('boom');
};

describe('resolveQuotedRows: rows that are not plain data', () => {
  it('rejects a hole in a sparse array as it rejects undefined, keeping the rows around it', () => {
    const rows: Array<typeof FOUND> = [];
    rows[0] = FOUND;
    rows[2] = FOUND; // a hole at index 1
    const { accepted, rejected } = resolveQuotedRows(rows, passages);
    expect(accepted.map(({ index }) => index)).toEqual([0, 2]);
    expect(rejected).toEqual([
      {
        index: 1,
        code: 'unknown_handle',
        message: 'Row 1 is a hole in a sparse array; expected a row there.',
      },
    ]);
  });

  it('rejects a run of holes as one, at its first index, without walking the length a sparse array declares', () => {
    const rows: Array<typeof FOUND> = [];
    rows.length = 2 ** 32 - 1; // the longest array: nothing fills it
    rows[0] = FOUND;
    rows[5] = FOUND;
    const { accepted, rejected } = resolveQuotedRows(rows, passages);
    expect(accepted.map(({ index }) => index)).toEqual([0, 5]);
    expect(rejected).toEqual([
      {
        index: 1,
        code: 'unknown_handle',
        message: 'Rows 1 to 4 are holes in a sparse array; expected a row at each index.',
      },
      {
        index: 6,
        code: 'unknown_handle',
        message: `Rows 6 to ${2 ** 32 - 2} are holes in a sparse array; expected a row at each index.`,
      },
    ]);
  });

  it('rejects a row whose fields throw when read (a getter, a Proxy) with a code, keeping the others', () => {
    const getter = {
      quote: 'Champollion',
      get handle(): string {
        return boom();
      },
    };
    const proxy = new Proxy({}, { get: boom });
    const { accepted, rejected } = resolveQuotedRows([getter, FOUND, proxy] as never, passages);
    expect(accepted.map(({ index }) => index)).toEqual([1]);
    expect(rejected).toEqual([
      {
        index: 0,
        code: 'unknown_handle',
        message: 'Row 0 could not be read (reading one of its fields threw).',
      },
      {
        index: 2,
        code: 'unknown_handle',
        message: 'Row 2 could not be read (reading one of its fields threw).',
      },
    ]);
  });

  it('reads each row once: a getter cannot show the check one quote and the result another', () => {
    let reads = 0;
    const row = {
      handle: 'S3',
      get quote(): string {
        reads++;
        return reads === 1 ? 'Champollion' : 'made up';
      },
    };
    const { accepted } = resolveQuotedRows([row], passages);
    expect(reads).toBe(1);
    expect(accepted[0]?.citation.text).toBe('Champollion');
  });

  it('refuses rows whose length or items throw when read with an InvalidArgumentError, or a rejection per row', () => {
    const noLength = new Proxy([], {
      get: (target, key) => (key === 'length' ? boom() : Reflect.get(target, key)),
    });
    expect(() => resolveQuotedRows(noLength, passages)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', code: 'invalid_argument', parameter: 'rows' }),
    );
    const noItems = new Proxy([FOUND, FOUND], {
      get: (target, key) => (key === '1' ? boom() : Reflect.get(target, key)),
    });
    const { accepted, rejected } = resolveQuotedRows(noItems, passages);
    expect(accepted.map(({ index }) => index)).toEqual([0]);
    expect(rejected.map(({ index, code }) => `${index}:${code}`)).toEqual(['1:unknown_handle']);
  });
});
