import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { createHandles } from './create-handles.js';
import { decodeQuotedRows } from './decode-quoted-rows.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

const real = 'The sky is blue on clear days.';
const checked: Passage = { documentId: 'd', chunkId: 'c', text: real, start: 0, end: real.length };
/** What a later read shows: never a passage (its end before its start), from another document. */
const swapped = {
  documentId: 'other-doc',
  chunkId: 'zz',
  text: 'Cats are dogs, says NASA 2024.',
  start: 9,
  end: 2,
};
/** An array whose item 0 is the checked passage on its first read and the swapped one after. */
const swapping = (): Passage[] => {
  let reads = 0;
  return new Proxy([checked], {
    get: (target, key, receiver) =>
      key === '0' ? (reads++ === 0 ? checked : swapped) : Reflect.get(target, key, receiver),
  });
};
/** A passage whose text is the checked one on its first reads and another after. */
const shifting = (): Passage => {
  let reads = 0;
  return {
    documentId: 'd',
    chunkId: 'c',
    start: 0,
    end: real.length,
    get text(): string {
      return reads++ < 2 ? real : 'Cats are dogs, says NASA 2024.';
    },
  };
};
const boom = new Error('boom');
const row = { handle: 'S1', quote: 'dogs, says NASA' };

describe('passages read once, checked and used as read', () => {
  it('createHandles resolves a handle to the passage object it checked, never to what a later read of the list shows', () => {
    const { resolve } = createHandles(swapping());
    expect(resolve('S1')).toBe(checked);
  });

  it('resolveQuotedRows and decodeQuotedRows cite only the passage text they checked', () => {
    for (const passages of [swapping(), [shifting()]]) {
      const { accepted, rejected } = resolveQuotedRows([row], passages);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ code }) => code)).toEqual(['quote_not_found']);
    }
    for (const passages of [swapping(), [shifting()]]) {
      const { accepted, rejected } = decodeQuotedRows(JSON.stringify([row]), passages);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ code }) => code)).toEqual(['quote_not_found']);
    }
  });

  it('refuses a passage or a list that throws when read with a coded error, the caller’s error as its cause', () => {
    const getter = {
      ...checked,
      get documentId(): string {
        throw boom;
      },
    };
    const length = new Proxy([checked], {
      get: (target, key, receiver) => {
        if (key === 'length') throw boom;
        return Reflect.get(target, key, receiver);
      },
    });
    const revoked = Proxy.revocable([checked], {});
    revoked.revoke();
    const calls: Array<[string, (passages: Passage[]) => unknown]> = [
      ['createHandles', (passages) => createHandles(passages)],
      ['resolveQuotedRows', (passages) => resolveQuotedRows([row], passages)],
      ['decodeQuotedRows', (passages) => decodeQuotedRows('[]', passages)],
    ];
    for (const [name, call] of calls) {
      const caught = (passages: unknown): unknown => {
        try {
          call(passages as Passage[]);
        } catch (error) {
          return error;
        }
        return undefined;
      };
      expect(caught([checked, getter]), name).toMatchObject({
        code: 'invalid_passage',
        index: 1,
        cause: boom,
      });
      expect(caught(length), name).toMatchObject({
        code: 'invalid_argument',
        parameter: 'passages',
        cause: boom,
      });
      expect(caught(revoked.proxy), name).toMatchObject({ code: 'invalid_argument', parameter: 'passages' });
    }
  });

  it('refuses rows that throw when read (a revoked Proxy) with an InvalidArgumentError', () => {
    const revoked = Proxy.revocable([row], {});
    revoked.revoke();
    expect(() => resolveQuotedRows(revoked.proxy, [checked])).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'rows' }),
    );
  });
});
