import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { passages } from '../__fixtures__/model-outputs/passages.js';
import { decodeQuotedRows } from '../quoted-rows/decode-quoted-rows.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { decodeJson } from './decode-json.js';
import { decodeRows } from './decode-rows.js';
import { readOptions } from './read-options.js';
import { safeDecodeJson } from './safe-decode-json.js';
import { locateQuote } from '../text/locate-quote.js';

const boom = (): never => {
  throw new Error('boom');
};
// Options and schemas of the caller's that throw when read: a Proxy, a getter.
const throwing = new Proxy({}, { get: boom, has: boom, ownKeys: boom, getPrototypeOf: boom }) as never;
const getter = {
  get maxBytes(): number {
    return boom();
  },
};
const refused = (parameter: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'invalid_argument', parameter });

describe('readOptions', () => {
  it('reads each field once into a plain object, and nothing for no options', () => {
    let reads = 0;
    const options = {
      get maxRows(): number {
        reads++;
        return 3;
      },
    };
    expect(readOptions(options, ['maxRows', 'key'])).toEqual({ maxRows: 3, key: undefined });
    expect(reads).toBe(1);
    expect(readOptions(undefined, ['maxRows'])).toEqual({});
    expect(() => readOptions(null, ['maxRows'])).toThrow(refused('options'));
  });

  it('refuses options that throw when read with an InvalidArgumentError in every decoder, not what they throw', () => {
    const calls: Array<[string, () => unknown]> = [
      ['safeDecodeJson', () => safeDecodeJson('{}', z.object({}), throwing)],
      ['safeDecodeJson (getter)', () => safeDecodeJson('{}', z.object({}), getter)],
      ['decodeJson', () => decodeJson('{}', z.object({}), throwing)],
      ['decodeRows', () => decodeRows('[]', z.object({}), throwing)],
      ['decodeQuotedRows', () => decodeQuotedRows('[]', passages, throwing)],
      ['resolveQuotedRows', () => resolveQuotedRows([], passages, throwing)],
    ];
    for (const [name, call] of calls) expect(call, name).toThrow(refused('options'));
  });

  it('refuses a schema that throws when its definition is read with an InvalidArgumentError naming it', () => {
    const lazy = z.object({
      get bad(): z.ZodString {
        return boom();
      },
    });
    expect(() => safeDecodeJson('{}', throwing)).toThrow(refused('schema'));
    expect(() => safeDecodeJson('{}', lazy)).toThrow(refused('schema'));
    expect(() => decodeRows('[]', throwing)).toThrow(refused('rowSchema'));
    expect(() => decodeQuotedRows('[]', passages, { schema: throwing })).toThrow(refused('options.schema'));
  });
});

describe('option keys that are no option of the function', () => {
  const quoted = '[{"handle": "S3", "quote": "Champollion"}, {"handle": "S3", "quote": "Académie"}]';
  const long = z.strictObject({ handle: z.string(), quote: z.string().min(20) });
  const rows = [{ handle: 'S3', quote: 'champollion' }];

  it('refuses a misspelt or foreign key with an InvalidArgumentError naming it, in every function here', () => {
    const calls: Array<[string, string, () => unknown]> = [
      [
        'safeDecodeJson',
        'options.maxbytes',
        () => safeDecodeJson('{}', z.object({}), { maxbytes: 1 } as never),
      ],
      // maxRows belongs to decodeRows: safeDecodeJson would run without it.
      [
        'safeDecodeJson',
        'options.maxRows',
        () => safeDecodeJson('[1,2,3]', z.unknown(), { maxRows: 1 } as never),
      ],
      ['decodeJson', 'options.maxdepth', () => decodeJson('{}', z.object({}), { maxdepth: 1 } as never)],
      ['decodeRows', 'options.maxrows', () => decodeRows('[1,2,3]', z.number(), { maxrows: 1 } as never)],
      ['decodeRows', 'options.schema', () => decodeRows('[1]', z.number(), { schema: z.string() } as never)],
      [
        'decodeRows',
        'options.ignoreCase',
        () => decodeRows('[1]', z.number(), { ignoreCase: true } as never),
      ],
      [
        'decodeQuotedRows',
        'options.rowSchema',
        () => decodeQuotedRows(quoted, passages, { rowSchema: long } as never),
      ],
      [
        'decodeQuotedRows',
        'options.maxrows',
        () => decodeQuotedRows(quoted, passages, { maxrows: 1 } as never),
      ],
      [
        'decodeQuotedRows',
        'options.ignorecase',
        () => decodeQuotedRows(quoted, passages, { ignorecase: true } as never),
      ],
      [
        'resolveQuotedRows',
        'options.ignorecase',
        () => resolveQuotedRows(rows, passages, { ignorecase: true } as never),
      ],
      [
        'resolveQuotedRows',
        'options.maxRows',
        () => resolveQuotedRows(rows, passages, { maxRows: 1 } as never),
      ],
      [
        'locateQuote',
        'options.ignorecase',
        () => locateQuote('BLUE', 'The sky is blue.', { ignorecase: true } as never),
      ],
      [
        'locateQuote',
        'options.wholeword',
        () => locateQuote('blue', 'The sky is blue.', { wholeword: true } as never),
      ],
    ];
    for (const [name, parameter, call] of calls)
      expect(call, `${name} ${parameter}`).toThrow(refused(parameter));
  });

  it('still takes each function’s own keys, an undefined value included', () => {
    expect(safeDecodeJson('{}', z.object({}), { maxBytes: 9, maxDepth: 2 }).success).toBe(true);
    expect(decodeRows('[1]', z.number(), { maxRows: 1, key: undefined }).accepted).toEqual([1]);
    const right = decodeQuotedRows(quoted, passages, {
      schema: long,
      maxRows: 2,
      ignoreCase: true,
      maxDepth: 3,
    });
    expect(right.rejected.map(({ code }) => code)).toEqual(['schema', 'schema']);
    expect(resolveQuotedRows(rows, passages, { ignoreCase: true }).accepted).toHaveLength(1);
    expect(locateQuote('BLUE', 'The sky is blue.', { ignoreCase: true, wholeWords: true })).toEqual({
      start: 11,
      end: 15,
    });
  });

  it('refuses locateQuote options that throw when read with an InvalidArgumentError, the caller’s error as cause', () => {
    let error: unknown;
    try {
      locateQuote('blue', 'The sky is blue.', throwing);
    } catch (caught) {
      error = caught;
    }
    expect(error).toEqual(refused('options'));
    expect((error as Error).cause).toEqual(new Error('boom'));
  });
});
