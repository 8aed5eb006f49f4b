import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { passages } from '../__fixtures__/model-outputs/passages.js';
import { decodeQuotedRows } from '../quoted-rows/decode-quoted-rows.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { decodeJson } from './decode-json.js';
import { decodeRows } from './decode-rows.js';
import { readOptions } from './read-options.js';
import { safeDecodeJson } from './safe-decode-json.js';

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
